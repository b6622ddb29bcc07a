import { z } from 'zod';
import {
  InvalidSignatureError,
  PaymentProviderError,
  type CardDetails,
  type CreateCheckoutInput,
  type PaymentProvider,
  type ProviderEvent,
} from '../kernel/payment-port';
import { verifySignature } from './signature';
import { mapStripeEvent, type Expander } from './stripe-events';

/** Pinned so event and object shapes (invoice.payment_intent, invoice.subscription) stay as mapped. */
export const STRIPE_API_VERSION = '2024-06-20';

export interface StripeProviderOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly fetch?: typeof fetch;
  /** Defaults to https://api.stripe.com; tests point it at a local server. */
  readonly apiBase?: string;
  readonly now?: () => Date;
  readonly currency?: string;
}

type Form = Record<string, string | number | undefined>;

/** Stripe's form encoding: nested keys already flattened as `a[b][0]`. */
export function formEncode(fields: Form): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

export function checkoutSessionForm(input: CreateCheckoutInput, currency: string): Form {
  const item = 'line_items[0]';
  const price: Form = input.priceId
    ? { [`${item}[price]`]: input.priceId }
    : {
        [`${item}[price_data][currency]`]: currency,
        [`${item}[price_data][unit_amount]`]: input.amount_cents,
        [`${item}[price_data][product_data][name]`]: input.description,
        ...(input.mode === 'subscription' ? { [`${item}[price_data][recurring][interval]`]: 'month' } : {}),
      };
  const meta = (prefix: string): Form => ({
    [`${prefix}[checkoutId]`]: input.checkoutId,
    [`${prefix}[memberId]`]: input.memberId,
    [`${prefix}[purpose]`]: input.purpose,
  });
  return {
    mode: input.mode,
    ...price,
    [`${item}[quantity]`]: 1,
    client_reference_id: input.checkoutId,
    customer_email: input.email,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    ...meta('metadata'),
    // Renewal invoices carry the subscription's metadata, so they can be traced to the member too.
    ...(input.mode === 'subscription' ? meta('subscription_data[metadata]') : {}),
    // A declined card answers payment_intent.payment_failed: the intent names the checkout too.
    ...(input.mode === 'payment' ? meta('payment_intent_data[metadata]') : {}),
  };
}

const sessionResponse = z.object({ id: z.string(), url: z.string() });
const errorResponse = z.object({ error: z.object({ message: z.string() }) });
const cardOnFile = z.object({ card: z.object({ brand: z.string(), last4: z.string() }).nullish() });
const eventList = z.object({ data: z.array(z.object({ id: z.string() }).loose()), has_more: z.boolean() });
/** Stripe retries a webhook for three days: the sweeper looks that far back, 100 events a page, 5 pages a sweep at most. */
const RECONCILE_WINDOW_S = 3 * 86_400;
const RECONCILE_MAX_PAGES = 5;
const subscriptionResponse = z.object({ default_payment_method: z.union([z.string(), cardOnFile]).nullish() });

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiBase ?? 'https://api.stripe.com';
  const now = options.now ?? (() => new Date());

  async function call(method: 'GET' | 'POST', path: string, form?: Form): Promise<unknown> {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        'stripe-version': STRIPE_API_VERSION,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: formEncode(form) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const message = errorResponse.safeParse(body).data?.error.message ?? `Stripe answered ${res.status}`;
      throw new PaymentProviderError(message, res.status);
    }
    return body;
  }

  const expander: Expander = {
    paymentIntent: (id) => call('GET', `/v1/payment_intents/${encodeURIComponent(id)}?expand[]=latest_charge`),
    invoice: (id) => call('GET', `/v1/invoices/${encodeURIComponent(id)}?expand[]=payment_intent.latest_charge`),
  };

  return {
    name: 'stripe',
    async createCheckout(input) {
      const body = await call('POST', '/v1/checkout/sessions', checkoutSessionForm(input, options.currency ?? 'aud'));
      const parsed = sessionResponse.safeParse(body);
      if (!parsed.success) throw new PaymentProviderError('Stripe returned a checkout session without an id or url');
      return { sessionId: parsed.data.id, url: parsed.data.url };
    },
    async verifyWebhook(rawBody, header) {
      verifySignature(rawBody, header, options.webhookSecret, now());
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new InvalidSignatureError('signed body is not JSON');
      }
      return mapStripeEvent(event, expander);
    },
    async cancelSubscription(subscriptionId) {
      // Benefits last until the paid period ends: Stripe sends customer.subscription.deleted then.
      await call('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, { cancel_at_period_end: 'true' });
    },
    async pauseCollection(subscriptionId, paused) {
      // pause_collection void: no invoice is charged while a member's break or self-exclusion lasts.
      await call(
        'POST',
        `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
        paused ? { 'pause_collection[behavior]': 'void' } : { pause_collection: '' },
      );
    },
    async paymentMethod(customerRef): Promise<CardDetails | null> {
      const body = await call('GET', `/v1/subscriptions/${encodeURIComponent(customerRef)}?expand[]=default_payment_method`);
      const pm = subscriptionResponse.safeParse(body).data?.default_payment_method;
      if (!pm || typeof pm === 'string' || !pm.card) return null;
      return { brand: pm.card.brand, last4: pm.card.last4 };
    },
    async retrieveCheckout(sessionId) {
      const session = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
      const paid = z.object({ status: z.string().nullish(), payment_status: z.string().nullish() }).safeParse(session).data;
      if (paid?.status !== 'complete' || paid.payment_status === 'unpaid') return null;
      // Not a webhook: a stable id of our own, so applying it twice is caught like a redelivery.
      return mapStripeEvent({ id: `reconcile_${sessionId}`, type: 'checkout.session.completed', data: { object: session } }, expander);
    },
    async completedCheckoutsToReconcile(olderThanMs) {
      // Stripe keeps every event and whether its webhook was ever acknowledged: list the paid
      // checkouts of the last three days (its own redelivery window) still unacknowledged after
      // the grace. Each is the webhook's own event, so applying it is caught as a redelivery.
      const at = Math.floor(now().getTime() / 1000);
      const query = new URLSearchParams({
        type: 'checkout.session.completed',
        delivery_success: 'false',
        'created[gte]': String(at - RECONCILE_WINDOW_S),
        'created[lte]': String(at - Math.ceil(olderThanMs / 1000)),
        limit: '100',
      });
      const found: ProviderEvent[] = [];
      for (let page = 0; page < RECONCILE_MAX_PAGES; page++) {
        const listed = eventList.safeParse(await call('GET', `/v1/events?${query.toString()}`));
        if (!listed.success) throw new PaymentProviderError('Stripe returned an event list this adapter cannot read');
        for (const raw of listed.data.data) {
          const event = await mapStripeEvent(raw, expander);
          if (event) found.push(event);
        }
        const last = listed.data.data.at(-1);
        if (!listed.data.has_more || !last) break;
        query.set('starting_after', last.id);
      }
      return found;
    },
    async refund(paymentId, reason) {
      // Stripe answers with charge.refunded; its reason field takes only its own codes, so ours travels as metadata.
      await call('POST', '/v1/refunds', { payment_intent: paymentId, 'metadata[reason]': reason.slice(0, 500) });
    },
  };
}
