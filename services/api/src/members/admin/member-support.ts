import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  memberNoteAnswerSchema,
  memberPasswordResetAnswerSchema,
  memberProfileAnswerSchema,
  memberSuspensionAnswerSchema,
} from '@roar/contracts/staff';
import { auStateSchema, memberDecider, memberStreamId, text, type MemberCommand } from '@roar/domain';
import type { AppContext } from '../../context';
import { revokeAllSessions } from '../../auth/member-tokens';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { documentRoute } from '../../http/openapi';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import { staffCommandContext } from '../../staff-kit/command-context';
import { memberIdParams } from './members';

const reason = text().trim().min(3, 'Give a reason of at least 3 characters').max(500);
export const supportReasonSchema = z.object({ reason }).strict();
export const supportNoteSchema = z.object({ note: text().trim().min(1, 'Write the note').max(2000) }).strict();
export const supportProfileSchema = z
  .object({
    firstname: text().trim().min(1).max(100).optional(),
    lastname: text().trim().min(1).max(100).optional(),
    mobile: text().trim().max(40).nullable().optional(),
    dob: text().trim().max(20).nullable().optional(),
    address: text().trim().max(500).nullable().optional(),
    state: auStateSchema.nullable().optional(),
    reason,
  })
  .strict();

/**
 * Member support from the member's staff page (issue 14): suspend and reinstate, support notes,
 * a password-reset email, profile edits. Each is a command on the member's stream with the staff
 * actor and a reason, so it shows in the member's history. Admin and staff act; auditors only read.
 */
export function memberSupportRouter(app: AppContext): Router {
  const router = Router();
  const writers = requireStaff(app, WRITER_ROLES);

  const run = async (req: Request, res: Parameters<typeof staffCommandContext>[2], command: MemberCommand, why: string) => {
    const ctx = staffCommandContext(app, req, res, why);
    return executeCommand(app, memberStreamId(command.memberId), memberDecider, command, ctx);
  };

  router.post('/:id/suspend', writers, async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const body = parseBody(supportReasonSchema, req);
    const result = await run(req, res, { type: 'SuspendMember', memberId: id, reason: body.reason }, body.reason);
    // Every session ends now: access tokens die with their refresh family, and sign-in is refused.
    await revokeAllSessions(app.sql, id, { at: app.now() });
    sendCommandResult(res, result, 200, { id, status: 'suspended' });
  });

  router.post('/:id/reinstate', writers, async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const body = parseBody(supportReasonSchema, req);
    const result = await run(req, res, { type: 'ReinstateMember', memberId: id, reason: body.reason }, body.reason);
    sendCommandResult(res, result, 200, { id, status: 'active' });
  });

  router.post('/:id/notes', writers, async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const body = parseBody(supportNoteSchema, req);
    const noteId = randomUUID();
    const result = await run(req, res, { type: 'AddSupportNote', memberId: id, noteId, note: body.note }, 'Support note');
    sendCommandResult(res, result, 201, { id: noteId, member_id: id, note: body.note });
  });

  router.post('/:id/password-reset', writers, async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const body = parseBody(supportReasonSchema, req);
    // The sign-in address on file now (staff may have changed it since registration).
    // Logins are keyed by uuid: an id that is not one has no login (and the uuid column would refuse it).
    const held = z.uuid().safeParse(id).success
      ? await app.sql.query<{ email: string }>('select email from auth.member_credentials where member_id = $1', [id])
      : { rows: [] };
    const email = held.rows[0]?.email ?? null;
    if (!email) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    // The recorded action sends the link (member-emails reactor), so it never goes out without its reason in the history.
    const result = await run(
      req,
      res,
      { type: 'RecordSupportAction', memberId: id, action: 'password-reset-sent', reason: body.reason, reference: null },
      body.reason,
    );
    sendCommandResult(res, result, 200, { id, sent_to: email });
  });

  router.put('/:id/profile', writers, async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { reason: why, ...changes } = parseBody(supportProfileSchema, req);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const result = await run(req, res, { type: 'UpdateMemberProfile', memberId: id, changes: defined }, why);
    sendCommandResult(res, result, 200, { id, changed: Object.keys(defined) });
  });

  return router;
}

const doc = (path: string, summary: string, body: z.ZodType, response: z.ZodType, status: 200 | 201 = 200) =>
  documentRoute({
    method: 'post',
    path: `/api/admin/members/:id/${path}`,
    tag: 'staff',
    auth: 'staff',
    summary,
    body,
    status,
    response,
    errors: [400, 401, 403, 404, 409],
  });
doc(
  'suspend',
  'Suspend a member (admin, staff): no sign-in, no refresh, no draws; MemberSuspended with a reason',
  supportReasonSchema,
  memberSuspensionAnswerSchema,
);
doc('reinstate', 'Reinstate a suspended member (admin, staff): MemberReinstated with a reason', supportReasonSchema, memberSuspensionAnswerSchema);
doc('notes', 'Add a support note to the member file (admin, staff): SupportNoteAdded', supportNoteSchema, memberNoteAnswerSchema, 201);
doc(
  'password-reset',
  'Email the member a password-reset link (admin, staff): SupportActionRecorded with a reason',
  supportReasonSchema,
  memberPasswordResetAnswerSchema,
);
documentRoute({
  method: 'put',
  path: '/api/admin/members/:id/profile',
  tag: 'staff',
  auth: 'staff',
  summary: "Edit the member's profile (admin, staff): MemberProfileUpdated with a reason",
  body: supportProfileSchema,
  response: memberProfileAnswerSchema,
  errors: [400, 401, 403, 404],
});
