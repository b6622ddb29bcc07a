import { z } from 'zod';
import type { CardDetails, ProviderEvent } from '../kernel/payment-port';

/**
 * Normalises Stripe-format events (API version pinned in stripe.ts) into `ProviderEvent`.
 * Both adapters use it: the local provider emits the same shapes, with the payment intent and
 * invoice already expanded; the Stripe adapter expands ids through `Expander` when it must.
 */
export interface Expander {
  paymentIntent(id: string): Promise<unknown>;
  invoice(id: string): Promise<unknown>;
}

const idOrObject = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish();

const envelope = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

const session = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  subscription: idOrObject,
  payment_intent: idOrObject,
  invoice: idOrObject,
  amount_total: z.number().int().nullish(),
});

const card = z.object({ brand: z.string(), last4: z.string() });
const paymentIntent = z
  .object({
    id: z.string(),
    latest_charge: z.union([z.string(), z.object({ payment_method_details: z.object({ card: card.nullish() }).nullish() })]).nullish(),
    last_payment_error: z.object({ message: z.string().nullish(), code: z.string().nullish() }).nullish(),
  })
  .loose();

const invoice = z
  .object({
    id: z.string(),
    billing_reason: z.string().nullish(),
    subscription: idOrObject,
    payment_intent: z.union([z.string(), paymentIntent]).nullish(),
    amount_paid: z.number().int().nullish(),
    amount_due: z.number().int().nullish(),
    lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.number(), end: z.number() }).nullish() }).loose()) }).nullish(),
  })
  .loose();

type PaymentIntent = z.infer<typeof paymentIntent>;
type Invoice = z.infer<typeof invoice>;

const idOf = (v: z.infer<typeof idOrObject>): string | undefined => (v == null ? undefined : typeof v === 'string' ? v : v.id);
const iso = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();

async function resolvePaymentIntent(
  v: Invoice['payment_intent'] | z.infer<typeof idOrObject>,
  expander?: Expander,
): Promise<PaymentIntent | undefined> {
  if (v == null) return undefined;
  if (typeof v !== 'string') return paymentIntent.safeParse(v).data;
  if (!expander) return undefined;
  return paymentIntent.safeParse(await expander.paymentIntent(v)).data;
}

async function resolveInvoice(v: z.infer<typeof idOrObject>, expander?: Expander): Promise<Invoice | undefined> {
  if (v == null) return undefined;
  if (typeof v !== 'string') return invoice.safeParse(v).data;
  if (!expander) return undefined;
  return invoice.safeParse(await expander.invoice(v)).data;
}

function cardOf(pi: PaymentIntent | undefined): CardDetails | undefined {
  const charge = pi?.latest_charge;
  if (!charge || typeof charge === 'string') return undefined;
  const c = charge.payment_method_details?.card;
  return c ? { brand: c.brand, last4: c.last4 } : undefined;
}

function period(inv: Invoice | undefined): { periodStart?: string; periodEnd?: string } {
  const p = inv?.lines?.data[0]?.period;
  return p ? { periodStart: iso(p.start), periodEnd: iso(p.end) } : {};
}

type Loose = { [K in keyof ProviderEvent]?: ProviderEvent[K] | undefined } & Pick<ProviderEvent, 'id' | 'type'>;
/** Drops absent fields so events compare and serialise cleanly. */
const strip = (o: Loose): ProviderEvent => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as unknown as ProviderEvent;

