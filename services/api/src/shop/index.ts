import { Router } from 'express';
import type { AppContext } from '../context';
import type { MembersPorts } from '../members/ports';
import './docs';
import { adminShopRouter } from './admin';
import { createShopRouter } from './routes';

export { seedShop } from './seed';
export { startReservationSweeper, sweepExpiredReservations } from './sweeper';

/** The pro shop: the member routes (/api/shop/*) and the staff resources (/api/admin/shop-*). */
export function createShopModule(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.use(createShopRouter(app, ports));
  router.use('/api/admin', adminShopRouter(app, ports));
  return router;
}
