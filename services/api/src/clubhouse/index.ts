import { Router } from 'express';
import type { AppContext } from '../context';
import { adminClubhouseRouter } from './admin';
import { createClubhouseRouter } from './routes';

export { seedCourses } from './seed';
export { handicapRecord } from './view';

/** The clubhouse: member routes under /api/clubhouse, staff resources under /api/admin. */
export function createClubhouseModule(app: AppContext): Router {
  const router = Router();
  router.use(createClubhouseRouter(app));
  router.use('/api/admin', adminClubhouseRouter(app));
  return router;
}
