import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { entriesStreamId, memberStreamId } from '@roar/domain';
import { ApiSpecification } from './api-spec';
import { startTestApi, type TestApi } from './setup';

interface Session {
  access_token: string;
  refresh_token: string;
  expires: number;
  redirect_url: string;
}

async function json<T>(r: Response): Promise<T> {
  return (await r.json()) as T;
}

describe('members: sign-up, payment, entries, upgrade, cancel, renewal (embedded default)', () => {
  let api: TestApi;
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  /** What a member does on the hosted test-mode checkout page: type a card and submit. */
  const pay = async (checkoutUrl: string, number: string) => {
    const url = new URL(checkoutUrl);
    expect(url.origin).toBe(api.url);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const r = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    await api.infra.members.local?.idle();
    return r;
  };
  const signUp = (email: string, membership_id: number, extra: Record<string, unknown> = {}) =>
    post('/api/sign-up', {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'correct-horse-1',
      membership_id,
      recaptcha_token: 'local-test-token',
      state: 'NSW',
      dob: '1990-01-01',
      ...extra,
    });
  const spec = ApiSpecification.for(() => api);
  const memberIdOf = async (answer: { body: unknown }) =>
    (await json<{ user: { id: string } }>(await get('/api/current-user', (answer.body as Session).access_token))).user.id;

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a paid sign-up pays with a test card and then sees the plan and the initial entries', async () => {
    // The member is registered and their checkout started; nothing is granted before payment.
    const signedUp = await spec()
      .when(() => signUp('jane@example.com.au', 3))
      .then({
        status: 201,
        body: { redirect_url: expect.stringMatching(/\/pay\/checkout\//) },
        events: async (answer) => {
          const memberId = await memberIdOf(answer);
          return {
            [memberStreamId(memberId)]: [
              { type: 'MemberRegistered', data: { memberId, email: 'jane@example.com.au', firstname: 'Jane', lastname: 'Citizen' } },
              { type: 'MembershipCheckoutStarted', data: { memberId, purpose: 'join', amount_cents: 2999 } },
            ],
            [entriesStreamId(memberId)]: [],
          };
        },
      });
    const session = signedUp.body as Session;
    // Nothing is granted before payment.
    const before = await json<{ user: { membership_id: number | null } }>(await get('/api/current-user', session.access_token));
    expect(before.user.membership_id).toBeNull();

    const paid = await pay(session.redirect_url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    // Back through the return route, which asks the provider before sending the member on.
    const back = paid.headers.get('location') ?? '';
    expect(back).toMatch(/\/api\/payments\/return\?session_id=cs_test_\w+&next=%2Fdashboard%3Fcheckout%3Dsuccess$/);
    const landed = await fetch(new URL(back, session.redirect_url), { redirect: 'manual' });
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toBe('/dashboard?checkout=success');

    const me = await json<{
      user: { membership_id: number; membership_end_date: string; referral_code: string };
      subscription: { status: string; card: { last4: string } };
    }>(await get('/api/current-user', session.access_token));
    expect(me.user.membership_id).toBe(3);
    expect(me.user.membership_end_date).toBeNull(); // renewing: no end yet
    expect(Date.parse((me.subscription as unknown as { end_date: string }).end_date)).toBeGreaterThan(Date.now());
    expect(me.user.referral_code).toMatch(/^[\w-]{16}$/);
    expect(me.subscription.status).toBe('active');
    const tickets = await json<{ data: { total: number; grants: Array<{ source: string; first_ticket: number; last_ticket: number }> } }>(
      await get('/api/user-tickets', session.access_token),
    );
    expect(tickets.data.total).toBe(50);
    expect(tickets.data.grants).toEqual([expect.objectContaining({ source: 'initial', first_ticket: 1, last_ticket: 50 })]);
    expect(await json(await get('/api/user-pay-method', session.access_token))).toEqual({ last4: '4242', brand: 'visa', error: '' });
  });

  it('a declined card pays nothing and grants nothing', async () => {
    const session = await json<Session>(await signUp('declined@example.com.au', 3));
    const r = await pay(session.redirect_url, '4000 0000 0000 0002');
    expect(r.status).toBe(402);
    expect(await r.text()).toContain('Your card was declined.');
    const me = await json<{ user: { membership_id: number | null } }>(await get('/api/current-user', session.access_token));
    expect(me.user.membership_id).toBeNull();
    const tickets = await json<{ data: { total: number } }>(await get('/api/user-tickets', session.access_token));
    expect(tickets.data.total).toBe(0);
  });

  it('refuses a duplicate email, a missing recaptcha, bad fields and an archived plan, never with a 500', async () => {
    await signUp('dupe@example.com.au', 1);
    const dupe = await signUp('DUPE@example.com.au', 1);
    expect(dupe.status).toBe(409);
    expect(await dupe.json()).toEqual({ error: 'An account with this email already exists.' });
    const noCaptcha = await post('/api/sign-up', {
      first_name: 'A',
      last_name: 'B',
      email: 'x@example.com',
      password: 'long-enough-1',
      membership_id: 1,
    });
    expect(noCaptcha.status).toBe(400);
    const badEmail = await signUp('not-an-email', 1);
    expect(await badEmail.json()).toEqual({ error: 'Please enter a valid email' });
    const archived = await signUp('archived@example.com.au', 4);
    expect(archived.status).toBe(400);
    const unknownField = await signUp('extra@example.com.au', 1, { is_admin: true });
    expect(unknownField.status).toBe(400);
  });

  it('concurrent sign-ups with one email create exactly one member', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => signUp('race@example.com.au', 1)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('a free member upgrades to platinum, cancels, and keeps benefits until the end date; renewals stack entries', async () => {
    // A free plan is active at once; it carries no initial entries, so none are granted.
    const signedUp = await spec()
      .when(() => signUp('free@example.com.au', 1))
      .then({
        status: 201,
        body: { redirect_url: '/dashboard' },
        events: async (answer) => {
          const memberId = await memberIdOf(answer);
          return {
            [memberStreamId(memberId)]: [
              { type: 'MemberRegistered', data: { memberId, email: 'free@example.com.au' } },
              { type: 'MembershipActivated', data: { memberId, source: 'join', periodEnd: null } },
            ],
            [entriesStreamId(memberId)]: [],
          };
        },
      });
    const session = signedUp.body as Session;
    const upgrade = await json<{ status: string; result: { redirect_url: string } }>(
      await post('/api/upgrade-plan', { membership_id: 3 }, session.access_token),
    );
    expect(upgrade.status).toBe('ok');
    await pay(upgrade.result.redirect_url, '4242424242424242');
    let tickets = await json<{ data: { total: number } }>(await get('/api/user-tickets', session.access_token));
    expect(tickets.data.total).toBe(50);

    // A month later the subscription renews: cumulative tickets stack on top.
    const me = await json<{ subscription: { id: string; end_date: string } }>(await get('/api/current-user', session.access_token));
    await api.infra.members.local!.advanceClock(me.subscription.id, new Date(Date.parse(me.subscription.end_date) + 60_000));
    await api.infra.members.local!.idle();
    const deadline = Date.now() + 5000;
    do {
      tickets = await json<{ data: { total: number } }>(await get('/api/user-tickets', session.access_token));
    } while (tickets.data.total < 100 && Date.now() < deadline);
    expect(tickets.data.total).toBe(100);

    const topTier = await json<{ status: string; error: string }>(await post('/api/upgrade-plan', { membership_id: 3 }, session.access_token));
    expect(topTier).toEqual({ status: 'error', result: null, error: 'Error upgrading membership' });

    const cancel = await json<{ status: string; result: { membership_end_date: string } }>(
      await post('/api/cancel-membership', {}, session.access_token),
    );
    expect(cancel.status).toBe('ok');
    const after = await json<{ user: { membership_id: number; membership_end_date: string }; subscription: { status: string } }>(
      await get('/api/current-user', session.access_token),
    );
    expect(after.subscription.status).toBe('cancelled');
    expect(after.user.membership_id).toBe(3);
    expect(after.user.membership_end_date).toBe(cancel.result.membership_end_date);
  });

  it('a webhook delivered again (the provider retrying) grants entries once', async () => {
    // Record the signed delivery the local provider makes, exactly as sent, to replay it.
    const deliveries: Array<{ url: string; init: RequestInit }> = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('/api/payments/webhook') && init) deliveries.push({ url: String(input), init });
      return realFetch(input, init);
    };
    let session: Session;
    try {
      session = await json<Session>(await signUp('twice@example.com.au', 3));
      await pay(session.redirect_url, '4242424242424242');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(deliveries).toHaveLength(1);
    const once = await json<{ data: { total: number } }>(await get('/api/user-tickets', session.access_token));
    expect(once.data.total).toBe(50);
    for (let i = 0; i < 2; i++) {
      const again = await realFetch(deliveries[0]!.url, deliveries[0]!.init);
      expect(again.status).toBe(200);
    }
    const twice = await json<{ data: { total: number; grants: unknown[] } }>(await get('/api/user-tickets', session.access_token));
    expect(twice.data.total).toBe(50);
    expect(twice.data.grants).toHaveLength(1);
    // A forged delivery (body changed after signing) is refused and changes nothing.
    const forged = await realFetch(deliveries[0]!.url, {
      ...deliveries[0]!.init,
      body: String(deliveries[0]!.init.body).replace('"amount_total":2999', '"amount_total":1'),
    });
    expect(forged.status).toBe(400);
  });

  it('a visitor can join with a single entry: ten entries, the single-entry tier, then upgrade', async () => {
    const session = await json<Session>(await signUp('single@example.com.au', 2));
    await pay(session.redirect_url, '4242424242424242');
    const me = await json<{ user: { membership_id: number }; activeSingleEntries: unknown[] }>(await get('/api/current-user', session.access_token));
    expect(me.user.membership_id).toBe(2);
    expect(me.activeSingleEntries).toHaveLength(1);
    const tickets = await json<{ data: { total: number; grants: Array<{ source: string }> } }>(await get('/api/user-tickets', session.access_token));
    expect(tickets.data).toMatchObject({ total: 10, grants: [{ source: 'single-entry' }] });
    const upgrade = await json<{ status: string; result: { redirect_url: string } }>(
      await post('/api/upgrade-plan', { membership_id: 3 }, session.access_token),
    );
    await pay(upgrade.result.redirect_url, '4242424242424242');
    const total = await json<{ data: { total: number } }>(await get('/api/user-tickets', session.access_token));
    expect(total.data.total).toBe(60);
  });

  it('profile updates answer the spec error for bad fields and a member cannot name another member', async () => {
    const session = await json<Session>(await signUp('profile@example.com.au', 1));
    const bad = await fetch(`${api.url}/api/update-user`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ id: 'someone-else', firstname: 'Mallory' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Error updating your profile');
    const ok = await fetch(`${api.url}/api/update-user`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ firstname: 'Janet' }),
    });
    expect(((await ok.json()) as { user: { firstname: string } }).user.firstname).toBe('Janet');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-pending-position')).toBeNull();
    expect((await fetch(`${api.url}/api/current-user`)).status).toBe(401);
  });

  it('a profile update whose wait for the read model runs out answers 202 with the pending position, not a 200', async () => {
    const session = await json<Session>(await signUp('profile-late@example.com.au', 1));
    // The projectors are made to miss the wait once (as a stopped or slow one would).
    const missed = vi.spyOn(api.ctx.projections, 'waitFor').mockResolvedValueOnce(false);
    try {
      const late = await fetch(`${api.url}/api/update-user`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ firstname: 'Lateral' }),
      });
      expect(missed).toHaveBeenCalledTimes(1);
      expect(late.status).toBe(202);
      expect(late.headers.get('x-pending-position')).toMatch(/^\d+\/\d+$/);
      expect((await json<{ user: { id: string } }>(late)).user.id).toBeTruthy();
    } finally {
      missed.mockRestore();
    }
    // The write itself was saved: once the projection has it, the profile shows it.
    await expect
      .poll(async () => (await json<{ user: { firstname: string } }>(await get('/api/current-user', session.access_token))).user.firstname, {
        timeout: 10_000,
      })
      .toBe('Lateral');
  });
});
