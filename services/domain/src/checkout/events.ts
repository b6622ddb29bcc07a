import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { checkoutPurposeSchema } from '../member/events';
import { tierSnapshotSchema } from '../member/tier-snapshot';

const id = z.string().min(1).max(200);
/** What a checkout pays for: the membership purposes, and a mate's one-off team fee (issue 4). */
export const paymentPurposeSchema = z.enum([...checkoutPurposeSchema.options, 'team-fee', 'shop-order']);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;
/** A team-fee checkout names the team and the invite it pays for. */
export const teamCheckoutSchema = z.object({ teamId: id, inviteId: id }).strict();
export const paymentProviderNameSchema = z.enum(['stripe', 'local']);
export const cardSchema = z.object({ brand: z.string().min(1).max(40), last4: z.string().regex(/^\d{4}$/) }).strict();
export type Card = z.infer<typeof cardSchema>;

export const CheckoutCreated = defineEvent(
  'CheckoutCreated',
  z
    .object({
      checkoutId: id,
      memberId: id,
      purpose: paymentPurposeSchema,
      /** The tier paid for; null for a team fee, which buys no membership. */
      tier: tierSnapshotSchema.nullable(),
      team: teamCheckoutSchema.optional(),
      /** A pro-shop checkout names the order it pays for. */
      order: z.object({ orderId: id }).strict().optional(),
      amount_cents: z.number().int().min(0),
      currency: z.literal('AUD'),
      provider: paymentProviderNameSchema,
      providerSessionId: id,
      mode: z.enum(['payment', 'subscription']),
    })
    .strict(),
);
export const CheckoutCompleted = defineEvent(
  'CheckoutCompleted',
  z
    .object({ checkoutId: id, paymentId: id, subscriptionId: id.nullable(), card: cardSchema.nullable(), amount_cents: z.number().int().min(0) })
    .strict(),
);
export const CheckoutFailed = defineEvent('CheckoutFailed', z.object({ checkoutId: id, reason: z.string().min(1).max(500) }).strict());
export const CheckoutExpired = defineEvent('CheckoutExpired', z.object({ checkoutId: id }).strict());

export const checkoutEvents = [CheckoutCreated, CheckoutCompleted, CheckoutFailed, CheckoutExpired] as const;

export type CheckoutCreatedEvent = DomainEvent<'CheckoutCreated', z.infer<typeof CheckoutCreated.schema>>;
export type CheckoutCompletedEvent = DomainEvent<'CheckoutCompleted', z.infer<typeof CheckoutCompleted.schema>>;
export type CheckoutFailedEvent = DomainEvent<'CheckoutFailed', z.infer<typeof CheckoutFailed.schema>>;
export type CheckoutExpiredEvent = DomainEvent<'CheckoutExpired', z.infer<typeof CheckoutExpired.schema>>;
export type CheckoutEvent = CheckoutCreatedEvent | CheckoutCompletedEvent | CheckoutFailedEvent | CheckoutExpiredEvent;

export const checkoutStreamId = (checkoutId: string): string => `checkout-${checkoutId}`;
