import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import { adminRewardsRouter } from './admin';
import { createRewardsRouter } from './routes';

export { seedPartners, LAUNCH_PARTNERS } from './seed';
export { mountRewardsContent } from './routes';

/** Partner discounts: the member routes and the staff resources (partners, offers, redemptions). */
export function createRewardsModule(app: AppContext): Router {
  const router = Router();
  router.use(createRewardsRouter(app));
  router.use('/api/admin', adminRewardsRouter(app));
  return router;
}
