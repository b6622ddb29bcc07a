import { registerWaitingCounter } from '../staff-kit/waiting-counters';
import { Router } from 'express';
import { countOrdersToShip } from '@roar/projections';
import type { AppContext } from '../context';
import type { MembersPorts } from '../kernel/ports';
import './docs';
import { adminShopRouter } from './admin';
import { createShopRouter } from './routes';

export { seedShop } from './seed';
export { startReservationSweeper, sweepExpiredReservations } from './sweeper';

/** The pro shop: the member routes (/api/shop/*) and the staff resources (/api/admin/shop-*). */
export function createShopModule(app: AppContext, ports: MembersPorts): Router {
  // Paid orders not yet shipped are work waiting for staff on the dashboard.
  registerWaitingCounter({
    name: 'Orders to pack and ship',
    count: countOrdersToShip,
  });
  const router = Router();
  router.use(createShopRouter(app, ports));
  router.use('/api/admin', adminShopRouter(app, ports));
  return router;
}
