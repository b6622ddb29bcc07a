import { z } from 'zod';
import { cancellationNoticeText, memberStreamId } from '@roar/domain';
import type { RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { cancellationEmail, passwordResetEmail, paymentReceiptEmail, renewalEmail, welcomeEmail } from '../mail/member-templates';
import type { RenderedEmail } from '../mail/templates';
import { cashbackEmailsPart } from './cashback-emails';
import { referralInviteEmails, teamInviteEmails } from './invite-emails';
import {
  memberAsOf,
  memberFactsAt,
  memberRegistered,
  membershipActivated,
  membershipCancelled,
  membershipRenewed,
  singleEntryPurchased,
  tierName,
  type MemberFacts,
} from './member-history';
import { joinReactors, jobIdFor, type ReactorContext, type ReactorPart } from './reactor';

function render(event: RecordedEvent, facts: MemberFacts): RenderedEmail | null {
  const { firstname } = facts;
  switch (event.type) {
    case 'MembershipActivated': {
      const d = membershipActivated.parse(event.data);
      // A free tier is activated without a payment: nothing to give a receipt for.
      if (!d.paymentId) return null;
      const amountCents = (d.checkoutId ? facts.checkoutAmounts.get(d.checkoutId) : undefined) ?? d.tier.price_cents;
      return paymentReceiptEmail({
        firstname,
        tier: d.tier.tier,
        amountCents,
        paymentId: d.paymentId,
        paidAt: event.metadata.occurredAt,
        kind: 'membership',
        periodEnd: d.periodEnd,
      });
    }
    case 'SingleEntryPurchased': {
      const d = singleEntryPurchased.parse(event.data);
      const amountCents = facts.checkoutAmounts.get(d.checkoutId) ?? d.tier.price_cents;
      return paymentReceiptEmail({
        firstname,
        tier: d.tier.tier,
        amountCents,
        paymentId: d.paymentId,
        paidAt: event.metadata.occurredAt,
        kind: 'single-entry',
        periodEnd: d.validUntil,
      });
    }
    case 'MembershipRenewed': {
      const d = membershipRenewed.parse(event.data);
      return renewalEmail({
        firstname,
        tier: d.tier.tier,
        amountCents: d.tier.price_cents,
        paymentId: d.paymentId,
        periodStart: d.periodStart,
        periodEnd: d.periodEnd,
      });
    }
    case 'MembershipCancelled': {
      const d = membershipCancelled.parse(event.data);
      return cancellationEmail({
        firstname,
        tier: facts.tier ?? 'ROAR+',
        endsAt: d.endsAt,
        notice: d.notice ? cancellationNoticeText(d.notice) : null,
      });
    }
    default:
      return null;
  }
}

/** Receipts, renewal and cancellation emails, to the address of the member's MemberRegistered. */
export const membershipEmails: ReactorPart = {
  handles: ['MembershipActivated', 'SingleEntryPurchased', 'MembershipRenewed', 'MembershipCancelled'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const facts = await memberFactsAt(event, ctx);
    if (!facts.email) {
      ctx.logger.warn({ eventId: event.id, streamId: event.streamId }, 'member stream has no MemberRegistered; no email sent');
      return [];
    }
    const email = render(event, facts);
    return email ? [{ queue: 'email', jobId: jobIdFor(event, 'member-email'), data: { to: [facts.email], ...email } }] : [];
  },
};

/**
 * The welcome, once the sign-up is complete (MemberSignUpCompleted: the login exists), never from the
 * registration a sign-up writes before the login. Its words and address are the registration's.
 */
export const welcomeEmails: ReactorPart = {
  handles: ['MemberSignUpCompleted'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const { memberId } = z.looseObject({ memberId: z.string() }).parse(event.data);
    const registration = (await ctx.store.readStream(memberStreamId(memberId))).find((e) => e.type === 'MemberRegistered');
    const facts = registration ? await memberFactsAt(registration, ctx) : null;
    if (!registration || !facts?.email) {
      ctx.logger.warn({ eventId: event.id, memberId }, 'completed sign-up without a MemberRegistered; no welcome sent');
      return [];
    }
    const d = memberRegistered.parse(registration.data);
    const chosen = d.chosenMembershipId == null ? NaN : Number(d.chosenMembershipId);
    const email = welcomeEmail({ firstname: facts.firstname, tier: Number.isInteger(chosen) ? await tierName(chosen, ctx) : null });
    return [{ queue: 'email', jobId: jobIdFor(event, 'member-email'), data: { to: [facts.email], ...email } }];
  },
};

const supportAction = z.looseObject({ memberId: z.string(), action: z.string(), reference: z.string().nullable() });
const resetRequested = z.looseObject({ memberId: z.string(), email: z.string() });
/** The payment events whose receipt staff may send again. */
export const RECEIPT_EVENTS: ReadonlySet<string> = new Set(['MembershipActivated', 'MembershipRenewed', 'SingleEntryPurchased']);

/** A password-reset email for the request `event`: its link's token minted here, never written in the log. */
async function passwordResetJob(event: RecordedEvent, memberId: string, to: string, ctx: ReactorContext): Promise<JobRequest> {
  if (!ctx.linkTokens) throw new Error('password-reset email: no link tokens in this process');
  const { token, expiresInMinutes } = await ctx.linkTokens.passwordReset(memberId, event.id, event.metadata.occurredAt);
  const link = `${ctx.publicUrl()}/change-password?token=${encodeURIComponent(token)}`;
  return { queue: 'email', jobId: jobIdFor(event, 'password-reset'), data: { to: [to], ...passwordResetEmail({ link, expiresInMinutes }) } };
}

/**
 * Password-reset links (the member's own request, or staff's from the member page: SupportActionRecorded
 * `password-reset-sent`, to the sign-in address on file then) and a receipt staff send again
 * (`receipt-resent`: the same email, rendered from the same payment event, under this event's job id).
 */
export const memberSupportEmails: ReactorPart = {
  handles: ['PasswordResetRequested', 'SupportActionRecorded'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    if (event.type === 'PasswordResetRequested') {
      const d = resetRequested.parse(event.data);
      return [await passwordResetJob(event, d.memberId, d.email, ctx)];
    }
    const d = supportAction.parse(event.data);
    if (d.action === 'password-reset-sent') {
      const member = await memberAsOf(d.memberId, event, ctx);
      return member ? [await passwordResetJob(event, d.memberId, member.email, ctx)] : [];
    }
    if (d.action !== 'receipt-resent' || !d.reference) return [];
    const paid = (await ctx.store.readStream(event.streamId)).find(
      (e) => e.id === d.reference && RECEIPT_EVENTS.has(e.type) && e.revision < event.revision,
    );
    if (!paid) return [];
    const jobs = (await membershipEmails.toJobs(paid, ctx)).filter((j) => j.queue === 'email');
    return jobs.map((j) => ({ ...j, jobId: jobIdFor(event, 'resend') }));
  },
};

/**
 * Every email to a member about their membership, login, cashback claims and invites, one
 * checkpoint (`member-emails`) for them all: see joinReactors.
 */
export const memberEmails = joinReactors('member-emails', [
  welcomeEmails,
  membershipEmails,
  memberSupportEmails,
  cashbackEmailsPart,
  teamInviteEmails,
  referralInviteEmails,
]);
