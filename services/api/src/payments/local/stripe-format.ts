import { randomBytes } from 'node:crypto';
import { STRIPE_API_VERSION } from '../stripe';
import type { SessionRow, SubscriptionRow } from './schema';

/**
 * Builds events in Stripe's wire format (API version pinned in ../stripe.ts), with the payment
 * intent and invoice expanded so the shared mapper finds the card without an API call.
 */
export const stripeId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (d: Date): number => Math.floor(d.getTime() / 1000);

export interface ChargeResult {
  paymentId: string;
  card: { brand: string; last4: string };
  amount_cents: number;
  failure?: { code: string; message: string };
}

export function paymentIntentObject(c: ChargeResult): Record<string, unknown> {
  return {
    id: c.paymentId,
    object: 'payment_intent',
    amount: c.amount_cents,
    status: c.failure ? 'requires_payment_method' : 'succeeded',
    last_payment_error: c.failure ? { type: 'card_error', code: c.failure.code, message: c.failure.message } : null,
    latest_charge: {
      id: stripeId('ch'),
      object: 'charge',
      paid: !c.failure,
      payment_method_details: { type: 'card', card: { brand: c.card.brand, last4: c.card.last4 } },
    },
  };
}

/** A card declined on the checkout page: Stripe's payment_intent.payment_failed object, naming our checkout. */
export function declinedPaymentIntentObject(s: SessionRow, failure: { code: string; message: string }): Record<string, unknown> {
  return {
    id: stripeId('pi'),
    object: 'payment_intent',
    amount: s.amount_cents,
    currency: s.currency,
    status: 'requires_payment_method',
    metadata: { checkoutId: s.checkout_id, memberId: s.customer, purpose: s.purpose },
    last_payment_error: { type: 'card_error', code: failure.code, message: failure.message },
  };
}

export function invoiceObject(args: {
  invoiceId: string;
  subscriptionId: string;
  billingReason: 'subscription_create' | 'subscription_cycle';
  charge: ChargeResult;
  periodStart: Date;
  periodEnd: Date;
}): Record<string, unknown> {
  const paid = !args.charge.failure;
  return {
    id: args.invoiceId,
    object: 'invoice',
    billing_reason: args.billingReason,
    subscription: args.subscriptionId,
    status: paid ? 'paid' : 'open',
    amount_due: args.charge.amount_cents,
    amount_paid: paid ? args.charge.amount_cents : 0,
    payment_intent: paymentIntentObject(args.charge),
    lines: {
      object: 'list',
      data: [{ object: 'line_item', amount: args.charge.amount_cents, period: { start: unix(args.periodStart), end: unix(args.periodEnd) } }],
    },
  };
}

export function sessionObject(
  s: SessionRow,
  extra: { payment_intent?: unknown; invoice?: unknown; subscription?: string | null; status: string },
): Record<string, unknown> {
  return {
    id: s.id,
    object: 'checkout.session',
    client_reference_id: s.checkout_id,
    metadata: { checkoutId: s.checkout_id, memberId: s.customer, purpose: s.purpose },
    mode: s.mode,
    amount_total: s.amount_cents,
    currency: s.currency,
    customer_email: s.email,
    status: extra.status,
    payment_status: extra.status === 'complete' ? 'paid' : 'unpaid',
    subscription: extra.subscription ?? null,
    payment_intent: extra.payment_intent ?? null,
    invoice: extra.invoice ?? null,
  };
}

export function subscriptionObject(sub: SubscriptionRow, status: string): Record<string, unknown> {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status,
    cancel_at_period_end: sub.cancel_at_period_end,
    current_period_start: unix(sub.current_period_start),
    current_period_end: unix(sub.current_period_end),
  };
}

export function eventEnvelope(type: string, object: Record<string, unknown>, at: Date): { id: string; body: string } {
  const id = stripeId('evt');
  const body = JSON.stringify({ id, object: 'event', api_version: STRIPE_API_VERSION, created: unix(at), livemode: false, type, data: { object } });
  return { id, body };
}

/** A fully refunded charge, as Stripe's charge.refunded carries it; our reason travels as metadata. */
export function chargeRefundedObject(r: { paymentId: string; amount_cents: number; customer: string; reason: string }): Record<string, unknown> {
  return {
    id: stripeId('ch'),
    object: 'charge',
    payment_intent: r.paymentId,
    customer: r.customer,
    amount: r.amount_cents,
    amount_refunded: r.amount_cents,
    refunded: true,
    metadata: { reason: r.reason },
  };
}
