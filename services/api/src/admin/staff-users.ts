import { Router } from 'express';
import { z } from 'zod';
import { orHeld, staffAccountEditSchema, staffAccountSchema, staffRoleChangeSchema } from '@roar/contracts/staff';
import { staffAccountStreamId, staffRoleChangeSummary } from '@roar/domain';
import { toNewEvents, type CommandContext } from '@roar/platform';
import type { Request, Response } from 'express';
import type { AppContext } from '../context';
import { changeStaffAccount, listStaffAccounts, type StaffAccount } from '../auth/staff-sessions';
import { requireStaff, staffOf } from '../auth/staff-tokens';
import { staffRoleSchema, type StaffRole } from '../auth/staff-users';
import { enrolledStaffIds } from '../auth/staff-two-factor';
import { registerGuardedAction } from '../approvals/actions';
import { heldForApproval } from '../approvals/request';
import { HttpError } from '../http/errors';
import { documentRoute } from '../http/openapi';
import { parseBody, parseParams } from '../http/validate';
import { sendList } from '../staff-kit/simple-rest';
import { staffCommandContext } from '../staff-kit/command-context';

export const NOT_YOURSELF = 'Ask another admin to change your own role or to suspend you.';
const ROLE_CHANGED_IN_CONSOLE = 'Role changed in the staff console';

const roleChangeSchema = staffRoleChangeSchema;
const staffEditSchema = staffAccountEditSchema;
const idParams = z.object({ id: z.uuid() });

type StaffAccountView = StaffAccount & { readonly two_factor: boolean };

/**
 * `/api/admin/staff-users` (admins): the staff accounts with their role, suspension and whether
 * they sign in with a second factor. A role change is held for a second staff user under four-eyes,
 * logged as StaffRoleChanged on `staff-<id>`, and ends that person's sessions (the next sign-in
 * carries the new role); a suspension ends them too. Nobody changes their own role or suspends
 * themselves.
 */
export function staffUsersRouter(app: AppContext): Router {
  const router = Router();
  const admins = requireStaff(app, ['admin']);

  const accounts = async (): Promise<StaffAccountView[]> => {
    const enrolled = await enrolledStaffIds(app.sql);
    return (await listStaffAccounts(app.sql)).map((a) => ({ ...a, two_factor: enrolled.has(a.id) }));
  };
  const accountOf = async (id: string): Promise<StaffAccountView> => {
    const account = (await accounts()).find((a) => a.id === id);
    if (!account) throw new HttpError(404, 'No such staff account.', 'NOT_FOUND');
    return account;
  };

  const changeRole = async (staffId: string, role: StaffRole, ctx: CommandContext): Promise<string> => {
    const user = await accountOf(staffId);
    if (user.role === role) return `${user.name} is already ${role}`;
    if (user.role === 'admin') {
      const r = await app.sql.query<{ n: unknown }>(`select count(*)::int as n from auth.staff_users where role = 'admin'`);
      if (Number(r.rows[0]?.n ?? 0) <= 1) throw new HttpError(409, 'This is the only admin: make someone else admin first.', 'CONFLICT');
    }
    await changeStaffAccount(app.sql, staffId, { role, suspended: user.suspended }, app.now());
    await app.store.append(
      staffAccountStreamId(staffId),
      toNewEvents(app.registry, [{ type: 'StaffRoleChanged', data: { staffId, from: user.role, to: role } }], ctx),
      'any',
    );
    return staffRoleChangeSummary(user.name, user.role, role);
  };

  registerGuardedAction(app, {
    kind: 'staff.role',
    params: z.object({ staffId: z.uuid(), role: staffRoleSchema }),
    execute: (p, ctx) => changeRole(p.staffId, p.role, ctx),
  });

  /** Held for approval (the answer is sent: 202), or changed now (false). */
  const askRoleChange = async (req: Request, res: Response, user: StaffAccountView, role: StaffRole, reason: string): Promise<boolean> => {
    if (
      await heldForApproval(app, req, res, {
        kind: 'staff.role',
        params: { staffId: user.id, role },
        summary: staffRoleChangeSummary(user.name, user.role, role),
        reason,
      })
    )
      return true;
    await changeRole(user.id, role, staffCommandContext(app, req, res, reason));
    return false;
  };
  const refuseOwn = (res: Response, id: string, changesRoleOrSuspends: boolean) => {
    if (id === staffOf(res).id && changesRoleOrSuspends) throw new HttpError(403, NOT_YOURSELF, 'FORBIDDEN');
  };

  // A handful of rows: the whole list, whatever range was asked.
  router.get('/', admins, async (_req, res) => {
    const records = await accounts();
    sendList(res, 'staff-users', records, 0, records.length);
  });

  router.get('/:id', admins, async (req, res) => {
    res.json(await accountOf(parseParams(idParams, req).id));
  });

  /** The edit form: suspension applies at once; a new role goes the role change's way. */
  router.put('/:id', admins, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const body = parseBody(staffEditSchema, req);
    const before = await accountOf(id);
    refuseOwn(res, id, body.role !== before.role || body.suspended);
    if (body.suspended !== before.suspended) await changeStaffAccount(app.sql, id, { role: before.role, suspended: body.suspended }, app.now());
    if (body.role !== before.role && (await askRoleChange(req, res, before, body.role, body.reason ?? ROLE_CHANGED_IN_CONSOLE))) return;
    res.json(await accountOf(id));
  });

  router.put('/:id/role', admins, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const { role, reason } = parseBody(roleChangeSchema, req);
    const user = await accountOf(id);
    refuseOwn(res, id, role !== user.role);
    if (await askRoleChange(req, res, user, role, reason)) return;
    res.json(await accountOf(id));
  });

  return router;
}

const account = staffAccountSchema;
documentRoute({
  method: 'get',
  path: '/api/admin/staff-users',
  tag: 'staff',
  auth: 'staff',
  summary: 'Staff accounts (admin): role, suspension, two-factor',
  response: z.array(account),
  errors: [401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/staff-users/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'One staff account (admin)',
  params: idParams,
  response: account,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'put',
  path: '/api/admin/staff-users/:id',
  tag: 'staff',
  auth: 'staff',
  summary:
    "Suspend or reinstate a staff account, or change its role (admin, not your own); ends that account's sessions. A role change waits for a second staff user under four-eyes (202)",
  params: idParams,
  body: staffEditSchema,
  response: orHeld(account),
  errors: [400, 401, 403, 404, 409],
});
