import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, createPgliteSql, createPgSql, type Sql } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import {
  createLocalCheckoutRouter,
  createLocalPaymentProvider,
  createPaymentWebhookRouter,
  type CreateCheckoutInput,
  type LocalPaymentProvider,
  type ProviderEvent,
} from '../src/payments';

/**
 * The local provider end to end over HTTP: the hosted page is fetched and its form posted as a
 * browser would, and signed webhooks arrive at the real webhook router on the same server.
 */
const secret = 'whsec_local_test_secret';
let clock = new Date('2026-11-21T10:00:00Z');
let db: TestDatabase | null = null;
let sql: Sql;
let server: Server;
let base: string;
let provider: LocalPaymentProvider;
const received: ProviderEvent[] = [];
let refuseDeliveries = 0;

beforeAll(async () => {
  // PostgreSQL when there is one; PAYMENTS_TEST_PGLITE=1 runs the same file on the embedded default.
  db = process.env.PAYMENTS_TEST_PGLITE === '1' ? null : await createTestDatabase('roar_payments');
  sql = db ? createPgSql({ connectionString: db.url, max: 4 }) : await createPgliteSql(null);
  const app = express();
  server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No background poller (deliveryPollMs 0): a refused delivery waits until the test asks for its
  // retry (idle), instead of the poller's next tick racing the test's look at what arrived.
  provider = createLocalPaymentProvider({
    sql,
    publicUrl: base,
    webhookSecret: secret,
    webhookUrl: `${base}/api/payments/webhook`,
    now: () => clock,
    logger: createLogger('silent'),
    retryDelaysMs: [50, 100],
    deliveryPollMs: 0,
  });
  app.use(
    '/api/payments/webhook',
    createPaymentWebhookRouter({
      provider,
      logger: createLogger('silent'),
      onEvent: async (e) => {
        if (refuseDeliveries > 0) {
          refuseDeliveries--;
          throw new Error('not now');
        }
        received.push(e);
      },
    }),
  );
  app.use('/pay', createLocalCheckoutRouter(provider));
}, 30_000);

afterAll(async () => {
  provider.stop();
  await new Promise<void>((r) => server.close(() => r()));
  await sql.close();
  await db?.drop();
});

beforeEach(() => {
  received.length = 0;
  clock = new Date('2026-11-21T10:00:00Z');
});

let n = 0;
async function checkout(
  mode: 'payment' | 'subscription',
  amount_cents = 1999,
): Promise<{ sessionId: string; url: string; input: CreateCheckoutInput }> {
  n++;
  const input: CreateCheckoutInput = {
    checkoutId: `chk-${n}`,
    memberId: `mem-${n}`,
    email: `m${n}@example.com`,
    purpose: 'join',
    mode,
    amount_cents,
    description: 'Platinum membership',
    successUrl: `http://app.test/ok?c=${n}`,
    cancelUrl: 'http://app.test/cancel',
  };
  return { ...(await provider.createCheckout(input)), input };
}

const pay = (url: string, card: { number: string; expiry?: string; cvc?: string }) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ number: card.number, expiry: card.expiry ?? '12/34', cvc: card.cvc ?? '123', name: 'Jo Golfer' }),
  });

