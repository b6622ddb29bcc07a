import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import { adminCashbackRouter } from './admin';
import { createCashbackRouter } from './routes';

/** Green-fee cashback: the member's claims and receipts, the staff review and the payout ledger. */
export function createCashbackModule(app: AppContext): Router {
  const router = Router();
  router.use(createCashbackRouter(app));
  router.use('/api/admin', adminCashbackRouter(app));
  return router;
}
