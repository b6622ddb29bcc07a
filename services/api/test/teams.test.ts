import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSeatStreamId, teamStreamId } from '@roar/domain';
import { adminFetch, signInStaff, type StaffLogin } from '../src/admin/test-staff';
import { paymentProcessManager } from '../src/app';
import { sweepExpiredInvites } from '../src/teams';
import { ApiSpecification } from './api-spec';
import { client, type Joined } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

interface Team {
  id: string;
  status: string;
  role: string;
  captain: { firstname: string; lastname: string };
  members: Array<{ name: string | null; email: string; status: string; invite_id: string | null; expires_at: string | null }>;
  seats_left: number;
  completed_at: string | null;
  benefits: Record<string, number>;
}

describe('the team draw over HTTP (embedded default)', () => {
  let api: TestApi;
  let c: ReturnType<typeof client>;
  let staff: Record<'admin' | 'staff' | 'auditor', StaffLogin>;
  const DAY = 86_400_000;
  /** How far the API's clock runs ahead of the real one (0 but in the rejoin test). */
  let clockAhead = 0;

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', now: () => new Date(Date.now() + clockAhead) }))!;
    c = client(api);
    staff = await signInStaff(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  const team = async (token: string) => (await c.get('/api/team', token)).body.data as Team | null;
  const invite = (email: string, token: string) => c.post('/api/team/invite', { email }, token);
  const inviteIdFor = (t: Team, email: string) => t.members.find((m) => m.email === email.toLowerCase())!.invite_id!;
  const join = async (m: Joined, inviteId: string, card = '4242 4242 4242 4242') => {
    const r = await c.post('/api/team/join', { invite_id: inviteId }, m.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return c.pay(r.body.redirect_url as string, card);
  };

  it('a team of four: start, invite three, each pays $50 for 30 entries and a month of rewards; the captain gets 40', async () => {
    const captain = await c.paidMember(3, {}, 'Casey', 'Captain');
    const free = await c.signUp(1);
    expect(await c.post('/api/team/start', {}, free.token)).toEqual({ status: 403, body: { error: 'Only a paying subscriber can start a team.' } });
    expect((await c.post('/api/team/start', {})).status).toBe(401);
    expect(await team(captain.token)).toBeNull();

    // Starting records the team in its own stream and takes the captain's seat in theirs.
    await ApiSpecification.for(() => api)()
      .when(() => ({ path: '/api/team/start', body: {}, token: captain.token }))
      .then({
        status: 201,
        body: {
          data: {
            status: 'open',
            role: 'captain',
            captain: { firstname: 'Casey', lastname: 'Captain' },
            seats_left: 3,
            completed_at: null,
            members: [{ name: 'Casey Captain', email: captain.email, status: 'captain', invite_id: null, expires_at: null }],
            benefits: { mate_entries: 30, merchandise_discount_percent: 20, benefit_months: 1, inviter_bonus_entries: 40, fee: 50 },
          },
        },
        events: (answer) => {
          const teamId = (answer.body as { data: { id: string } }).data.id;
          return {
            [teamStreamId(teamId)]: [{ type: 'TeamStarted', data: { teamId, captainId: captain.id, captainEmail: captain.email.toLowerCase() } }],
            [teamSeatStreamId(captain.id)]: [{ type: 'TeamSeatReserved', data: { memberId: captain.id, teamId, role: 'captain' } }],
          };
        },
      });
    expect(await c.post('/api/team/start', {}, captain.token)).toEqual({ status: 409, body: { error: 'You are already in an open team.' } });

    // Bad invites.
    expect(await invite('not an email', captain.token)).toEqual({ status: 400, body: { error: 'Please enter a valid email' } });
    expect(await invite(captain.email, captain.token)).toEqual({ status: 400, body: { error: 'You cannot invite yourself.' } });
    expect(await invite('someone@example.com', free.token)).toEqual({ status: 404, body: { error: 'Start a team first.' } });

    const mates = [await c.signUp(1, {}, 'Mia', 'One'), await c.signUp(1, {}, 'Max', 'Two'), await c.signUp(1, {}, 'Mo', 'Three')];
    for (const m of mates) expect((await invite(m.email, captain.token)).status).toBe(201);
    expect(await invite(mates[0]!.email, captain.token)).toEqual({
      status: 409,
      body: { error: 'This email has already been invited to this team.' },
    });
    expect(await invite('fourth@example.com', captain.token)).toEqual({ status: 409, body: { error: 'This team is full.' } });
    let t = (await team(captain.token))!;
    expect(t.seats_left).toBe(0);
    expect(t.members.map((m) => m.status)).toEqual(['captain', 'pending', 'pending', 'pending']);
    const ids = mates.map((m) => inviteIdFor(t, m.email));

    // The invite email and the public invite lookup.
    const invitation = async () =>
      (await c.mail()).find((m) => m.to.includes(mates[0]!.email.toLowerCase()) && m.subject === 'Casey invited you to their ROAR+ team');
    await expect.poll(invitation).toBeTruthy();
    const mail = (await invitation())!;
    expect(mail.text).toContain(`/team-prizes?invite=${ids[0]}`);
    const lookup = await c.get(`/api/team/invites/${ids[0]}`);
    expect(lookup.body.data).toEqual({
      invite_id: ids[0],
      team_id: t.id,
      captain_firstname: 'Casey',
      email: mates[0]!.email.toLowerCase(),
      status: 'pending',
      expires_at: expect.any(String),
      fee: 50,
    });
    expect(Date.parse((lookup.body.data as { expires_at: string }).expires_at) - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect(await c.get('/api/team/invites/no-such-invite')).toEqual({ status: 404, body: { error: 'This invite does not exist.' } });

    // Someone else's invite.
    expect(await c.post('/api/team/join', { invite_id: ids[0] }, mates[1]!.token)).toEqual({
      status: 403,
      body: { error: 'This invite was sent to another email address.' },
    });

    // A declined card grants nothing.
    expect((await join(mates[0]!, ids[0]!, '4000 0000 0000 0002')).status).toBe(402);
    expect((await c.tickets(mates[0]!.token)).total).toBe(0);

    const paid = await join(mates[0]!, ids[0]!);
    expect(paid.status).toBe(303);
    // Through the return route (it asks the provider first), then back to the invite page.
    const back = await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`/team-prizes?invite=${ids[0]}&paid=1`);
    const first = await c.tickets(mates[0]!.token);
    expect(first.total).toBe(30);
    expect(first.grants).toEqual([expect.objectContaining({ source: 'team', count: 30, reason: "Team draw: joined Casey's team" })]);
    const me = await c.me(mates[0]!.token);
    expect(me.team_benefit).toEqual({ rewards_access: true, merchandise_discount_percent: 20, until: expect.any(String) });
    const until = Date.parse((me.team_benefit as { until: string }).until);
    expect(until - Date.now()).toBeGreaterThan(27 * DAY);
    expect(until - Date.now()).toBeLessThan(32 * DAY);
    expect(await c.post('/api/team/join', { invite_id: ids[0] }, mates[0]!.token)).toEqual({
      status: 409,
      body: { error: 'This invite has already been paid.' },
    });
    expect((await team(mates[0]!.token))!).toMatchObject({ role: 'mate', status: 'open' });
    // Only the captain invites.
    expect(await invite('another@example.com', mates[0]!.token)).toEqual({ status: 404, body: { error: 'Start a team first.' } });

    await join(mates[1]!, ids[1]!);
    expect((await c.tickets(captain.token)).total).toBe(50);
    await join(mates[2]!, ids[2]!);

    t = (await team(mates[2]!.token))!;
    expect(t).toMatchObject({ status: 'complete', role: 'mate', seats_left: 0, completed_at: expect.any(String) });
    expect(t.members.map((m) => [m.name, m.status])).toEqual([
      ['Casey Captain', 'captain'],
      ['Mia One', 'paid'],
      ['Max Two', 'paid'],
      ['Mo Three', 'paid'],
    ]);
    for (const m of mates) expect((await c.tickets(m.token)).total).toBe(30);
    const captainTickets = await c.tickets(captain.token);
    expect(captainTickets.total).toBe(50 + 40);
    expect(captainTickets.grants).toContainEqual(expect.objectContaining({ source: 'team', count: 40 }));

    // A replayed payment webhook (new event ids) grants nothing twice.
    const payments = (await (
      await adminFetch(api, `/payments?filter=${encodeURIComponent(JSON.stringify({ member_id: mates[2]!.id }))}`, { token: staff.admin.token })
    ).json()) as Array<{ checkout_id: string; payment_id: string | null; purpose: string }>;
    const fee = payments.find((p) => p.payment_id && p.purpose === 'team-fee')!;
    const deliver = paymentProcessManager(api.ctx, api.infra.members).onProviderEvent;
    await deliver({ id: 'evt_team_replay', type: 'checkout.completed', checkoutId: fee.checkout_id, paymentId: fee.payment_id!, amount_cents: 5000 });
    expect((await c.tickets(captain.token)).total).toBe(90);
    expect((await c.tickets(mates[2]!.token)).total).toBe(30);

    // Complete: the seats are free again, so the captain may start a new team.
    expect((await c.post('/api/team/start', {}, captain.token)).status).toBe(201);

    // Staff: the team with each member's payment state and the events behind it; auditors read too.
    const list = await adminFetch(api, `/teams?filter=${encodeURIComponent(JSON.stringify({ status: 'complete' }))}`, { token: staff.auditor.token });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([expect.objectContaining({ id: t.id, status: 'complete', captain_name: 'Casey Captain', paid_mates: 3 })]);
    const show = (await (await adminFetch(api, `/teams/${t.id}`, { token: staff.auditor.token })).json()) as {
      members: Array<{ status: string; payment_id: string | null }>;
      events: Array<{ event_type: string }>;
    };
    expect(show.members.filter((m) => m.status === 'paid' && m.payment_id)).toHaveLength(3);
    const types = show.events.map((e) => e.event_type);
    expect(types.filter((e) => e === 'MatePaymentRecorded')).toHaveLength(3);
    expect(types).toContain('TeamCompleted');
    expect(types.filter((e) => e === 'EntriesGranted')).toHaveLength(4);
  });

  describe("a staff refund of a mate's $50 takes back what it bought", () => {
    interface AdminTeam {
      status: string;
      paid_mates: number;
      members: Array<{ email: string; status: string; refunded_at: string | null; refund_reason: string | null; benefit_until: string | null }>;
      events: Array<{ event_type: string }>;
    }
    const feeOf = async (memberId: string) => {
      const rows = (await (
        await adminFetch(api, `/payments?filter=${encodeURIComponent(JSON.stringify({ member_id: memberId }))}`, { token: staff.admin.token })
      ).json()) as Array<{ id: string; payment_id: string | null; purpose: string; status: string }>;
      return rows.find((p) => p.purpose === 'team-fee' && p.payment_id)!;
    };
    const refund = async (memberId: string, reason = 'Asked for a refund') => {
      const fee = await feeOf(memberId);
      const r = await adminFetch(api, `/payments/${fee.id}/refund`, { method: 'POST', token: staff.admin.token, body: JSON.stringify({ reason }) });
      expect(r.status).toBe(202);
      await api.infra.members.local?.idle();
      return fee.payment_id!;
    };
    const adminTeam = async (id: string) => (await (await adminFetch(api, `/teams/${id}`, { token: staff.auditor.token })).json()) as AdminTeam;
    const teamEvents = async (id: string) => (await api.infra.store.readStream(`team-${id}`)).map((e) => e.type);
    const settle = async () => api.infra.projections.waitFor(await api.infra.store.headPosition(), 5000);

    it('open team: entries back to before, team_benefit null, the seat free, the captain invites again; a replayed webhook changes nothing', async () => {
      const captain = await c.paidMember(3, {}, 'Olive', 'Open');
      const mates = [await c.signUp(1), await c.signUp(1)];
      await c.post('/api/team/start', {}, captain.token);
      for (const m of mates) await invite(m.email, captain.token);
      const t = (await team(captain.token))!;
      const id0 = inviteIdFor(t, mates[0]!.email);
      const before = (await c.tickets(mates[0]!.token)).total;
      const captainBefore = (await c.tickets(captain.token)).total;
      await join(mates[0]!, id0);
      expect((await c.tickets(mates[0]!.token)).total).toBe(before + 30);
      expect((await c.me(mates[0]!.token)).team_benefit).not.toBeNull();
      expect((await team(captain.token))!.seats_left).toBe(1);

      const paymentId = await refund(mates[0]!.id);
      await expect.poll(async () => (await c.tickets(mates[0]!.token)).total).toBe(before);
      await settle();
      expect((await c.tickets(mates[0]!.token)).grants).toContainEqual(expect.objectContaining({ source: 'team', count: 30 }));
      expect((await c.me(mates[0]!.token)).team_benefit).toBeNull();
      expect((await c.tickets(captain.token)).total).toBe(captainBefore);
      // The mate left: not listed, their seat is free, the dead invite cannot be paid again.
      const after = (await team(captain.token))!;
      expect(after).toMatchObject({ status: 'open', seats_left: 2 });
      expect(after.members.map((m) => m.email)).toEqual([captain.email.toLowerCase(), mates[1]!.email.toLowerCase()]);
      expect(await team(mates[0]!.token)).toBeNull();
      expect((await c.get(`/api/team/invites/${id0}`)).body.data).toMatchObject({ status: 'expired' });
      expect(await c.post('/api/team/join', { invite_id: id0 }, mates[0]!.token)).toEqual({
        status: 409,
        body: { error: 'This invite has expired.' },
      });
      expect((await invite('replacement@example.com', captain.token)).status).toBe(201);
      // Their team-membership seat was released: they may join another team.
      const other = await c.paidMember(3);
      await c.post('/api/team/start', {}, other.token);
      const to = (await invite(mates[0]!.email, other.token)).body.data as Team;
      expect((await c.post('/api/team/join', { invite_id: inviteIdFor(to, mates[0]!.email) }, mates[0]!.token)).status).toBe(201);

      // Staff see the refunded state.
      const shown = await adminTeam(t.id);
      expect(shown).toMatchObject({ status: 'open', paid_mates: 0 });
      const seat = shown.members.find((m) => m.email === mates[0]!.email.toLowerCase() && m.status === 'refunded')!;
      expect(seat).toMatchObject({ status: 'refunded', refunded_at: expect.any(String), refund_reason: 'Payment refunded: Asked for a refund' });
      expect(Date.parse(seat.benefit_until!)).toBe(Date.parse(seat.refunded_at!));
      expect(shown.events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['MatePaymentRefunded', 'EntriesRevoked']));

      // A replayed refund webhook (a new event id) changes nothing.
      const deliver = paymentProcessManager(api.ctx, api.infra.members).onProviderEvent;
      await deliver({
        id: 'evt_team_refund_replay_open',
        type: 'charge.refunded',
        paymentId,
        amount_cents: 5000,
        refundReason: 'Asked for a refund',
      });
      await settle();
      expect((await teamEvents(t.id)).filter((e) => e === 'MatePaymentRefunded')).toHaveLength(1);
      expect((await c.tickets(mates[0]!.token)).total).toBe(before);
      expect((await adminTeam(t.id)).events.filter((e) => e.event_type === 'EntriesRevoked')).toHaveLength(1);
    });

    it('a refunded mate may be invited again a day later, but cannot buy back into that team; the seat goes to someone else', async () => {
      const captain = await c.paidMember(3, {}, 'Rita', 'Rejoin');
      const mate = await c.signUp(1, {}, 'Remy', 'Mate');
      await c.post('/api/team/start', {}, captain.token);
      expect((await invite(mate.email, captain.token)).status).toBe(201);
      const t = (await team(captain.token))!;
      const before = (await c.tickets(mate.token)).total;
      await join(mate, inviteIdFor(t, mate.email));
      await expect.poll(async () => (await c.tickets(mate.token)).total).toBe(before + 30);
      await refund(mate.id);
      await expect.poll(async () => (await c.tickets(mate.token)).total).toBe(before);
      await settle();
      expect((await team(captain.token))!.seats_left).toBe(3);
      // The team's rules allow a new invite, but one invite per email per 24 hours holds it back for now.
      expect((await invite(mate.email, captain.token)).status).toBe(429);
      clockAhead = DAY + 60_000;
      try {
        // A day on, the 15-minute access tokens have expired: both sign in again.
        const signIn = async (m: Joined) => ({
          ...m,
          token: ((await c.post('/auth/login', { email: m.email, password: 'correct-horse-1' })).body as { data: { access_token: string } }).data
            .access_token,
        });
        const [cap, mat] = [await signIn(captain), await signIn(mate)];
        const again = await invite(mate.email, cap.token);
        expect(again.status).toBe(201);
        const inviteId = inviteIdFor(again.body.data as Team, mate.email);
        // Their team grant is keyed per team and member: joining is refused before any payment starts.
        expect(await c.post('/api/team/join', { invite_id: inviteId }, mat.token)).toEqual({
          status: 409,
          body: { error: 'Your team fee for this team was refunded.' },
        });
        expect((await feeOf(mate.id)).status).toBe('refunded');
        expect((await c.tickets(mat.token)).total).toBe(before);
        // Someone else takes a seat and pays as usual.
        const other = await c.signUp(1, {}, 'Otto', 'Other');
        const forOther = (await invite(other.email, cap.token)).body.data as Team;
        await join(other, inviteIdFor(forOther, other.email));
        await expect.poll(async () => (await team(cap.token))!.members.find((m) => m.email === other.email.toLowerCase())?.status).toBe('paid');
        expect((await teamEvents(t.id)).filter((e) => e === 'MatePaymentRecorded')).toHaveLength(2);
      } finally {
        clockAhead = 0;
      }
    });

    it("complete team: the mate's entries are revoked, the team stays complete and entered; a replay changes nothing", async () => {
      const captain = await c.paidMember(3, {}, 'Cora', 'Complete');
      const mates = [await c.signUp(1, {}, 'Ann', 'A'), await c.signUp(1, {}, 'Ben', 'B'), await c.signUp(1, {}, 'Cy', 'C')];
      await c.post('/api/team/start', {}, captain.token);
      for (const m of mates) await invite(m.email, captain.token);
      const t = (await team(captain.token))!;
      for (const m of mates) await join(m, inviteIdFor(t, m.email));
      const captainTotal = (await c.tickets(captain.token)).total;
      expect((await team(captain.token))!.status).toBe('complete');

      const paymentId = await refund(mates[1]!.id, 'Changed their mind');
      await expect.poll(async () => (await c.tickets(mates[1]!.token)).total).toBe(0);
      await settle();
      expect((await c.me(mates[1]!.token)).team_benefit).toBeNull();
      expect((await c.me(mates[0]!.token)).team_benefit).not.toBeNull();
      expect((await c.tickets(mates[0]!.token)).total).toBe(30);
      expect((await c.tickets(captain.token)).total).toBe(captainTotal);
      // Still complete, four members: the draw entry is the team's.
      const seen = (await team(mates[1]!.token))!;
      expect(seen).toMatchObject({ id: t.id, status: 'complete', seats_left: 0 });
      expect(seen.members).toHaveLength(4);
      expect(await teamEvents(t.id)).toEqual([
        'TeamStarted',
        'MateInvited',
        'MateInvited',
        'MateInvited',
        'MatePaymentRecorded',
        'MatePaymentRecorded',
        'MatePaymentRecorded',
        'TeamCompleted',
        'MatePaymentRefunded',
      ]);
      const shown = await adminTeam(t.id);
      expect(shown).toMatchObject({ status: 'complete', paid_mates: 2 });
      expect(shown.members.find((m) => m.email === mates[1]!.email.toLowerCase())).toMatchObject({
        status: 'refunded',
        refund_reason: 'Payment refunded: Changed their mind',
      });
      expect(await invite('fifth@example.com', captain.token)).toEqual({ status: 404, body: { error: 'Start a team first.' } });

      const deliver = paymentProcessManager(api.ctx, api.infra.members).onProviderEvent;
      await deliver({
        id: 'evt_team_refund_replay_complete',
        type: 'charge.refunded',
        paymentId,
        amount_cents: 5000,
        refundReason: 'Changed their mind',
      });
      await settle();
      expect((await teamEvents(t.id)).filter((e) => e === 'MatePaymentRefunded')).toHaveLength(1);
      expect((await c.tickets(mates[1]!.token)).total).toBe(0);
      expect((await adminTeam(t.id)).events.filter((e) => e.event_type === 'EntriesRevoked')).toHaveLength(1);
    });
  });

  it('a mate can be in one open team at a time', async () => {
    const a = await c.paidMember(3);
    const b = await c.paidMember(3);
    const mate = await c.signUp(1);
    await c.post('/api/team/start', {}, a.token);
    await c.post('/api/team/start', {}, b.token);
    const ta = (await invite(mate.email, a.token)).body.data as Team;
    const tb = (await invite(mate.email, b.token)).body.data as Team;
    await join(mate, inviteIdFor(ta, mate.email));
    expect(await c.post('/api/team/join', { invite_id: inviteIdFor(tb, mate.email) }, mate.token)).toEqual({
      status: 409,
      body: { error: 'You are already in an open team.' },
    });
    // A captain cannot join someone else's team either.
    const tc = (await invite(a.email, b.token)).body.data as Team;
    expect(await c.post('/api/team/join', { invite_id: inviteIdFor(tc, a.email) }, a.token)).toEqual({
      status: 409,
      body: { error: 'You are already in an open team.' },
    });
  });

  it('paying twice for one invite: the second payment is refunded, grants nothing and the mate keeps their seat', async () => {
    const captain = await c.paidMember(3);
    const mate = await c.signUp(1);
    await c.post('/api/team/start', {}, captain.token);
    const t = (await invite(mate.email, captain.token)).body.data as Team;
    const id = inviteIdFor(t, mate.email);
    const one = await c.post('/api/team/join', { invite_id: id }, mate.token);
    const two = await c.post('/api/team/join', { invite_id: id }, mate.token);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await c.pay(one.body.redirect_url as string)).status).toBe(303);
    expect((await c.pay(two.body.redirect_url as string)).status).toBe(303);
    expect((await c.tickets(mate.token)).total).toBe(30);
    const refunds = await api.ctx.sql.query<{ n: string | number }>(
      'select count(*) as n from local_payments.refunds r join local_payments.payments p on p.id = r.payment_id where p.customer = $1',
      [mate.id],
    );
    expect(Number(refunds.rows[0]!.n)).toBe(1);
    expect((await team(mate.token))!.members.filter((m) => m.status === 'paid')).toHaveLength(1);
    // Still in this open team: another team's invite is refused.
    const other = await c.paidMember(3);
    await c.post('/api/team/start', {}, other.token);
    const to = (await invite(mate.email, other.token)).body.data as Team;
    expect(await c.post('/api/team/join', { invite_id: inviteIdFor(to, mate.email) }, mate.token)).toEqual({
      status: 409,
      body: { error: 'You are already in an open team.' },
    });
  });

  it('an invite flood is refused with 429, and a refused invite is not counted', async () => {
    const captain = await c.paidMember(3);
    await c.post('/api/team/start', {}, captain.token);
    // Ten invites an hour per member, referral and team invites together.
    for (let i = 1; i <= 9; i += 1)
      expect((await c.post('/api/send-referee-email', { email: `pal${i}@example.com` }, captain.token)).status).toBe(200);
    expect(await invite(captain.email, captain.token)).toEqual({ status: 400, body: { error: 'You cannot invite yourself.' } });
    expect((await invite('mate-a@example.com', captain.token)).status).toBe(201);
    expect(await invite('mate-b@example.com', captain.token)).toEqual({ status: 429, body: { error: 'Too many invites. Please try again later.' } });
    expect((await team(captain.token))!.members).toHaveLength(2);
  });

  it('invites expire: the sweeper (injected clock) records it, joining is refused, and a payment that arrives too late is refunded', async () => {
    const captain = await c.paidMember(3);
    const late = await c.signUp(1);
    const idle = await c.signUp(1);
    expect([late.status, idle.status], JSON.stringify([late.body, idle.body])).toEqual([201, 201]);
    await c.post('/api/team/start', {}, captain.token);
    await invite(late.email, captain.token);
    const t = (await invite(idle.email, captain.token)).body.data as Team;
    // The late mate opens the checkout (seat reserved) but pays only after the invite expired.
    const opened = await c.post('/api/team/join', { invite_id: inviteIdFor(t, late.email) }, late.token);
    expect(opened.status).toBe(201);

    const deps = { sql: api.ctx.sql, store: api.ctx.store, registry: api.ctx.registry, logger: api.ctx.logger };
    expect(await sweepExpiredInvites(deps, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await sweepExpiredInvites(deps, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(2);
    await api.infra.projections.waitFor(await api.infra.store.headPosition(), 5000);
    expect((await c.get(`/api/team/invites/${inviteIdFor(t, idle.email)}`)).body.data).toMatchObject({ status: 'expired' });
    expect(await c.post('/api/team/join', { invite_id: inviteIdFor(t, idle.email) }, idle.token)).toEqual({
      status: 409,
      body: { error: 'This invite has expired.' },
    });
    expect((await team(captain.token))!.members.filter((m) => m.status === 'expired')).toHaveLength(2);

    expect((await c.pay(opened.body.redirect_url as string)).status).toBe(303);
    expect((await c.tickets(late.token)).total).toBe(0);
    const payments = (await (
      await adminFetch(api, `/payments?filter=${encodeURIComponent(JSON.stringify({ member_id: late.id }))}`, { token: staff.admin.token })
    ).json()) as Array<{ payment_id: string | null }>;
    const paymentId = payments.find((p) => p.payment_id)!.payment_id!;
    const refunded = await api.ctx.sql.query<{ n: string | number }>('select count(*) as n from local_payments.refunds where payment_id = $1', [
      paymentId,
    ]);
    expect(Number(refunded.rows[0]!.n)).toBe(1);
    // The seat was released: the late mate may join another team.
    const other = await c.paidMember(3);
    await c.post('/api/team/start', {}, other.token);
    const to = (await invite(late.email, other.token)).body.data as Team;
    expect((await c.post('/api/team/join', { invite_id: inviteIdFor(to, late.email) }, late.token)).status).toBe(201);
  });
});