describe('hosted checkout page', () => {
  it('shows the amount, description and a labelled card form', async () => {
    const { url } = await checkout('payment');
    expect(url).toMatch(new RegExp(`^${base}/pay/checkout/cs_test_`));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('$19.99');
    expect(html).toContain('Platinum membership');
    for (const [id, label] of [
      ['number', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
      ['name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}" name="${id}"`);
    }
    expect(html).toContain('href="http://app.test/cancel"');
  });

  it('4242 4242 4242 4242 pays, sends a signed checkout.session.completed and redirects 303 to the success URL', async () => {
    const { url, sessionId, input } = await checkout('payment');
    const res = await pay(url, { number: '4242 4242 4242 4242' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(input.successUrl);
    // Delivered through the real webhook router, which verified the Stripe-Signature.
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'checkout.completed',
      checkoutSessionId: sessionId,
      checkoutId: input.checkoutId,
      amount_cents: 1999,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(received[0]?.paymentId).toMatch(/^pi_/);
    expect(await provider.paymentMethod(input.memberId)).toEqual({ brand: 'visa', last4: '4242' });
    // A second submit (double click, back button) does not pay again.
    const again = await pay(url, { number: '4242424242424242' });
    expect(again.status).toBe(303);
    expect(received).toHaveLength(1);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(303);
  });

  // The bank's declines are reported (payment_intent.payment_failed, as Stripe does); the form's own checks are not.
  const declines: [string, string, string | null][] = [
    ['4000000000000002', 'Your card was declined.', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.', 'Your card has expired.'],
    ['4000000000000127', 'Your card&#39;s security code is incorrect.', "Your card's security code is incorrect."],
    ['4242424242424241', 'Your card number is invalid.', null],
  ];
  it.each(declines)('%s is refused with "%s", nothing is paid and the page is shown again', async (number, message, reported) => {
    const { url, sessionId, input } = await checkout('payment');
    const res = await pay(url, { number });
    expect(res.status).toBe(402);
    const html = await res.text();
    expect(html).toContain(`role="alert">${message}</div>`);
    expect(html).toContain('<label for="number">Card number</label>');
    expect(received).toEqual(
      reported ? [expect.objectContaining({ type: 'checkout.payment_failed', checkoutId: input.checkoutId, failureReason: reported })] : [],
    );
    expect((await provider.session(sessionId))?.status).toBe('open');
    expect(await provider.paymentMethod(input.memberId)).toBeNull();
  });

  it('refuses an expiry in the past, then accepts a good card on the same session', async () => {
    const { url } = await checkout('payment');
    const res = await pay(url, { number: '4242424242424242', expiry: '10/26' });
    expect(await res.text()).toContain('Your card has expired.');
    expect((await pay(url, { number: '4242424242424242', expiry: '11/26' })).status).toBe(303);
    expect(received.map((e) => e.type)).toEqual(['checkout.completed']);
  });

  it('expires an unpaid session after 24 h via the billing tick', async () => {
    const { url, sessionId, input } = await checkout('payment');
    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    await provider.billingTick(clock);
    expect(received).toContainEqual(
      expect.objectContaining({ type: 'checkout.expired', checkoutSessionId: sessionId, checkoutId: input.checkoutId }),
    );
    expect((await fetch(url)).status).toBe(410);
    expect((await pay(url, { number: '4242424242424242' })).status).toBe(410);
  });

  it('retries a webhook the endpoint refused, with backoff', async () => {
    refuseDeliveries = 1;
    const { url, input } = await checkout('payment');
    expect((await pay(url, { number: '4242424242424242' })).status).toBe(303);
    expect(received).toHaveLength(0);
    await provider.idle();
    expect(received).toEqual([expect.objectContaining({ type: 'checkout.completed', checkoutId: input.checkoutId })]);
  });
});

describe('subscriptions and the billing clock', () => {
  async function subscribe(number: string) {
    const { url, input } = await checkout('subscription');
    expect((await pay(url, { number })).status).toBe(303);
    const done = received.pop();
    expect(done).toMatchObject({
      type: 'checkout.completed',
      checkoutId: input.checkoutId,
      periodStart: '2026-11-21T10:00:00.000Z',
      periodEnd: '2026-12-21T10:00:00.000Z',
    });
    return done?.subscriptionId ?? '';
  }

  it('renews monthly: advancing the clock emits invoice.paid with the next period', async () => {
    const sub = await subscribe('4242424242424242');
    expect(sub).toMatch(/^sub_/);
    expect(await provider.advanceClock(sub, new Date('2026-12-21T09:59:59Z'))).toBe(0);
    await provider.advanceClock(sub, new Date('2027-01-22T00:00:00Z'));
    // Issue 23: the renewal is announced (Stripe's invoice.created) before it is charged, once.
    expect(received.map((e) => [e.type, e.subscriptionId, e.periodStart, e.periodEnd])).toEqual([
      ['invoice.upcoming', sub, '2026-12-21T10:00:00.000Z', '2027-01-21T10:00:00.000Z'],
      ['invoice.paid', sub, '2026-12-21T10:00:00.000Z', '2027-01-21T10:00:00.000Z'],
      ['invoice.paid', sub, '2027-01-21T10:00:00.000Z', '2027-02-21T10:00:00.000Z'],
    ]);
    expect(received[0]).toMatchObject({ amount_cents: 1999 });
    expect(received[1]).toMatchObject({ amount_cents: 1999, card: { brand: 'visa', last4: '4242' } });
  });

  it('a card that declines later charges (4000 0000 0000 0341) emits invoice.payment_failed on renewal', async () => {
    const sub = await subscribe('4000000000000341');
    await provider.advanceClock(sub, new Date('2026-12-22T00:00:00Z'));
    expect(received).toEqual([
      expect.objectContaining({ type: 'invoice.upcoming', subscriptionId: sub }),
      expect.objectContaining({ type: 'invoice.payment_failed', subscriptionId: sub, failureReason: 'Your card was declined.' }),
    ]);
    // Past due: the clock moving on does not bill it again.
    await provider.advanceClock(sub, new Date('2027-03-01T00:00:00Z'));
    expect(received).toHaveLength(2);
  });

  it('cancel at period end: no renewal, subscription.deleted when the period ends', async () => {
    const sub = await subscribe('5555555555554444');
    await provider.cancelSubscription(sub, { atPeriodEnd: true });
    await provider.advanceClock(null, new Date('2026-12-21T10:00:00Z'));
    expect(received.filter((e) => e.subscriptionId === sub)).toEqual([
      expect.objectContaining({ type: 'subscription.deleted', subscriptionId: sub }),
    ]);
    expect(await provider.paymentMethod(sub)).toEqual({ brand: 'mastercard', last4: '4444' });
  });
});
