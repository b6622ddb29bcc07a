import { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import type { MembersPorts } from '../kernel/ports';
import { adminTeamsRouter } from './admin';
import { createTeamsRouter } from './routes';

export { sweepExpiredInvites, startInviteSweeper } from './sweeper';

/** The team draw: the member routes and the staff resource. */
export function createTeamsModule(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.use(createTeamsRouter(app, ports));
  router.use('/api/admin/teams', adminTeamsRouter(app));
  return router;
}
