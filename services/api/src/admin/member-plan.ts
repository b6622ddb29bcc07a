import { Router } from 'express';
import { z } from 'zod';
import { memberDecider, memberStreamId } from '@roar/domain';
import { DomainError } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import type { MembersPorts } from '../members/ports';
import { requireStaff, WRITER_ROLES } from '../auth/staff-tokens';
import { documentRoute } from '../http/openapi';
import { executeCommand, sendCommandResult } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { staffCommandContext } from './command-context';
import { memberIdParams } from './members';
import { supportReasonSchema } from './member-support';

/**
 * `POST /api/admin/members/:id/cancel-plan` (admin, staff; body {reason}): cancels the member's
 * subscription on their behalf, as the member's own cancel does (benefits last to the end of the
 * paid period, the provider stops renewing), with the staff actor and reason in the history.
 */
export function memberPlanRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.post('/:id/cancel-plan', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { reason } = parseBody(supportReasonSchema, req);
    const member = await getMember(app.sql, id);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    let result;
    try {
      result = await executeCommand(app, memberStreamId(id), memberDecider, { type: 'CancelMembership', memberId: id, reason, at: app.now().toISOString() }, staffCommandContext(app, req, res, reason));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') throw new HttpError(409, error.message, 'CONFLICT');
      throw error;
    }
    // The cancellation is recorded first; a provider that fails here is retried by staff (the decider refuses a second cancel, the provider call is idempotent).
    if (member.subscription_id) await ports.payments.cancelSubscription(member.subscription_id, { atPeriodEnd: true });
    const ends = result.state.status === 'absent' ? null : (result.state.membership?.periodEnd ?? null);
    sendCommandResult(res, result, 200, { id, membership_end_date: ends });
  });
  return router;
}

documentRoute({
  method: 'post',
  path: '/api/admin/members/:id/cancel-plan',
  tag: 'staff',
  auth: 'staff',
  summary: "Cancel the member's subscription on their behalf (admin, staff): MembershipCancelled with a reason; benefits last to the end of the paid period",
  body: supportReasonSchema,
  response: z.object({ id: z.string(), membership_end_date: z.string().nullable() }),
  errors: [400, 401, 403, 404, 409],
});
