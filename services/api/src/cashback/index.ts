import { registerWaitingCounter } from '../staff-kit/waiting-counters';
import { Router } from 'express';
import { countClaimsToReview, countPayoutsToPay } from '@roar/projections';
import type { AppContext } from '../context';
import './docs';
import { adminCashbackRouter } from './admin';
import { createCashbackRouter } from './routes';

/** Green-fee cashback: the member's claims and receipts, the staff review and the payout ledger. */
export function createCashbackModule(app: AppContext): Router {
  // Claims to review and approved payouts not yet paid are work waiting for staff on the dashboard.
  registerWaitingCounter({
    name: 'Cashback claims to review',
    count: countClaimsToReview,
  });
  registerWaitingCounter({
    name: 'Cashback payouts to pay',
    count: countPayoutsToPay,
  });
  const router = Router();
  router.use(createCashbackRouter(app));
  router.use('/api/admin', adminCashbackRouter(app));
  return router;
}
