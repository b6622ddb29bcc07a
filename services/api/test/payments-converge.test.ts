import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@roar/platform';
import { memberStreamId } from '@roar/domain';
import { paymentProcessManager } from '../src/app';
import { createLocalPaymentProvider, sweepPaidCheckouts } from '../src/payments';
import { startTestApi, type TestApi } from './setup';

/**
 * A payment the local provider took is applied exactly once, whichever way it reaches us: the
 * webhook (durable, redelivered after a restart), the member's return from checkout, or the
 * sweeper. The webhook endpoint is made unreachable to stand in for an API that died.
 */
describe('charged means applied, exactly once', () => {
  let api: TestApi;
  let n = 0;
  const post = (path: string, body: unknown) =>
    fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const deadEndpoint = () => api.infra.setSelfUrl('http://127.0.0.1:9');
  const liveEndpoint = () => api.infra.setSelfUrl(api.url);

  async function signUpPaid(): Promise<{ token: string; memberId: string; checkoutUrl: string }> {
    n += 1;
    const r = await post('/api/sign-up', {
      first_name: 'Pat',
      last_name: 'Payer',
      email: `pat${n}@example.com.au`,
      password: 'correct-horse-1',
      membership_id: 3,
      recaptcha_token: 't',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(r.status).toBe(201);
    const s = (await r.json()) as { access_token: string; redirect_url: string };
    const me = (await (await get('/api/current-user', s.access_token)).json()) as { user: { id: string } };
    return { token: s.access_token, memberId: me.user.id, checkoutUrl: s.redirect_url };
  }
  /** Pays on the hosted page; answers where the page sends the member next. */
  async function pay(checkoutUrl: string): Promise<string> {
    const r = await fetch(checkoutUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Pat Payer' }).toString(),
    });
    expect(r.status).toBe(303);
    return new URL(r.headers.get('location') ?? '', checkoutUrl).toString();
  }
  async function applied(m: { token: string; memberId: string }) {
    const tickets = (await (await get('/api/user-tickets', m.token)).json()) as { data: { total: number } };
    const events = await api.infra.store.readStream(memberStreamId(m.memberId));
    return { tickets: tickets.data.total, activations: events.filter((e) => e.type === 'MembershipActivated').length };
  }
  /** Time passes for the backoff: the pending deliveries are due now; then they are delivered. */
  async function redeliver() {
    await api.infra.sql.query('update local_payments.webhook_deliveries set next_attempt_at = now() where delivered_at is null');
    await api.infra.members.local!.idle();
  }

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  it('the webhook is kept in a table: a new provider instance (a restarted API) delivers it', async () => {
    const m = await signUpPaid();
    deadEndpoint();
    await pay(m.checkoutUrl);
    expect(await applied(m)).toEqual({ tickets: 0, activations: 0 });
    const pending = await api.infra.sql.query<{ attempts: number; delivered_at: Date | null }>(
      "select attempts, delivered_at from local_payments.webhook_deliveries where type = 'checkout.session.completed' and delivered_at is null",
    );
    expect(pending.rows).toHaveLength(1);
    // The first process is gone; the one that takes over reads the same table.
    liveEndpoint();
    const restarted = createLocalPaymentProvider({
      sql: api.infra.sql,
      publicUrl: api.url,
      webhookSecret: (await import('../src/secrets')).persistentSecret(api.ctx.config, 'payments-webhook-secret'),
      webhookUrl: `${api.url}/api/payments/webhook`,
      logger: createLogger('silent'),
      deliveryPollMs: 0,
    });
    await api.infra.sql.query('update local_payments.webhook_deliveries set next_attempt_at = now() where delivered_at is null');
    expect(await restarted.deliverDue()).toBe(1);
    restarted.stop();
    expect(await applied(m)).toEqual({ tickets: 50, activations: 1 });
  });

  it("the member's return asks the provider and applies what the webhook did not; the late webhook changes nothing", async () => {
    const m = await signUpPaid();
    deadEndpoint();
    const back = await pay(m.checkoutUrl);
    liveEndpoint();
    expect(await applied(m)).toEqual({ tickets: 0, activations: 0 });
    const landed = await fetch(back, { redirect: 'manual' });
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toBe('/dashboard?checkout=success');
    expect(await applied(m)).toEqual({ tickets: 50, activations: 1 });
    await redeliver();
    await fetch(back, { redirect: 'manual' });
    expect(await applied(m)).toEqual({ tickets: 50, activations: 1 });
  });

  it('the sweeper applies a paid checkout whose webhook is still unacknowledged, once', async () => {
    const m = await signUpPaid();
    deadEndpoint();
    await pay(m.checkoutUrl);
    const onEvent = paymentProcessManager(api.ctx, api.infra.members).onProviderEvent;
    const options = { provider: api.infra.members.payments, onEvent, logger: createLogger('silent') };
    // Within the grace period the webhook may still come: the sweeper leaves it alone.
    expect(await sweepPaidCheckouts({ ...options, graceMs: 60_000 })).toBe(0);
    expect(await sweepPaidCheckouts({ ...options, graceMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(await applied(m)).toEqual({ tickets: 50, activations: 1 });
    await sweepPaidCheckouts({ ...options, graceMs: 0 });
    liveEndpoint();
    await redeliver();
    expect(await applied(m)).toEqual({ tickets: 50, activations: 1 });
    const left = await api.infra.sql.query('select 1 from local_payments.webhook_deliveries where delivered_at is null and gave_up_at is null');
    expect(left.rows).toHaveLength(0);
  });

  it('a return link with a foreign next or a bad session id still lands on our own page', async () => {
    const r = await fetch(`${api.url}/api/payments/return?session_id=cs_not_a_session&next=//evil.example.net/x`, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/dashboard');
    // A session id the database cannot hold is refused by the input gate before any redirect.
    const nul = await fetch(`${api.url}/api/payments/return?session_id=%00&next=//evil.example.net/x`, { redirect: 'manual' });
    expect(nul.status).toBe(400);
    expect(nul.headers.get('location')).toBeNull();
  });
});
