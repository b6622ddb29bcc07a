import { Router } from 'express';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { controlRules, memberControlsView } from './guard';

/**
 * Staff read a member's limits and exclusion, and the rules in force. Read only: staff cannot lift
 * an exclusion or a break (there is no such route, and the decider has no such command).
 */
export function adminMemberControlsRouter(app: AppContext): Router {
  const router = Router();
  const staff = requireStaff(app);
  router.get('/member-controls/:id', staff, async (req, res) => {
    res.json(await memberControlsView(app, String(req.params.id), app.now()));
  });
  router.get('/control-rules', staff, async (_req, res) => {
    res.json({ rules: await controlRules(app, app.now()) });
  });
  return router;
}
