import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { documentRoute } from '../http/openapi';
import { parseBody, parseParams } from '../http/validate';
import { sendList } from '../admin/simple-rest';
import { checkPassword, MAX_PASSWORD_LENGTH } from './password-policy';
import { changeStaffAccount, endStaffSession, listStaffAccounts, type StaffAccount } from './staff-sessions';
import { requireStaff, staffOf, staffSessionOf } from './staff-tokens';
import { checkStaffPassword, setStaffPassword, staffRoleSchema } from './staff-users';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const NOT_YOURSELF = 'Ask another admin to change your own role or to suspend you.';

const passwordChangeSchema = z.object({ current_password: z.string().max(MAX_PASSWORD_LENGTH), password: z.string().max(MAX_PASSWORD_LENGTH) });
const staffEditSchema = z.object({ role: staffRoleSchema, suspended: z.boolean() });
const idParams = z.object({ id: z.uuid() });

/**
 * Staff sessions and accounts (issue 19), under `/api/admin`: logging out, changing one's own
 * password, and the admins' list of staff accounts where a role is changed or an account suspended.
 * Each of these ends the sessions it concerns at once (staff-sessions.ts).
 */
export function createStaffAccountRouter(app: AppContext): Router {
  const router = Router();
  const anyStaff = requireStaff(app);
  const admins = requireStaff(app, ['admin']);

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

  const findAccount = async (id: string): Promise<StaffAccount> => {
    const account = (await listStaffAccounts(app.sql)).find((a) => a.id === id);
    if (!account) throw new HttpError(404, 'No such staff account.', 'NOT_FOUND');
    return account;
  };

  // A handful of rows: the whole list, whatever range was asked.
  router.get('/staff-users', admins, async (_req, res) => {
    const accounts = await listStaffAccounts(app.sql);
    sendList(res, 'staff-users', accounts, 0, accounts.length);
  });

  router.get('/staff-users/:id', admins, async (req, res) => {
    res.json(await findAccount(parseParams(idParams, req).id));
  });

  router.put('/staff-users/:id', admins, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const body = parseBody(staffEditSchema, req);
    const me = staffOf(res);
    const before = await findAccount(id);
    if (id === me.id && (body.role !== before.role || body.suspended)) throw new HttpError(403, NOT_YOURSELF, 'FORBIDDEN');
    const now = app.now();
    await changeStaffAccount(app.sql, id, body, now);
    app.logger.info({ staffId: id, by: me.id, role: body.role, suspended: body.suspended }, 'staff account changed; its sessions ended');
    res.json(await findAccount(id));
  });

  return router;
}

const account = z.object({ id: z.string(), email: z.string(), name: z.string(), role: staffRoleSchema, suspended: z.boolean() });
documentRoute({ method: 'post', path: '/api/admin/auth/logout', tag: 'staff', auth: 'staff', summary: 'Log out: ends this staff session at once', response: z.object({}), errors: [401] });
documentRoute({
  method: 'post',
  path: '/api/admin/auth/password',
  tag: 'staff',
  auth: 'staff',
  summary: 'Change your own password (the current one needed; the password policy applies); ends your other sessions',
  body: passwordChangeSchema,
  response: z.object({}),
  errors: [400, 401],
});
documentRoute({ method: 'get', path: '/api/admin/staff-users', tag: 'staff', auth: 'staff', summary: 'Staff accounts (admin)', response: z.array(account), errors: [401, 403] });
documentRoute({ method: 'get', path: '/api/admin/staff-users/:id', tag: 'staff', auth: 'staff', summary: 'One staff account (admin)', params: idParams, response: account, errors: [401, 403, 404] });
documentRoute({
  method: 'put',
  path: '/api/admin/staff-users/:id',
  tag: 'staff',
  auth: 'staff',
  summary: "Change a staff account's role or suspend it (admin, not your own); ends that account's sessions",
  params: idParams,
  body: staffEditSchema,
  response: account,
  errors: [400, 401, 403, 404],
});
