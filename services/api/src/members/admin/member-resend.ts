import { Router } from 'express';
import { z } from 'zod';
import { memberResendAnswerSchema } from '@roar/contracts/staff';
import { drawStreamId, memberDecider, memberStreamId, text } from '@roar/domain';
import { giftCardKeysOf } from '../../secrets';
import { REACTORS, DEFAULT_STAFF_MAILBOX, sellerFromConfig } from '@roar/workers';
import type { RecordedEvent } from '@roar/platform';
import type { AppContext } from '../../context';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { documentRoute } from '../../http/openapi';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import { staffCommandContext } from '../../staff-kit/command-context';
import { memberIdParams } from './members';

const reason = text().trim().min(3, 'Give a reason of at least 3 characters').max(500);
export const resendSchema = z.discriminatedUnion('email', [
  z.object({ email: z.literal('receipt'), event_id: z.uuid(), reason }).strict(),
  z.object({ email: z.literal('winner'), prize_id: z.string().min(1).max(200), reason }).strict(),
]);
const RECEIPT_EVENTS = new Set(['MembershipActivated', 'MembershipRenewed', 'SingleEntryPurchased']);
export const NOTHING_TO_RESEND = 'There is no such email to send again for this member.';

/**
 * `POST /api/admin/members/:id/resend-email` (admin, staff): sends a receipt or a winner email
 * again. The SupportActionRecorded it records is what sends it: the reactors render it from the same
 * payment or WinnerNotified event, so the copy is what the member got. The route only checks that
 * there is such an email (the reactor would make one), as before.
 */
export function memberResendRouter(app: AppContext): Router {
  const router = Router();
  router.post('/:id/resend-email', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const body = parseBody(resendSchema, req);
    let event: RecordedEvent | undefined;
    let reactorName: string;
    if (body.email === 'receipt') {
      event = (await app.store.readStream(memberStreamId(id))).find((e) => e.id === body.event_id && RECEIPT_EVENTS.has(e.type));
      reactorName = 'member-emails';
    } else {
      const notified = (await app.store.readStream(drawStreamId(body.prize_id))).filter(
        (e) => e.type === 'WinnerNotified' && ((e.data as { memberIds?: unknown }).memberIds as unknown[] | undefined)?.includes(id),
      );
      event = notified[notified.length - 1];
      reactorName = 'winner-emails';
    }
    const reactor = REACTORS.find((r) => r.name === reactorName);
    const jobs =
      event && reactor
        ? await reactor.toJobs(event, {
            store: app.store,
            logger: app.logger,
            staffMailbox: DEFAULT_STAFF_MAILBOX,
            publicUrl: app.publicUrl,
            seller: sellerFromConfig(app.config),
            giftCardKeys: giftCardKeysOf(app),
          })
        : [];
    // A team's winner email goes to each of the four: only this member's is sent again.
    const mine = body.email === 'winner' ? jobs.filter((j) => j.jobId.endsWith(`winner-email:${id}`)) : jobs.filter((j) => j.queue === 'email');
    if (!event || mine.length === 0) throw new HttpError(404, NOTHING_TO_RESEND, 'NOT_FOUND');
    const action = body.email === 'receipt' ? 'receipt-resent' : 'winner-email-resent';
    const result = await executeCommand(
      app,
      memberStreamId(id),
      memberDecider,
      { type: 'RecordSupportAction', memberId: id, action, reason: body.reason, reference: event.id },
      staffCommandContext(app, req, res, body.reason),
    );
    sendCommandResult(res, result, 200, { id, resent: body.email, event_id: event.id });
  });
  return router;
}

documentRoute({
  method: 'post',
  path: '/api/admin/members/:id/resend-email',
  tag: 'staff',
  auth: 'staff',
  summary: 'Send a receipt (event_id of the payment event) or a winner email (prize_id) again (admin, staff): SupportActionRecorded with a reason',
  body: resendSchema,
  response: memberResendAnswerSchema,
  errors: [400, 401, 403, 404],
});
