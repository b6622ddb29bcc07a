import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';

const id = z.string().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
const entries = z.number().int().min(0);

export const ReferralRecorded = defineEvent(
  'ReferralRecorded',
  z.object({ refereeId: id, referrerId: id, referralCode: z.string().min(1).max(40), recordedAt: instant }).strict(),
);
/** Names both members and both counts, so the ledger reads "who got what because of whom". */
export const ReferralBonusGranted = defineEvent(
  'ReferralBonusGranted',
  z
    .object({
      refereeId: id,
      referrerId: id,
      paymentId: id,
      tierCode: z.string().min(1).max(40),
      referrerEntries: entries,
      refereeEntries: entries,
      grantedAt: instant,
    })
    .strict(),
);
export const ReferralVoided = defineEvent(
  'ReferralVoided',
  z
    .object({
      refereeId: id,
      referrerId: id,
      reason: z.string().min(1).max(1000),
      /** True when the refund came after the bonus: the application may then revoke the entries. */
      bonusWasGranted: z.boolean(),
      voidedAt: instant,
    })
    .strict(),
);

/** A member emailed their referral link to a friend (the invite email goes out from this event). */
export const ReferralInviteSent = defineEvent(
  'ReferralInviteSent',
  z.object({ referrerId: id, email: z.email().max(254), sentAt: instant }).strict(),
  // The friend's address is what the referrer gave: sealed under the referrer's key, forgotten with them.
  { personal: { subject: 'referrerId', fields: { email: 'email' } } },
);
export const referralInviteEvents = [ReferralInviteSent] as const;
export type ReferralInviteSentEvent = DomainEvent<'ReferralInviteSent', z.infer<typeof ReferralInviteSent.schema>>;
/** The invites one member sent, one stream per member. */
export const referralInvitesStreamId = (referrerId: string): string => `referral-invites-${referrerId}`;

export const referralEvents = [ReferralRecorded, ReferralBonusGranted, ReferralVoided] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type ReferralRecordedEvent = Ev<typeof ReferralRecorded>;
export type ReferralBonusGrantedEvent = Ev<typeof ReferralBonusGranted>;
export type ReferralVoidedEvent = Ev<typeof ReferralVoided>;
export type ReferralEvent = ReferralRecordedEvent | ReferralBonusGrantedEvent | ReferralVoidedEvent;

/** One stream per referred member: a second referral of the same person meets the first one. */
export const referralStreamId = (refereeId: string): string => `referral-${refereeId}`;

/** Causation keys of the two `entries` grants, so a replayed payment never grants twice. */
export const referralCausationKeys = {
  referrer: (refereeId: string): string => `referral:${refereeId}:referrer`,
  referee: (refereeId: string): string => `referral:${refereeId}:referee`,
};
