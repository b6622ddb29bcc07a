import { Router } from 'express';
import { emptyAnswerSchema, staffPasswordChangeSchema as passwordChangeSchema } from '@roar/contracts/auth';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { documentRoute } from '../http/openapi';
import { parseBody } from '../http/validate';
import { checkPassword } from './password-policy';
import { endStaffSession } from './staff-sessions';
import { requireStaff, staffOf, staffSessionOf } from './staff-tokens';
import { checkStaffPassword, setStaffPassword } from './staff-users';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';

/**
 * Staff sessions (issue 19), under `/api/admin`: logging out and changing one's own password, each
 * ending the sessions it concerns at once (staff-sessions.ts). The admins' list of staff accounts,
 * roles and suspensions is admin/staff-users.ts.
 */
export function createStaffAccountRouter(app: AppContext): Router {
  const router = Router();
  const anyStaff = requireStaff(app);

  router.post('/auth/logout', anyStaff, async (_req, res) => {
    await endStaffSession(app.sql, staffSessionOf(res), app.now());
    res.json({});
  });

  // The caller's own session goes on; every other session of the account ends.
  router.post('/auth/password', anyStaff, async (req, res) => {
    const body = parseBody(passwordChangeSchema, req);
    const me = staffOf(res);
    if (!(await checkStaffPassword(app.sql, me.id, body.current_password))) throw new HttpError(400, WRONG_CURRENT_PASSWORD, 'WRONG_PASSWORD');
    const verdict = checkPassword(body.password, { email: me.email, names: [me.name] });
    if (!verdict.ok) throw new HttpError(400, verdict.reason, 'WEAK_PASSWORD');
    await setStaffPassword(app.sql, me.id, body.password, app.now(), staffSessionOf(res));
    app.logger.info({ staffId: me.id }, 'staff password changed; other sessions ended');
    res.json({});
  });

  return router;
}

documentRoute({
  method: 'post',
  path: '/api/admin/auth/logout',
  tag: 'staff',
  auth: 'staff',
  summary: 'Log out: ends this staff session at once',
  response: emptyAnswerSchema,
  errors: [401],
});
documentRoute({
  method: 'post',
  path: '/api/admin/auth/password',
  tag: 'staff',
  auth: 'staff',
  summary: 'Change your own password (the current one needed; the password policy applies); ends your other sessions',
  body: passwordChangeSchema,
  response: emptyAnswerSchema,
  errors: [400, 401],
});
