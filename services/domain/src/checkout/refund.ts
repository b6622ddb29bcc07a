import { z } from 'zod';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';

const id = z.string().min(1).max(200);

/**
 * A refund the payment provider confirmed. One stream per refunded payment (`refund-<paymentId>`),
 * so the fact is recorded once whatever the webhook's retries, for checkout payments and renewal
 * charges alike; what the refund undoes (a referral bonus) follows from it.
 */
export const PaymentRefunded = defineEvent(
  'PaymentRefunded',
  z
    .object({
      paymentId: id,
      memberId: id,
      /** The read.payments row: the checkout, or null for a renewal charge. */
      checkoutId: id.nullable(),
      amount_cents: z.number().int().min(0),
      reason: z.string().min(1).max(1000),
      refundedAt: z.iso.datetime({ offset: true }),
    })
    .strict(),
  // The reason staff gave for refunding this member (member/events.ts staffTextAboutMember); the amount and date stay for tax.
  { personal: { subject: 'memberId', fields: { reason: 'text' } } },
);
export const refundEvents = [PaymentRefunded] as const;
export type PaymentRefundedEvent = DomainEvent<'PaymentRefunded', z.infer<typeof PaymentRefunded.schema>>;
export const refundStreamId = (paymentId: string): string => `refund-${paymentId}`;

export type RefundCommand = { readonly type: 'RecordRefund' } & PaymentRefundedEvent['data'];
export type RefundState = { readonly refunded: false } | { readonly refunded: true; readonly memberId: string };

export const refundDecider: Decider<RefundCommand, PaymentRefundedEvent, RefundState> = {
  initialState: { refunded: false },
  evolve: (_state, event) => ({ refunded: true, memberId: event.data.memberId }),
  decide: (command, state) => {
    // A provider reports a refund once per payment; its retries change nothing.
    if (state.refunded) return [];
    if (!command.reason.trim()) throw new DomainError('invalid', 'A refund needs a reason.');
    const { type: _type, ...data } = command;
    return [{ type: 'PaymentRefunded', data: { ...data, reason: data.reason.trim() } }];
  },
};
