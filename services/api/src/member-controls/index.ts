import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import type { MembersPorts } from '../kernel/ports';
import { createMemberControlsRouter, type CancelPlan } from './routes';

export { guardDrawPurchase, renewalPaused, DrawPurchaseRefused } from './guard';
export { setLimit } from './routes';
export { holdRenewalsOverLimit } from './renewals';

/** Issue 23: the member's limits, break and self-exclusion; the staff read of them. */
export function createMemberControlsModule(app: AppContext, ports: MembersPorts, cancelPlan: CancelPlan): Router {
  const router = Router();
  router.use(createMemberControlsRouter(app, ports, cancelPlan));
  return router;
}