export async function mapStripeEvent(raw: unknown, expander?: Expander): Promise<ProviderEvent | null> {
  const parsed = envelope.safeParse(raw);
  if (!parsed.success) return null;
  const { id, type, data } = parsed.data;
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired': {
      const s = session.safeParse(data.object);
      if (!s.success) return null;
      const checkoutId = s.data.client_reference_id ?? s.data.metadata?.checkoutId ?? undefined;
      if (type === 'checkout.session.expired') return strip({ id, type: 'checkout.expired', checkoutSessionId: s.data.id, checkoutId });
      // Subscription-mode sessions carry no payment intent: the first invoice holds it.
      const inv = await resolveInvoice(s.data.invoice, expander);
      const pi = (await resolvePaymentIntent(s.data.payment_intent, expander)) ?? (await resolvePaymentIntent(inv?.payment_intent, expander));
      return strip({
        id,
        type: 'checkout.completed',
        checkoutSessionId: s.data.id,
        checkoutId,
        subscriptionId: idOf(s.data.subscription),
        paymentId: pi?.id ?? inv?.id ?? s.data.id,
        amount_cents: s.data.amount_total ?? undefined,
        card: cardOf(pi),
        ...period(inv),
      });
    }
    case 'invoice.created': {
      // A renewal's draft invoice: Stripe finalises (charges) it about an hour later, after this
      // webhook is acknowledged, so the member's controls can still hold the renewal (issue 23).
      const inv = invoice.safeParse(data.object);
      if (!inv.success || inv.data.billing_reason !== 'subscription_cycle') return null;
      return strip({
        id,
        type: 'invoice.upcoming',
        subscriptionId: idOf(inv.data.subscription),
        amount_cents: inv.data.amount_due ?? undefined,
        ...period(inv.data),
      });
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = invoice.safeParse(data.object);
      if (!inv.success) return null;
      // The first invoice is paid by the checkout itself: checkout.completed already activated it.
      if (inv.data.billing_reason === 'subscription_create') return null;
      const pi = await resolvePaymentIntent(inv.data.payment_intent, expander);
      const common = { id, subscriptionId: idOf(inv.data.subscription), ...period(inv.data) };
      if (type === 'invoice.paid') {
        return strip({
          ...common,
          type: 'invoice.paid',
          paymentId: pi?.id ?? inv.data.id,
          amount_cents: inv.data.amount_paid ?? undefined,
          card: cardOf(pi),
        });
      }
      return strip({
        ...common,
        type: 'invoice.payment_failed',
        amount_cents: inv.data.amount_due ?? undefined,
        failureReason: pi?.last_payment_error?.message ?? 'The payment failed.',
      });
    }
    case 'payment_intent.payment_failed': {
      // A decline on the checkout page; our checkout id travels in the intent's metadata. Intents
      // of renewals (no checkout id) are covered by invoice.payment_failed.
      const pi = paymentIntent.extend({ metadata: z.record(z.string(), z.string()).nullish() }).safeParse(data.object);
      const checkoutId = pi.success ? pi.data.metadata?.checkoutId : undefined;
      if (!pi.success || !checkoutId) return null;
      return strip({
        id,
        type: 'checkout.payment_failed',
        checkoutId,
        paymentId: pi.data.id,
        failureReason: pi.data.last_payment_error?.message ?? 'The payment was declined.',
      });
    }
    case 'charge.refunded': {
      // Only a full refund undoes what the payment granted.
      const c = z
        .object({
          payment_intent: idOrObject,
          amount: z.number().int().nullish(),
          amount_refunded: z.number().int().nullish(),
          refunded: z.boolean().nullish(),
          metadata: z.record(z.string(), z.string()).nullish(),
        })
        .safeParse(data.object);
      const paymentId = c.success ? idOf(c.data.payment_intent) : undefined;
      if (!c.success || !paymentId || c.data.refunded === false) return null;
      return strip({
        id,
        type: 'charge.refunded',
        paymentId,
        amount_cents: c.data.amount_refunded ?? undefined,
        refundReason: c.data.metadata?.reason ?? undefined,
      });
    }
    case 'customer.subscription.deleted': {
      const subId = z.string().safeParse(data.object.id);
      return subId.success ? { id, type: 'subscription.deleted', subscriptionId: subId.data } : null;
    }
    default:
      return null;
  }
}
