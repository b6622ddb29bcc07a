import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberControlsStreamId, memberStreamId } from '@roar/domain';
import { listSentMail } from '@roar/workers';
import { clubDay } from '@roar/contracts/time';
import { adminFetch, signInStaff } from '../src/admin/test-staff';
import { migrateLocalPayments } from '../src/payments';
import { startTestApi, type TestApi } from './setup';

interface Session {
  access_token: string;
  redirect_url: string | null;
}

/** Issue 23 over HTTP: the member's limit, break and self-exclusion against the real app and local provider. */
describe('member controls: limits, a break, self-exclusion', () => {
  let api: TestApi;
  let clock = new Date();
  const send = (method: string, path: string, body: unknown, token?: string) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const signUp = async (email: string, membership_id: number, extra: Record<string, unknown> = {}) =>
    send('POST', '/api/sign-up', {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'correct-horse-1',
      membership_id,
      recaptcha_token: 'local-test-token',
      // Issue 22: a paid plan needs the member's state and date of birth.
      state: 'NSW',
      dob: '1990-01-01',
      ...extra,
    });
  const pay = async (checkoutUrl: string) => {
    await fetch(checkoutUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    await api.infra.members.local?.idle();
  };
  /** After the clock moves past a token's life: sign in again. */
  const signIn = async (email: string) => {
    const r = await send('POST', '/auth/login', { email, password: 'correct-horse-1' });
    expect(r.status).toBe(200);
    return ((await r.json()) as { data: { access_token: string } }).data.access_token;
  };
  const checkoutsOpened = async () => {
    const r = await api.infra.sql.query<{ n: string }>('select count(*)::text as n from local_payments.sessions');
    return Number(r.rows[0]?.n ?? 0);
  };

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', now: () => clock }))!;
    // The local payment provider creates its tables on first use; the count below may come first.
    await migrateLocalPayments(api.infra.sql);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a $0 limit at sign-up refuses a single entry with the amount left, before any checkout; a raise applies 24 hours later', async () => {
    const answer = await signUp('limit@example.com.au', 1, { monthly_limit_cents: 0 });
    expect(answer.status).toBe(201);
    const session = (await answer.json()) as Session;
    const opened = await checkoutsOpened();
    const refused = await send('POST', '/api/single-entry', { membership_id: 2 }, session.access_token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: 'error',
      result: null,
      error: 'Your monthly limit is $0. This purchase would go over it. You can spend $0 more on draws this month.',
    });
    expect(await checkoutsOpened()).toBe(opened);

    const raised = await send('PUT', '/api/member-controls/limit', { monthly_limit_cents: 5000 }, session.access_token);
    expect(raised.status).toBe(200);
    const view = (await raised.json()) as { monthly_limit_cents: number; pending_limit_applies_at: string; messages: string[] };
    expect(view.monthly_limit_cents).toBe(0);
    expect(Date.parse(view.pending_limit_applies_at) - clock.getTime()).toBe(24 * 3600_000);
    expect(view.messages.some((m) => m.startsWith('Your new limit of $50 applies from '))).toBe(true);
    // Still refused until the raise applies; then the payment page opens.
    expect((await send('POST', '/api/single-entry', { membership_id: 2 }, session.access_token)).status).toBe(403);
    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    session.access_token = await signIn('limit@example.com.au');
    const allowed = await send('POST', '/api/single-entry', { membership_id: 2 }, session.access_token);
    expect(allowed.status).toBe(200);
    expect(await checkoutsOpened()).toBe(opened + 1);
    const events = await api.infra.store.readStream(
      memberControlsStreamId(((await (await get('/api/current-user', session.access_token)).json()) as { user: { id: string } }).user.id),
    );
    expect(events.map((e) => e.type)).toEqual(['SpendingLimitSet', 'SpendingLimitSet']);
  });

  it('consent to promotional email given at sign-up is recorded on MemberRegistered; none unless given', async () => {
    const registered = async (email: string, extra: Record<string, unknown>) => {
      const session = (await (await signUp(email, 1, extra)).json()) as Session;
      const me = (await (await get('/api/current-user', session.access_token)).json()) as { user: { id: string } };
      return (await api.infra.store.readStream(memberStreamId(me.user.id))).find((e) => e.type === 'MemberRegistered')!.data as Record<
        string,
        unknown
      >;
    };
    expect((await registered('keen.promo@example.com.au', { marketing_opt_in: true })).marketingOptIn).toBe(true);
    expect(await registered('quiet.promo@example.com.au', {})).not.toHaveProperty('marketingOptIn');
    expect((await signUp('bad.promo@example.com.au', 1, { marketing_opt_in: 'yes' })).status).toBe(400);
  });

  it('a sign-up whose limit is below the plan is refused before anything is written', async () => {
    const r = await signUp('lowlimit@example.com.au', 3, { monthly_limit_cents: 1000 });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toBe(
      'Your monthly limit is $10. This purchase would go over it. Choose the free plan, or a higher limit.',
    );
  });

  it('a 7-day break refuses purchases, is not charged a renewal, cannot be ended early, and billing stays paused after it', async () => {
    const session = (await (await signUp('break@example.com.au', 3)).json()) as Session;
    await pay(session.redirect_url!);
    const me = (await (await get('/api/current-user', session.access_token)).json()) as {
      user: { id: string };
      subscription: { id: string; end_date: string };
    };
    const pause = await send('POST', '/api/member-controls/pause', { length: '7-days', billing: 'pause' }, session.access_token);
    expect(pause.status).toBe(200);
    const view = (await pause.json()) as { pause: { ends_at: string }; messages: string[] };
    expect(view.messages[0]).toMatch(/^You are on a break until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)\. Purchases and renewals are paused\.$/);
    const refused = await send('POST', '/api/single-entry', { membership_id: 2 }, session.access_token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(view.messages[0]);
    expect((await send('POST', '/api/member-controls/resume-billing', undefined, session.access_token)).status).toBe(403);

    // The period ends during the break: no renewal is charged.
    const payments = async () =>
      Number(
        (
          await api.infra.sql.query<{ n: string }>('select count(*)::text as n from local_payments.payments where subscription_id = $1', [
            me.subscription.id,
          ])
        ).rows[0]?.n,
      );
    const before = await payments();
    await api.infra.members.local!.advanceClock(me.subscription.id, new Date(Date.parse(me.subscription.end_date) + 60_000));
    await api.infra.members.local!.idle();
    expect(await payments()).toBe(before);

    // After the break nothing restarts by itself.
    clock = new Date(Date.parse(view.pause.ends_at) + 1000);
    await api.infra.members.local!.advanceClock(me.subscription.id, new Date(Date.parse(me.subscription.end_date) + 40 * 24 * 3600_000));
    expect(await payments()).toBe(before);
    session.access_token = await signIn('break@example.com.au');
    const after = (await (await get('/api/member-controls', session.access_token)).json()) as { pause: unknown; billing_paused: boolean };
    expect(after).toMatchObject({ pause: null, billing_paused: true });
    expect((await send('POST', '/api/member-controls/resume-billing', undefined, session.access_token)).status).toBe(200);
  });

  it('a renewal that would go past the month\u2019s limit is not charged: collection paused, an event, and an email saying why', async () => {
    const paymentsOf = async (subscriptionId: string) =>
      Number(
        (
          await api.infra.sql.query<{ n: string }>('select count(*)::text as n from local_payments.payments where subscription_id = $1', [
            subscriptionId,
          ])
        ).rows[0]?.n,
      );
    const member = async (email: string, limitCents: number) => {
      const session = (await (await signUp(email, 3)).json()) as Session;
      await pay(session.redirect_url!);
      const me = (await (await get('/api/current-user', session.access_token)).json()) as {
        user: { id: string };
        subscription: { id: string; end_date: string };
      };
      // Set after joining: it applies to plan charges that start after it (a lower limit at once).
      expect((await send('PUT', '/api/member-controls/limit', { monthly_limit_cents: limitCents }, session.access_token)).status).toBe(200);
      return { session, me };
    };
    const held = await member('held@example.com.au', 0);
    const roomy = await member('roomy@example.com.au', 1_000_000);
    const before = { held: await paymentsOf(held.me.subscription.id), roomy: await paymentsOf(roomy.me.subscription.id) };
    for (const m of [held, roomy]) {
      await api.infra.members.local!.advanceClock(m.me.subscription.id, new Date(Date.parse(m.me.subscription.end_date) + 60_000));
      await api.infra.members.local!.idle();
    }
    // The one with room is charged; the one at $0 is not, and its collection is paused at the provider.
    expect(await paymentsOf(roomy.me.subscription.id)).toBe(before.roomy + 1);
    expect(await paymentsOf(held.me.subscription.id)).toBe(before.held);
    const sub = await api.infra.sql.query<{ collection_paused: boolean }>(
      'select collection_paused from local_payments.subscriptions where id = $1',
      [held.me.subscription.id],
    );
    expect(sub.rows[0]?.collection_paused).toBe(true);
    const events = await api.infra.store.readStream(memberControlsStreamId(held.me.user.id));
    const hold = events.find((e) => e.type === 'MemberRenewalHeld');
    expect(hold?.data).toMatchObject({ memberId: held.me.user.id, subscriptionId: held.me.subscription.id, limitCents: 0, leftCents: 0 });
    expect((await api.infra.store.readStream(memberControlsStreamId(roomy.me.user.id))).some((e) => e.type === 'MemberRenewalHeld')).toBe(false);
    const view = (await (await get('/api/member-controls', held.session.access_token)).json()) as { billing_paused: boolean };
    expect(view.billing_paused).toBe(true);
    const subject = 'Your ROAR+ renewal was not charged';
    await expect
      .poll(async () => (await listSentMail(api.ctx.config.DATA_DIR)).filter((m) => m.subject === subject).map((m) => m.to[0]), { timeout: 20_000 })
      .toEqual(['held@example.com.au']);
    const mail = (await listSentMail(api.ctx.config.DATA_DIR)).find((m) => m.subject === subject)!;
    expect(mail.text).toContain('would go past your monthly limit of $0');
    // The clock moving on charges nothing while collection stays paused.
    await api.infra.members.local!.advanceClock(held.me.subscription.id, new Date(Date.parse(held.me.subscription.end_date) + 40 * 24 * 3600_000));
    expect(await paymentsOf(held.me.subscription.id)).toBe(before.held);
  });

  it('self-exclusion is at least the rules\u2019 minimum, and staff have no route to lift it', async () => {
    const session = (await (await signUp('excluded@example.com.au', 1)).json()) as Session;
    const r = await send('POST', '/api/member-controls/pause', { length: '6-months', billing: 'cancel' }, session.access_token);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { pause: { kind: string } }).pause.kind).toBe('self-exclusion');
    const again = await send('POST', '/api/member-controls/pause', { length: '24-hours', billing: 'pause' }, session.access_token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/^You have excluded yourself until /);
    const rules = (await (await fetch(`${api.url}/api/member-controls/rules`)).json()) as {
      rules: Array<{ key: string; value: number; source: string }>;
    };
    expect(rules.rules.find((x) => x.key === 'min_self_exclusion_months')).toMatchObject({ value: 6, source: expect.stringContaining('UK code') });
  });
  it('takes its numbers from the compliance rules admins edit: a longer minimum self-exclusion applies from its date', async () => {
    const staff = await signInStaff(api);
    const rule = {
      key: 'selfExclusionMinMonths',
      value: 12,
      effective_from: clubDay(clock),
      source: 'Club policy: a year at least',
      reason: 'The board asked for a longer minimum',
    };
    const set = await adminFetch(api, '/compliance-rules/national', { method: 'POST', token: staff.admin.token, body: JSON.stringify(rule) });
    expect(set.status).toBe(200);
    const rules = (await (await fetch(`${api.url}/api/member-controls/rules`)).json()) as {
      rules: Array<{ key: string; value: number; source: string }>;
    };
    expect(rules.rules.find((x) => x.key === 'min_self_exclusion_months')).toMatchObject({ value: 12, source: 'Club policy: a year at least' });
    const session = (await (await signUp('longer@example.com.au', 1)).json()) as Session;
    const refused = await send('POST', '/api/member-controls/pause', { length: '6-months', billing: 'cancel' }, session.access_token);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('Self-exclusion lasts at least 12 months.');
    expect((await send('POST', '/api/member-controls/pause', { length: '1-year', billing: 'cancel' }, session.access_token)).status).toBe(200);
  });
});
