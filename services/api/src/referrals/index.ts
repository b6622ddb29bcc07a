import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import type { MembersPorts } from '../kernel/ports';
import { adminReferralsRouter } from './admin';
import { adminRefundRouter } from './refund';
import { createReferralsRouter } from './routes';

/** Referrals: the member routes, the staff resource and the staff refund action. */
export function createReferralsModule(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.use(createReferralsRouter(app));
  router.use('/api/admin/referrals', adminReferralsRouter(app));
  router.use('/api/admin/payments', adminRefundRouter(app, ports));
  return router;
}
