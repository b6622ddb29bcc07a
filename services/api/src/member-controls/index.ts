import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import type { MembersPorts } from '../kernel/ports';
import { createMemberControlsRouter } from './routes';

export { guardDrawPurchase, renewalPaused, DrawPurchaseRefused } from './guard';
export { setLimit } from './routes';

/** Issue 23: the member's limits, break and self-exclusion; the staff read of them. */
export function createMemberControlsModule(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.use(createMemberControlsRouter(app, ports));
  return router;
}
