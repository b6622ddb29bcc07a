import { Router } from 'express';
import { z } from 'zod';
import { orHeld } from '@roar/contracts/staff';
import { staffEraseAnswerSchema, staffEraseSchema } from '@roar/contracts/erasure';
import { memberDecider, memberStreamId, type MemberEvent } from '@roar/domain';
import { fold } from '@roar/platform';
import type { AppContext } from '../../context';
import { requireStaff } from '../../auth/staff-tokens';
import { registerGuardedAction } from '../../approvals/actions';
import { heldForApproval } from '../../approvals/request';
import { documentRoute } from '../../http/openapi';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import type { MembersPorts } from '../../kernel/ports';
import { staffCommandContext } from '../../staff-kit/command-context';
import { eraseMember } from '../erase';
import { memberIdParams } from './members';

/** Who may erase a member: admins, as for refunds (it cannot be undone). Under four-eyes another admin or staff user approves. */
export const ERASE_ROLES = ['admin'] as const;

/**
 * The approval's summary names the member by id only: the approval stream is kept as long as the
 * log, and must hold nothing personal of someone being forgotten.
 */
const summaryOf = (memberId: string) => `Erase the personal data of member ${memberId} (their written request)`;

/**
 * `POST /api/admin/members/:id/erase` (admin; body {reason}: the written request's reference and
 * reason): erases the member's personal data on their written request (issue 24). Under four-eyes
 * it is held for a second staff user (202 with the pending approval); carried out, it is the same
 * erasure as the member's own (members/erase.ts), recorded with `requestedBy: 'staff'` and both
 * staff users in the metadata.
 */
export function memberEraseRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  registerGuardedAction(app, {
    kind: 'member.erase',
    params: z.object({ memberId: z.string().min(1).max(60) }),
    execute: async (p, ctx) => {
      await eraseMember(app, ports, p.memberId, 'staff', ctx);
      return `Erased the personal data of member ${p.memberId}`;
    },
  });
  router.post('/:id/erase', requireStaff(app, ERASE_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { reason } = parseBody(staffEraseSchema, req);
    const events = await app.store.readStream(memberStreamId(id));
    const state = fold(
      memberDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as MemberEvent),
    );
    if (state.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    // Nothing to approve: said at once (eraseMember finishes a crashed erasure's clean-up before saying it).
    if (state.erased) await eraseMember(app, ports, id, 'staff', staffCommandContext(app, req, res, reason));
    if (await heldForApproval(app, req, res, { kind: 'member.erase', params: { memberId: id }, summary: summaryOf(id), reason })) return;
    await eraseMember(app, ports, id, 'staff', staffCommandContext(app, req, res, reason));
    res.status(200).json({ id, erased: true });
  });
  return router;
}

documentRoute({
  method: 'post',
  path: '/api/admin/members/:id/erase',
  tag: 'staff',
  auth: 'staff',
  summary:
    "Erase a member's personal data on their written request (admin; four-eyes where on: 202 with the pending approval); the reason names the request's reference",
  params: memberIdParams,
  body: staffEraseSchema,
  response: orHeld(staffEraseAnswerSchema),
  errors: [400, 401, 403, 404, 409],
});
