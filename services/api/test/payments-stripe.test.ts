import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider, PaymentProviderError, signPayload, STRIPE_API_VERSION, type PaymentProvider } from '../src/payments';

/** A local server that plays the parts of Stripe's API the adapter uses (no network). */
interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

const secretKey = 'sk_test_fake_123';
const webhookSecret = 'whsec_fake_stripe_secret';
const card = { brand: 'visa', last4: '4242' };
const pi = (id: string) => ({ id, object: 'payment_intent', latest_charge: { id: 'ch_1', payment_method_details: { type: 'card', card } } });

describe('Stripe adapter against a fake Stripe API', () => {
  let server: Server;
  let provider: PaymentProvider;
  let stripeBase = '';
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        const u = new URL(req.url ?? '/', 'http://x');
        seen.push({ method: req.method ?? '', path: u.pathname + u.search, form: new URLSearchParams(data), headers: req.headers });
        res.setHeader('content-type', 'application/json');
        const send = (status: number, body: unknown) => {
          res.statusCode = status;
          res.end(JSON.stringify(body));
        };
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        if (req.method === 'POST' && u.pathname === '/v1/checkout/sessions') {
          const form = new URLSearchParams(data);
          if (form.get('mode') !== 'payment' && form.get('mode') !== 'subscription') return send(400, { error: { message: 'Invalid mode' } });
          return send(200, { id: 'cs_test_abc', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_abc' });
        }
        if (req.method === 'GET' && u.pathname === '/v1/payment_intents/pi_9') return send(200, pi('pi_9'));
        if (req.method === 'GET' && u.pathname === '/v1/invoices/in_1') {
          return send(200, {
            id: 'in_1',
            billing_reason: 'subscription_create',
            subscription: 'sub_1',
            payment_intent: pi('pi_sub'),
            lines: { data: [{ period: { start: 1_795_000_000, end: 1_797_592_000 } }] },
          });
        }
        if (req.method === 'POST' && u.pathname === '/v1/subscriptions/sub_1') return send(200, { id: 'sub_1', cancel_at_period_end: true });
        if (req.method === 'GET' && u.pathname === '/v1/subscriptions/sub_1')
          return send(200, { id: 'sub_1', default_payment_method: { id: 'pm_1', card: { ...card, exp_month: 1 } } });
        if (req.method === 'GET' && u.pathname === '/v1/checkout/sessions/cs_paid') {
          return send(200, {
            id: 'cs_paid',
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            client_reference_id: 'chk-9',
            metadata: { checkoutId: 'chk-9' },
            payment_intent: 'pi_9',
            amount_total: 1999,
          });
        }
        if (req.method === 'GET' && u.pathname === '/v1/checkout/sessions/cs_open')
          return send(200, { id: 'cs_open', object: 'checkout.session', status: 'open', payment_status: 'unpaid' });
        if (req.method === 'GET' && u.pathname === '/v1/events') {
          // Two pages of unacknowledged paid checkouts, then nothing more.
          const session = (n: number) => ({
            id: `cs_lost_${n}`,
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            client_reference_id: `chk-lost-${n}`,
            payment_intent: 'pi_9',
            amount_total: 1999,
          });
          const event = (n: number) => ({
            id: `evt_lost_${n}`,
            object: 'event',
            type: 'checkout.session.completed',
            created: 1_795_000_000,
            data: { object: session(n) },
          });
          if (!u.searchParams.get('starting_after')) return send(200, { object: 'list', data: [event(1), event(2)], has_more: true });
          if (u.searchParams.get('starting_after') === 'evt_lost_2') return send(200, { object: 'list', data: [event(3)], has_more: false });
          return send(400, { error: { message: 'Unexpected cursor' } });
        }
        send(404, { error: { message: 'No such resource' } });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    stripeBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    provider = createStripeProvider({ secretKey, webhookSecret, apiBase: stripeBase });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const base = {
    checkoutId: 'chk-1',
    memberId: 'mem-1',
    email: 'a@example.com',
    purpose: 'join' as const,
    amount_cents: 1999,
    description: 'Platinum',
    successUrl: 'http://app/ok',
    cancelUrl: 'http://app/cancel',
  };

  it('lists the paid checkouts whose webhook Stripe never saw acknowledged: its own events, every page, within its three-day retry window', async () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const sweeping = createStripeProvider({ secretKey, webhookSecret, apiBase: stripeBase, now: () => now });
    const found = await sweeping.completedCheckoutsToReconcile(60_000);
    expect(found.map((e) => [e.id, e.type, e.checkoutId, e.paymentId])).toEqual([
      ['evt_lost_1', 'checkout.completed', 'chk-lost-1', 'pi_9'],
      ['evt_lost_2', 'checkout.completed', 'chk-lost-2', 'pi_9'],
      ['evt_lost_3', 'checkout.completed', 'chk-lost-3', 'pi_9'],
    ]);
    expect(found[0]!.card).toEqual(card);
    const asked = seen.filter((r) => r.path.startsWith('/v1/events')).map((r) => new URL(r.path, 'http://x').searchParams);
    expect(asked).toHaveLength(2);
    const at = Math.floor(now.getTime() / 1000);
    expect(Object.fromEntries(asked[0]!)).toEqual({
      type: 'checkout.session.completed',
      delivery_success: 'false',
      'created[gte]': String(at - 3 * 86_400),
      'created[lte]': String(at - 60),
      limit: '100',
    });
    expect(asked[1]!.get('starting_after')).toBe('evt_lost_2');
  });

  it("asks Stripe how a session ended (the member's return): a paid one is a checkout.completed with a stable id, an open one nothing", async () => {
    const paid = await provider.retrieveCheckout('cs_paid');
    expect(paid).toMatchObject({
      id: 'reconcile_cs_paid',
      type: 'checkout.completed',
      checkoutSessionId: 'cs_paid',
      checkoutId: 'chk-9',
      paymentId: 'pi_9',
      card,
    });
    expect(await provider.retrieveCheckout('cs_open')).toBeNull();
  });

  it('creates a subscription Checkout Session with price_data, our checkout id and URLs, form-encoded', async () => {
    const out = await provider.createCheckout({ ...base, mode: 'subscription' });
    expect(out).toEqual({ sessionId: 'cs_test_abc', url: 'https://checkout.stripe.com/c/pay/cs_test_abc' });
    const req = seen.at(-1)!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(Object.fromEntries(req.form)).toMatchObject({
      mode: 'subscription',
      client_reference_id: 'chk-1',
      customer_email: 'a@example.com',
      success_url: 'http://app/ok',
      cancel_url: 'http://app/cancel',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][product_data][name]': 'Platinum',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][quantity]': '1',
      'metadata[checkoutId]': 'chk-1',
      'subscription_data[metadata][checkoutId]': 'chk-1',
    });
  });

  it('uses a price id when the tier has one, and no recurring data in payment mode', async () => {
    await provider.createCheckout({ ...base, mode: 'payment', priceId: 'price_123' });
    const form = seen.at(-1)!.form;
    expect(form.get('line_items[0][price]')).toBe('price_123');
    expect(form.has('line_items[0][price_data][unit_amount]')).toBe(false);
    expect(form.has('subscription_data[metadata][checkoutId]')).toBe(false);
    // A decline's payment_intent.payment_failed must name the checkout it belongs to.
    expect(form.get('payment_intent_data[metadata][checkoutId]')).toBe('chk-1');
  });

  it("surfaces Stripe's error message", async () => {
    const bad = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret,
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    await expect(bad.createCheckout({ ...base, mode: 'payment' })).rejects.toThrow(new PaymentProviderError('Invalid API Key provided', 401));
  });

  const signed = (event: unknown) => {
    const raw = Buffer.from(JSON.stringify(event));
    return [raw, signPayload(webhookSecret, raw, new Date())] as const;
  };

  it('maps checkout.session.completed, expanding the payment intent for the card', async () => {
    const event = {
      id: 'evt_c',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', client_reference_id: 'chk-1', subscription: null, payment_intent: 'pi_9', invoice: null, amount_total: 1999 } },
    };
    expect(await provider.verifyWebhook(...signed(event))).toEqual({
      id: 'evt_c',
      type: 'checkout.completed',
      checkoutSessionId: 'cs_1',
      checkoutId: 'chk-1',
      paymentId: 'pi_9',
      amount_cents: 1999,
      card,
    });
  });

  it('maps a subscription checkout through its first invoice (period and card)', async () => {
    const event = {
      id: 'evt_s',
      type: 'checkout.session.completed',
      data: {
        object: { id: 'cs_2', client_reference_id: 'chk-2', subscription: 'sub_1', payment_intent: null, invoice: 'in_1', amount_total: 1999 },
      },
    };
    expect(await provider.verifyWebhook(...signed(event))).toEqual({
      id: 'evt_s',
      type: 'checkout.completed',
      checkoutSessionId: 'cs_2',
      checkoutId: 'chk-2',
      subscriptionId: 'sub_1',
      paymentId: 'pi_sub',
      amount_cents: 1999,
      card,
      periodStart: new Date(1_795_000_000_000).toISOString(),
      periodEnd: new Date(1_797_592_000_000).toISOString(),
    });
  });

  it('maps renewals and failures, and ignores the first invoice (the checkout covers it)', async () => {
    const lines = { data: [{ period: { start: 1_797_592_000, end: 1_800_000_000 } }] };
    const paid = {
      id: 'evt_p',
      type: 'invoice.paid',
      data: {
        object: { id: 'in_2', billing_reason: 'subscription_cycle', subscription: 'sub_1', payment_intent: pi('pi_r'), amount_paid: 1999, lines },
      },
    };
    expect(await provider.verifyWebhook(...signed(paid))).toMatchObject({
      type: 'invoice.paid',
      subscriptionId: 'sub_1',
      paymentId: 'pi_r',
      amount_cents: 1999,
      periodStart: new Date(1_797_592_000_000).toISOString(),
    });
    const failed = {
      id: 'evt_f',
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_3',
          billing_reason: 'subscription_cycle',
          subscription: 'sub_1',
          amount_due: 1999,
          payment_intent: { id: 'pi_f', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } },
          lines,
        },
      },
    };
    expect(await provider.verifyWebhook(...signed(failed))).toMatchObject({
      type: 'invoice.payment_failed',
      subscriptionId: 'sub_1',
      failureReason: 'Your card was declined.',
    });
    const first = {
      id: 'evt_0',
      type: 'invoice.paid',
      data: { object: { id: 'in_1', billing_reason: 'subscription_create', subscription: 'sub_1' } },
    };
    expect(await provider.verifyWebhook(...signed(first))).toBeNull();
    const expired = {
      id: 'evt_e',
      type: 'checkout.session.expired',
      data: { object: { id: 'cs_3', client_reference_id: null, metadata: { checkoutId: 'chk-3' } } },
    };
    expect(await provider.verifyWebhook(...signed(expired))).toEqual({
      id: 'evt_e',
      type: 'checkout.expired',
      checkoutSessionId: 'cs_3',
      checkoutId: 'chk-3',
    });
  });

  it('maps a renewal\u2019s draft invoice (invoice.created, subscription_cycle) to invoice.upcoming, and ignores the first one', async () => {
    const lines = { data: [{ period: { start: 1_797_592_000, end: 1_800_000_000 } }] };
    const draft = {
      id: 'evt_c',
      type: 'invoice.created',
      data: { object: { id: 'in_4', billing_reason: 'subscription_cycle', subscription: 'sub_1', amount_due: 1999, lines } },
    };
    expect(await provider.verifyWebhook(...signed(draft))).toEqual({
      id: 'evt_c',
      type: 'invoice.upcoming',
      subscriptionId: 'sub_1',
      amount_cents: 1999,
      periodStart: new Date(1_797_592_000_000).toISOString(),
      periodEnd: new Date(1_800_000_000_000).toISOString(),
    });
    const first = {
      id: 'evt_c0',
      type: 'invoice.created',
      data: { object: { id: 'in_5', billing_reason: 'subscription_create', subscription: 'sub_1' } },
    };
    expect(await provider.verifyWebhook(...signed(first))).toBeNull();
  });

  it('maps a declined card on the checkout page to checkout.payment_failed with the reason, and ignores intents of no checkout', async () => {
    const declined = {
      id: 'evt_d',
      type: 'payment_intent.payment_failed',
      data: {
        object: { id: 'pi_d', metadata: { checkoutId: 'chk-4' }, last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } },
      },
    };
    expect(await provider.verifyWebhook(...signed(declined))).toEqual({
      id: 'evt_d',
      type: 'checkout.payment_failed',
      checkoutId: 'chk-4',
      paymentId: 'pi_d',
      failureReason: 'Your card was declined.',
    });
    const renewal = {
      id: 'evt_r',
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_r', metadata: {}, last_payment_error: { message: 'Your card was declined.' } } },
    };
    expect(await provider.verifyWebhook(...signed(renewal))).toBeNull();
  });

  it('cancels at period end and reads the card on file', async () => {
    await provider.cancelSubscription('sub_1', { atPeriodEnd: true });
    const req = seen.at(-1)!;
    expect([req.method, req.path, req.form.get('cancel_at_period_end')]).toEqual(['POST', '/v1/subscriptions/sub_1', 'true']);
    expect(await provider.paymentMethod('sub_1')).toEqual(card);
  });
});
