import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundStreamId, webhookStreamId } from '@roar/domain';
import type { ProviderEvent } from '../src/payments';
import { paymentProcessManager } from '../src/app';
import { createPaymentProcessManager, type PaidCheckout, type PaymentStep, type RefundedPayment } from '../src/payments/process-manager';
import { startTestApi, type TestApi } from './setup';

/**
 * The payment process manager hands a paid checkout, or a refunded payment, to the steps registered
 * for the checkout's purpose, in the order they were registered, once per provider event; a purpose
 * nobody registered fails the event and records nothing, so the provider's next delivery applies it.
 */
describe('payment process manager', () => {
  let api: TestApi;
  let n = 0;
  const post = (path: string, body: unknown) =>
    fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** A paid join checkout at the local provider; its webhook goes nowhere (the endpoint is unreachable throughout). */
  async function paidJoin(): Promise<ProviderEvent> {
    n += 1;
    const r = await post('/api/sign-up', {
      first_name: 'Pia',
      last_name: 'Steps',
      email: `pia${n}@example.com.au`,
      password: 'correct-horse-1',
      membership_id: 3,
      recaptcha_token: 't',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(r.status).toBe(201);
    const { redirect_url } = (await r.json()) as { redirect_url: string };
    const paid = await fetch(redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Pia Steps' }).toString(),
    });
    expect(paid.status).toBe(303);
    const sessionId = new URL(redirect_url).pathname.split('/').pop()!;
    const event = await api.infra.members.payments.retrieveCheckout(sessionId);
    expect(event?.type).toBe('checkout.completed');
    return event!;
  }

  function recorder(calls: string[], name: string, purposes: PaymentStep['purposes']): PaymentStep {
    return {
      name,
      purposes,
      paid: async (_ctx, p: PaidCheckout) => {
        calls.push(`${name} paid ${p.checkout.purpose} ${p.paymentId}`);
        return null;
      },
      refunded: async (_ctx, p: RefundedPayment) => {
        calls.push(`${name} refunded ${p.checkout?.purpose ?? 'none'} ${p.paymentId}`);
        return null;
      },
    };
  }

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    // Only the process managers of these tests apply the payments: the provider's webhooks go nowhere.
    api.infra.setSelfUrl('http://127.0.0.1:9', api.url);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  it('runs the steps of the paid purpose in registration order, once per provider event; an unregistered purpose records nothing', async () => {
    const event = await paidJoin();
    const bare = createPaymentProcessManager(api.ctx, api.infra.members.payments);
    bare.register(recorder([], 'shop only', ['shop-order']));
    await expect(bare.onProviderEvent(event)).rejects.toThrow('no payment step for purpose join');
    expect(await api.infra.store.readStream(webhookStreamId('local', event.id))).toHaveLength(0);

    const calls: string[] = [];
    const pm = createPaymentProcessManager(api.ctx, api.infra.members.payments);
    pm.register(recorder(calls, 'first', ['join', 'upgrade']));
    pm.register(recorder(calls, 'team', ['team-fee']));
    pm.register(recorder(calls, 'second', ['single-entry', 'join']));
    expect(await pm.onProviderEvent(event)).toBe(true);
    expect(calls).toEqual([`first paid join ${event.paymentId}`, `second paid join ${event.paymentId}`]);
    expect(await pm.onProviderEvent(event)).toBe(false);
    expect(calls).toHaveLength(2);
    expect(await api.infra.store.readStream(webhookStreamId('local', event.id))).toHaveLength(1);
  });

  it("records a refund, then runs the compensation of the refunded checkout's purpose only", async () => {
    const event = await paidJoin();
    // The real process manager applies the payment (read.payments then knows it).
    expect(await paymentProcessManager(api.ctx, api.infra.members).onProviderEvent(event)).toBe(true);
    const calls: string[] = [];
    const pm = createPaymentProcessManager(api.ctx, api.infra.members.payments);
    pm.register(recorder(calls, 'team', ['team-fee']));
    pm.register(recorder(calls, 'membership', ['join']));
    const refund: ProviderEvent = {
      id: `evt_refund_${event.paymentId}`,
      type: 'charge.refunded',
      paymentId: event.paymentId!,
      refundReason: 'test refund',
    };
    expect(await pm.onProviderEvent(refund)).toBe(true);
    expect(calls).toEqual([`membership refunded join ${event.paymentId}`]);
    const recorded = await api.infra.store.readStream(refundStreamId(event.paymentId!));
    expect(recorded.map((e) => e.type)).toEqual(['PaymentRefunded']);
    expect(await pm.onProviderEvent(refund)).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
