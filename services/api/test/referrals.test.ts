import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesStreamId, memberStreamId, referralStreamId } from '@roar/domain';
import { adminFetch, randomDigits, signInStaff, type StaffLogin } from '../src/admin/test-staff';
import { paymentProcessManager } from '../src/app';
import { ApiSpecification } from './api-spec';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

/** Platinum (id 3): referrer_entries 40, referee_entries 20, initial 50. Free is id 1. */
describe.each([{ database: 'pglite' as const }, { database: 'postgres' as const }])('referrals over HTTP ($database)', ({ database }) => {
  let api: TestApi;
  let c: ReturnType<typeof client>;
  let staff: Record<'admin' | 'staff' | 'auditor', StaffLogin>;

  beforeAll(async () => {
    const started = await startTestApi({ database });
    if (!started) throw new Error(`no ${database} database for this test`);
    api = started;
    c = client(api);
    staff = await signInStaff(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('looks a code up: valid, unknown, empty, own code, and a referrer whose membership does not allow referral', async () => {
    const referrer = await c.paidMember(3, {}, 'Alex', 'Morgan');
    const code = (await c.me(referrer.token)).user.referral_code;
    expect((await c.post('/api/get-referral-details', { refer_code: code })).body).toEqual({
      isValid: true,
      message: 'Alex invited you to ROAR+. Join with a paid membership and you both get bonus entries.',
      error: null,
      referrer: { firstname: 'Alex' },
    });
    expect((await c.post('/api/get-referral-details', { refer_code: 'nope-not-a-code' })).body).toEqual({
      isValid: false,
      message: 'Invalid referral code.',
      error: 'Invalid referral code.',
    });
    const empty = await c.post('/api/get-referral-details', { refer_code: '' });
    expect(empty).toEqual({ status: 400, body: { error: 'Invalid referral code.' } });
    expect((await c.post('/api/get-referral-details', { refer_code: 'x'.repeat(41) })).status).toBe(400);
    const own = await c.post('/api/get-referral-details', { refer_code: code }, referrer.token);
    expect(own.body).toMatchObject({ isValid: false, error: 'You cannot refer yourself.' });
    const free = await c.signUp(1);
    const freeCode = (await c.me(free.token)).user.referral_code;
    expect((await c.post('/api/get-referral-details', { refer_code: freeCode })).body).toMatchObject({
      isValid: false,
      error: 'This referral link is no longer active.',
    });
  });

  it('refuses a sign-up with a bad code and writes nothing', async () => {
    const free = await c.signUp(1);
    const freeCode = (await c.me(free.token)).user.referral_code;
    for (const referral_code of ['unknown-code-123', freeCode]) {
      const email = `bad-${randomDigits()}@example.com.au`;
      const r = await c.post('/api/sign-up', {
        first_name: 'B',
        last_name: 'C',
        email,
        password: 'correct-horse-1',
        membership_id: 3,
        recaptcha_token: 't',
        state: 'NSW',
        dob: '1990-01-01',
        referral_code,
      });
      expect(r).toEqual({ status: 400, body: { error: 'Invalid referral code.' } });
      // The email was not reserved: the same sign-up without the code goes through.
      const again = await c.post('/api/sign-up', {
        first_name: 'B',
        last_name: 'C',
        email,
        password: 'correct-horse-1',
        membership_id: 1,
        recaptcha_token: 't',
        state: 'NSW',
        dob: '1990-01-01',
      });
      expect(again.status).toBe(201);
    }
  });

  it('a paid sign-up through the link gives both members their bonus once, naming each other; the referrer lists it', async () => {
    const referrer = await c.paidMember(3, {}, 'Alex', 'Morgan');
    const code = (await c.me(referrer.token)).user.referral_code;
    const before = (await c.tickets(referrer.token)).total;
    // The sign-up records who referred the new member; nothing is granted to either before payment.
    const signedUp = await ApiSpecification.for(() => api)()
      .when(async () => {
        const joined = await c.signUp(3, { referral_code: code }, 'Sam', 'Jones');
        return { status: joined.status, body: joined };
      })
      .then({
        status: 201,
        events: (answer) => {
          const refereeId = (answer.body as { id: string }).id;
          return {
            [memberStreamId(refereeId)]: [
              { type: 'MemberRegistered', data: { memberId: refereeId, firstname: 'Sam', lastname: 'Jones', referralCode: expect.any(String) } },
              { type: 'MembershipCheckoutStarted', data: { memberId: refereeId, purpose: 'join' } },
            ],
            [referralStreamId(refereeId)]: [{ type: 'ReferralRecorded', data: { refereeId, referrerId: referrer.id, referralCode: code } }],
            [entriesStreamId(refereeId)]: [],
            [entriesStreamId(referrer.id)]: [],
          };
        },
      });
    const referee = signedUp.body as Awaited<ReturnType<typeof c.signUp>>;
    expect((await c.tickets(referrer.token)).total).toBe(before);
    let list = await c.get('/api/referrals', referrer.token);
    expect(list.body.data).toEqual([
      expect.objectContaining({ referee_name: 'Sam J.', status: 'recorded', referrer_entries: null, granted_at: null }),
    ]);
    // A declined card grants nothing.
    expect((await c.pay(referee.redirect_url, '4000 0000 0000 0002')).status).toBe(402);
    expect((await c.tickets(referrer.token)).total).toBe(before);
    expect((await c.pay(referee.redirect_url)).status).toBe(303);

    const mine = await c.tickets(referrer.token);
    expect(mine.total).toBe(before + 40);
    expect(mine.grants).toContainEqual(
      expect.objectContaining({ source: 'referral', count: 40, reason: 'Referral bonus: Sam J. joined with your link' }),
    );
    const theirs = await c.tickets(referee.token);
    expect(theirs.total).toBe(50 + 20);
    expect(theirs.grants).toContainEqual(
      expect.objectContaining({ source: 'referral', count: 20, reason: 'Referral bonus: you were referred by Alex M.' }),
    );
    list = await c.get('/api/referrals', referrer.token);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: referee.id,
        referee_name: 'Sam J.',
        status: 'bonus-granted',
        referrer_entries: 40,
        granted_at: expect.any(String),
        recorded_at: expect.any(String),
      }),
    ]);

    // Paying again (a single entry) grants no second bonus.
    const single = await c.post('/api/single-entry', { membership_id: 2 }, referee.token);
    expect(single.status).toBe(200);
    await c.pay((single.body.result as { redirect_url: string }).redirect_url);
    expect((await c.tickets(referrer.token)).total).toBe(before + 40);

    // Staff see who referred whom, with the events behind it.
    const rows = await adminFetch(api, `/referrals?filter=${encodeURIComponent(JSON.stringify({ referrer_id: referrer.id }))}`, {
      token: staff.auditor.token,
    });
    expect(rows.status).toBe(200);
    expect(await rows.json()).toEqual([
      expect.objectContaining({
        id: referee.id,
        referrer_name: 'Alex Morgan',
        referee_name: 'Sam Jones',
        status: 'bonus-granted',
        referrer_entries: 40,
        referee_entries: 20,
      }),
    ]);
    const show = (await (await adminFetch(api, `/referrals/${referee.id}`, { token: staff.auditor.token })).json()) as {
      events: Array<{ event_type: string }>;
    };
    expect(show.events.map((e) => e.event_type)).toEqual(['ReferralRecorded', 'ReferralBonusGranted', 'EntriesGranted', 'EntriesGranted']);
  });

  it('a replayed webhook grants nothing twice', async () => {
    const referrer = await c.paidMember(3);
    const code = (await c.me(referrer.token)).user.referral_code;
    const referee = await c.signUp(3, { referral_code: code });
    await c.pay(referee.redirect_url);
    // The same payment reported again under new event ids (the provider resending), and a second submit of the page.
    await c.pay(referee.redirect_url);
    const payments = (await (
      await adminFetch(api, `/payments?filter=${encodeURIComponent(JSON.stringify({ member_id: referee.id }))}`, { token: staff.admin.token })
    ).json()) as Array<{ checkout_id: string; payment_id: string | null; amount_cents: number }>;
    const paid = payments.find((p) => p.payment_id)!;
    const deliver = paymentProcessManager(api.ctx, api.infra.members).onProviderEvent;
    for (const id of ['evt_replay_1', 'evt_replay_2', 'evt_replay_2']) {
      await deliver({ id, type: 'checkout.completed', checkoutId: paid.checkout_id, paymentId: paid.payment_id!, amount_cents: paid.amount_cents });
    }
    expect((await c.tickets(referrer.token)).grants.filter((g) => g.source === 'referral')).toHaveLength(1);
    expect((await c.tickets(referee.token)).grants.filter((g) => g.source === 'referral')).toHaveLength(1);
  });

  it('a free sign-up grants nothing until a paid checkout, then the bonus comes from that tier', async () => {
    const referrer = await c.paidMember(3);
    const code = (await c.me(referrer.token)).user.referral_code;
    const before = (await c.tickets(referrer.token)).total;
    const referee = await c.signUp(1, { referral_code: code });
    expect(referee.status).toBe(201);
    expect((await c.tickets(referrer.token)).total).toBe(before);
    // A single entry (referrer 5, referee 5) is the first paid checkout.
    const single = await c.post('/api/single-entry', { membership_id: 2 }, referee.token);
    expect(single.status).toBe(200);
    await c.pay((single.body.result as { redirect_url: string }).redirect_url);
    expect((await c.tickets(referrer.token)).total).toBe(before + 5);
    expect((await c.tickets(referee.token)).grants).toContainEqual(expect.objectContaining({ source: 'referral', count: 5 }));
    // A later upgrade to platinum grants no second bonus.
    const up = await c.post('/api/upgrade-plan', { membership_id: 3 }, referee.token);
    expect(up.status).toBe(200);
    await c.pay((up.body.result as { redirect_url: string }).redirect_url);
    expect((await c.tickets(referrer.token)).total).toBe(before + 5);
  });

  it('a refund voids the referral and revokes both bonuses; only an admin may refund', async () => {
    const referrer = await c.paidMember(3);
    const code = (await c.me(referrer.token)).user.referral_code;
    const before = (await c.tickets(referrer.token)).total;
    const referee = await c.signUp(3, { referral_code: code });
    await c.pay(referee.redirect_url);
    expect((await c.tickets(referrer.token)).total).toBe(before + 40);
    const payments = (await (
      await adminFetch(api, `/payments?filter=${encodeURIComponent(JSON.stringify({ member_id: referee.id }))}`, { token: staff.admin.token })
    ).json()) as Array<{ id: string; status: string }>;
    const paid = payments.find((p) => p.status === 'paid')!;
    for (const who of [staff.staff, staff.auditor]) {
      expect(
        (
          await adminFetch(api, `/payments/${paid.id}/refund`, {
            method: 'POST',
            token: who.token,
            body: JSON.stringify({ reason: 'Asked for a refund' }),
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (await adminFetch(api, `/payments/${paid.id}/refund`, { method: 'POST', token: staff.admin.token, body: JSON.stringify({}) })).status,
    ).toBe(400);
    const refund = await adminFetch(api, `/payments/${paid.id}/refund`, {
      method: 'POST',
      token: staff.admin.token,
      body: JSON.stringify({ reason: 'Asked for a refund' }),
    });
    expect(refund.status).toBe(202);
    await api.infra.members.local?.idle();
    expect(
      (await adminFetch(api, `/payments/${paid.id}/refund`, { method: 'POST', token: staff.admin.token, body: JSON.stringify({ reason: 'Again' }) }))
        .status,
    ).toBe(409);

    await expect.poll(async () => (await c.tickets(referrer.token)).total).toBe(before);
    expect((await c.tickets(referee.token)).total).toBe(50);
    // The refund itself is a fact in the log, and the staff payment page shows it.
    const shown = (await (await adminFetch(api, `/payments/${paid.id}`, { token: staff.admin.token })).json()) as {
      status: string;
      failure_reason: string | null;
    };
    expect(shown).toMatchObject({ status: 'refunded', failure_reason: 'Asked for a refund' });
    const refunds = await api.infra.store.readStream(`refund-${(paid as { payment_id?: string }).payment_id ?? ''}`);
    expect(refunds.map((e) => e.type)).toEqual(['PaymentRefunded']);
    const list = await c.get('/api/referrals', referrer.token);
    expect(list.body.data).toEqual([expect.objectContaining({ status: 'voided' })]);
  });

  it('sends invites through the job queue with the pattern, eligibility, member and flood rules', async () => {
    const referrer = await c.paidMember(3, {}, 'Alex', 'Morgan');
    const code = (await c.me(referrer.token)).user.referral_code;
    const send = (email: string, token = referrer.token) => c.post('/api/send-referee-email', { email }, token);
    expect(await send('not an email')).toEqual({ status: 400, body: { error: 'Please enter a valid email' } });
    expect(await send('a<b>@example.com')).toEqual({ status: 400, body: { error: 'Please enter a valid email' } });
    expect((await c.post('/api/send-referee-email', { email: 'x@example.com' })).status).toBe(401);
    const free = await c.signUp(1);
    expect(await send('friend@example.com', free.token)).toEqual({
      status: 403,
      body: { error: 'Sorry, you need to be on an active membership to "Refer a friend"' },
    });
    expect(await send(free.email)).toEqual({ status: 409, body: { error: 'This person is already a member.' } });

    expect(await send('Friend.One@Example.com')).toEqual({ status: 200, body: { error: null } });
    await expect.poll(async () => (await c.mail()).filter((m) => m.to.includes('friend.one@example.com')).length).toBe(1);
    const mail = (await c.mail()).find((m) => m.to.includes('friend.one@example.com'))!;
    expect(mail.subject).toBe('Alex invited you to ROAR+');
    expect(mail.text).toContain(`/refer/${code}`);
    // One per invited email per 24 h.
    expect(await send('friend.one@example.com')).toEqual({ status: 429, body: { error: 'Too many invites. Please try again later.' } });
    // Ten per member per hour.
    for (let i = 2; i <= 10; i += 1) expect((await send(`friend${i}@example.com`)).status).toBe(200);
    expect(await send('friend11@example.com')).toEqual({ status: 429, body: { error: 'Too many invites. Please try again later.' } });
  });
});
