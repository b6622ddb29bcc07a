import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import { adminContentRouter } from './routes';

/** Staff edit of the content the public content API serves (pages, FAQs), with versions and restore. */
export function createContentAdminModule(app: AppContext): Router {
  const router = Router();
  router.use('/api/admin', adminContentRouter(app));
  return router;
}
