import { z } from 'zod';
import type { RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { cashbackEmails } from '../mail/cashback-templates';
import type { RenderedEmail } from '../mail/templates';
import { memberAsOf } from './member-history';
import { jobIdFor, type ReactorContext, type ReactorPart } from './reactor';

const submitted = z.looseObject({
  claimId: z.string(),
  memberId: z.string(),
  course: z.string(),
  playedOn: z.string(),
  amountCents: z.number(),
  decisionDueBy: z.string(),
});
const step = z.looseObject({
  claimId: z.string(),
  memberId: z.string(),
  payoutCents: z.number().optional(),
  amountCents: z.number().optional(),
  reason: z.string().optional(),
});
type Submitted = z.infer<typeof submitted>;

/** The claim as submitted, from the member's cashback stream. */
async function claimOf(event: RecordedEvent, claimId: string, ctx: ReactorContext): Promise<Submitted | null> {
  for (const past of await ctx.store.readStream(event.streamId)) {
    const d = past.type === 'CashbackClaimSubmitted' ? submitted.safeParse(past.data) : null;
    if (d?.success && d.data.claimId === claimId) return d.data;
  }
  return null;
}

function render(event: RecordedEvent, claim: Submitted, s: z.infer<typeof step>, link: string): RenderedEmail | null {
  const facts = { course: claim.course, playedOn: claim.playedOn, amountCents: claim.amountCents, link };
  switch (event.type) {
    case 'CashbackClaimSubmitted':
      return cashbackEmails.submitted({ ...facts, dueBy: claim.decisionDueBy });
    case 'CashbackClaimApproved':
      return cashbackEmails.approved({ ...facts, payoutCents: s.payoutCents ?? 0 });
    case 'CashbackClaimDeclined':
      return cashbackEmails.declined({ ...facts, reason: s.reason ?? '' });
    case 'CashbackPayoutPaid':
      return cashbackEmails.paid({ ...facts, payoutCents: s.amountCents ?? 0 });
    case 'CashbackPayoutReversed':
      return cashbackEmails.reversed({ ...facts, payoutCents: s.amountCents ?? 0, reason: s.reason ?? '' });
    default:
      return null;
  }
}

/** The member hears of each step of a green-fee cashback claim: received, approved or declined, paid, reversed. */
export const cashbackEmailsPart: ReactorPart = {
  handles: ['CashbackClaimSubmitted', 'CashbackClaimApproved', 'CashbackClaimDeclined', 'CashbackPayoutPaid', 'CashbackPayoutReversed'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const s = step.parse(event.data);
    const [claim, member] = await Promise.all([claimOf(event, s.claimId, ctx), memberAsOf(s.memberId, event, ctx)]);
    if (!claim || !member) {
      ctx.logger.warn({ eventId: event.id, streamId: event.streamId }, 'cashback claim or member not found; no email sent');
      return [];
    }
    const email = render(event, claim, s, `${ctx.publicUrl()}/dashboard/clubhouse/cashback`);
    return email ? [{ queue: 'email', jobId: jobIdFor(event, 'cashback-email'), data: { to: [member.email], ...email } }] : [];
  },
};
