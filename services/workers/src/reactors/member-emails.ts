import type { RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { cancellationEmail, paymentReceiptEmail, renewalEmail, welcomeEmail } from '../mail/member-templates';
import type { RenderedEmail } from '../mail/templates';
import {
  memberFactsAt,
  memberRegistered,
  membershipActivated,
  membershipCancelled,
  membershipRenewed,
  singleEntryPurchased,
  tierName,
  type MemberFacts,
} from './member-history';
import { jobIdFor, type Reactor, type ReactorContext } from './reactor';

async function render(event: RecordedEvent, facts: MemberFacts, ctx: ReactorContext): Promise<RenderedEmail | null> {
  const { firstname } = facts;
  switch (event.type) {
    case 'MemberRegistered': {
      const d = memberRegistered.parse(event.data);
      const chosen = d.chosenMembershipId == null ? NaN : Number(d.chosenMembershipId);
      return welcomeEmail({ firstname, tier: Number.isInteger(chosen) ? await tierName(chosen, ctx) : null });
    }
    case 'MembershipActivated': {
      const d = membershipActivated.parse(event.data);
      // A free tier is activated without a payment: nothing to give a receipt for.
      if (!d.paymentId) return null;
      const amountCents = (d.checkoutId ? facts.checkoutAmounts.get(d.checkoutId) : undefined) ?? d.tier.price_cents;
      return paymentReceiptEmail({ firstname, tier: d.tier.tier, amountCents, paymentId: d.paymentId, paidAt: event.metadata.occurredAt, kind: 'membership', periodEnd: d.periodEnd });
    }
    case 'SingleEntryPurchased': {
      const d = singleEntryPurchased.parse(event.data);
      const amountCents = facts.checkoutAmounts.get(d.checkoutId) ?? d.tier.price_cents;
      return paymentReceiptEmail({ firstname, tier: d.tier.tier, amountCents, paymentId: d.paymentId, paidAt: event.metadata.occurredAt, kind: 'single-entry', periodEnd: d.validUntil });
    }
    case 'MembershipRenewed': {
      const d = membershipRenewed.parse(event.data);
      return renewalEmail({ firstname, tier: d.tier.tier, amountCents: d.tier.price_cents, paymentId: d.paymentId, periodStart: d.periodStart, periodEnd: d.periodEnd });
    }
    case 'MembershipCancelled': {
      const d = membershipCancelled.parse(event.data);
      return cancellationEmail({ firstname, tier: facts.tier ?? 'ROAR+', endsAt: d.endsAt });
    }
    default:
      return null;
  }
}

/** Welcome, receipts, renewal and cancellation emails, to the address of the member's MemberRegistered. */
export const memberEmails: Reactor = {
  name: 'member-emails',
  handles: ['MemberRegistered', 'MembershipActivated', 'SingleEntryPurchased', 'MembershipRenewed', 'MembershipCancelled'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const facts = await memberFactsAt(event, ctx);
    if (!facts.email) {
      ctx.logger.warn({ eventId: event.id, streamId: event.streamId }, 'member stream has no MemberRegistered; no email sent');
      return [];
    }
    const email = await render(event, facts, ctx);
    return email ? [{ queue: 'email', jobId: jobIdFor(event, 'member-email'), data: { to: [facts.email], ...email } }] : [];
  },
};
