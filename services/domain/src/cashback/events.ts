import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { cents, isoDateTime, text } from '../primitives';

const id = z.string().min(1).max(100);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const receiptSchema = z
  .object({
    key: z.string().min(1).max(300),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
    size: z.number().int().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type Receipt = z.infer<typeof receiptSchema>;

export const CashbackClaimSubmitted = defineEvent(
  'CashbackClaimSubmitted',
  z
    .object({
      claimId: id,
      memberId: id,
      course: text().trim().min(1).max(160),
      /** The day the round was played, in Australia/Sydney; `month` is its month (one approved claim each). */
      playedOn: day,
      month,
      amountCents: cents().min(1),
      /** The tier's cashback_maximum at submission: the payout is min(amount, this). */
      maximumCents: cents().min(1),
      receipt: receiptSchema,
      submittedAt: isoDateTime(),
      /** The promised decision time: after it the claim shows as overdue to the member and staff. */
      decisionDueBy: isoDateTime(),
    })
    .strict(),
  // The course is free text the member wrote (where they played on a day); amounts and dates stay for the payout records.
  { personal: { subject: 'memberId', fields: { course: 'text' } } },
);
export const CashbackClaimApproved = defineEvent(
  'CashbackClaimApproved',
  z.object({ claimId: id, memberId: id, month, payoutId: id, payoutCents: cents().min(1), approvedAt: isoDateTime() }).strict(),
);
export const CashbackClaimDeclined = defineEvent(
  'CashbackClaimDeclined',
  z.object({ claimId: id, memberId: id, reason: text().trim().min(3).max(500), declinedAt: isoDateTime() }).strict(),
  // Staff text about this member's claim (member/events.ts staffTextAboutMember).
  { personal: { subject: 'memberId', fields: { reason: 'text' } } },
);
/** The payout ledger: scheduled on approval, then paid by the bank run or reversed. */
export const CashbackPayoutScheduled = defineEvent(
  'CashbackPayoutScheduled',
  z.object({ payoutId: id, claimId: id, memberId: id, amountCents: cents().min(1), scheduledAt: isoDateTime() }).strict(),
);
export const CashbackPayoutPaid = defineEvent(
  'CashbackPayoutPaid',
  z
    .object({
      payoutId: id,
      claimId: id,
      memberId: id,
      amountCents: cents().min(1),
      bankReference: text().trim().min(1).max(100),
      paidAt: isoDateTime(),
    })
    .strict(),
);
export const CashbackPayoutReversed = defineEvent(
  'CashbackPayoutReversed',
  z
    .object({
      payoutId: id,
      claimId: id,
      memberId: id,
      amountCents: cents().min(1),
      reason: text().trim().min(3).max(500),
      reversedAt: isoDateTime(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { reason: 'text' } } },
);

/** One receipt fingerprint (file hash, or venue+date+amount) held by the first claim that used it. */
export const ReceiptFingerprintReserved = defineEvent(
  'ReceiptFingerprintReserved',
  z
    .object({
      fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
      kind: z.enum(['file', 'venue-date-amount']),
      claimId: id,
      memberId: id,
      at: isoDateTime(),
    })
    .strict(),
);
/** A submission that failed after reserving gives the fingerprint back (never a declined claim's). */
export const ReceiptFingerprintReleased = defineEvent(
  'ReceiptFingerprintReleased',
  z.object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/), claimId: id, at: isoDateTime() }).strict(),
);

export const cashbackEvents = [
  CashbackClaimSubmitted,
  CashbackClaimApproved,
  CashbackClaimDeclined,
  CashbackPayoutScheduled,
  CashbackPayoutPaid,
  CashbackPayoutReversed,
] as const;
export const receiptFingerprintEvents = [ReceiptFingerprintReserved, ReceiptFingerprintReleased] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type CashbackClaimSubmittedEvent = Ev<typeof CashbackClaimSubmitted>;
export type CashbackClaimApprovedEvent = Ev<typeof CashbackClaimApproved>;
export type CashbackClaimDeclinedEvent = Ev<typeof CashbackClaimDeclined>;
export type CashbackPayoutScheduledEvent = Ev<typeof CashbackPayoutScheduled>;
export type CashbackPayoutPaidEvent = Ev<typeof CashbackPayoutPaid>;
export type CashbackPayoutReversedEvent = Ev<typeof CashbackPayoutReversed>;
export type CashbackEvent =
  | CashbackClaimSubmittedEvent
  | CashbackClaimApprovedEvent
  | CashbackClaimDeclinedEvent
  | CashbackPayoutScheduledEvent
  | CashbackPayoutPaidEvent
  | CashbackPayoutReversedEvent;
export type ReceiptFingerprintEvent = Ev<typeof ReceiptFingerprintReserved> | Ev<typeof ReceiptFingerprintReleased>;

/** Every claim of one member in one stream: appended with its expected revision, it holds "one approved claim a month" exactly. */
export const cashbackStreamId = (memberId: string): string => `cashback-${memberId}`;
export const receiptFingerprintStreamId = (fingerprint: string): string => `cashback-receipt-${fingerprint}`;
