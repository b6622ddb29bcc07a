import { Router } from 'express';
import { z } from 'zod';
import { staffAccountStreamId, staffRoleChangeSummary } from '@roar/domain';
import { toNewEvents, type CommandContext } from '@roar/platform';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { findStaffById, staffRoleSchema } from '../auth/staff-users';
import { enrolledStaffIds } from '../auth/staff-two-factor';
import { registerGuardedAction } from '../approvals/actions';
import { heldForApproval } from '../approvals/request';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { sendList } from './simple-rest';
import { staffCommandContext } from './command-context';
import { reasonSchema } from './membership-edits';

const roleChangeSchema = z.object({ role: staffRoleSchema, reason: reasonSchema }).strip();
const idParams = z.object({ id: z.uuid() });

/**
 * `/api/admin/staff-users` (admins): the staff accounts with their role and whether they sign in
 * with a second factor, and a role change, which four-eyes holds for a second staff user. The
 * accounts live in the auth table; the change is logged as StaffRoleChanged on `staff-<id>`.
 */
export function staffUsersRouter(app: AppContext): Router {
  const router = Router();
  const admins = requireStaff(app, ['admin']);

  const changeRole = async (staffId: string, role: z.infer<typeof staffRoleSchema>, ctx: CommandContext) => {
    const user = await findStaffById(app.sql, staffId);
    if (!user) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    if (user.role === role) return `${user.name} is already ${role}`;
    if (user.role === 'admin') {
      const r = await app.sql.query<{ n: unknown }>(`select count(*)::int as n from auth.staff_users where role = 'admin'`);
      if (Number(r.rows[0]?.n ?? 0) <= 1) throw new HttpError(409, 'This is the only admin: make someone else admin first.', 'CONFLICT');
    }
    await app.sql.query('update auth.staff_users set role = $2 where id = $1', [staffId, role]);
    await app.store.append(staffAccountStreamId(staffId), toNewEvents(app.registry, [{ type: 'StaffRoleChanged', data: { staffId, from: user.role, to: role } }], ctx), 'any');
    return staffRoleChangeSummary(user.name, user.role, role);
  };

  registerGuardedAction(app, {
    kind: 'staff.role',
    params: z.object({ staffId: z.uuid(), role: staffRoleSchema }),
    execute: (p, ctx) => changeRole(p.staffId, p.role, ctx),
  });

  router.get('/', admins, async (_req, res) => {
    const enrolled = await enrolledStaffIds(app.sql);
    const r = await app.sql.query<{ id: string; email: string; name: string; role: string }>('select id::text as id, email, name, role from auth.staff_users order by name, email');
    const records = r.rows.map((u) => ({ ...u, two_factor: enrolled.has(u.id) }));
    sendList(res, 'staff-users', records, 0, records.length);
  });

  router.put('/:id/role', admins, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const { role, reason } = parseBody(roleChangeSchema, req);
    const user = await findStaffById(app.sql, id);
    if (!user) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    if (await heldForApproval(app, req, res, { kind: 'staff.role', params: { staffId: id, role }, summary: staffRoleChangeSummary(user.name, user.role, role), reason })) return;
    await changeRole(id, role, staffCommandContext(app, req, res, reason));
    res.json({ ...(await findStaffById(app.sql, id)), two_factor: (await enrolledStaffIds(app.sql)).has(id) });
  });

  return router;
}
