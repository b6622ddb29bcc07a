import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATE_NEEDED, SEED_TIERS } from '@roar/domain';
import { prizesProjector, verifyProjector } from '@roar/projections';
import { listSentMail } from '@roar/workers';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffRoleName, type StaffLogin } from '../src/admin/test-staff';
import { issueSession, migrateMemberAuth } from '../src/auth/member';
import type { toAdminPrize } from '../src/draws/admin';
import { seedPrizes } from '../src/draws/seed';
import { startTestApi, type TestApi } from './setup';

// Response bodies are checked field by field with expect(); a loose JSON type keeps the assertions readable.
type Json = Record<string, unknown>;
type ListOf<T> = { data: T[] };
type UserDraw = { prize: { id: string }; entries: number; eligible: boolean };
type Report = { verified: boolean; lines: string[] };
type AdminPrize = ReturnType<typeof toAdminPrize>;

/**
 * Issue 5 over HTTP on PGlite: staff create, schedule, close, draw, redraw (with a reason, the
 * next k), notify and publish a giveaway; members see it with their entries and claim it; the
 * verify check says VERIFIED and names the entrant once one stored grant is tampered with.
 */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
const platinum = SEED_TIERS.find((t) => t.fields.code === 'platinum')!.fields;

async function memberGet<T = Json>(path: string, token?: string) {
  const r = await fetch(`${api.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.status, body: (await r.json()) as T };
}
async function memberPost(path: string, body: unknown, token: string) {
  const r = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Json };
}
async function staffPost<T = Json>(path: string, body: unknown, who: StaffRoleName = 'staff') {
  const r = await adminFetch(api, path, { method: 'POST', token: staff[who].token, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as T };
}

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
  // These draws are run by one staff user, as a club with four-eyes switched off runs them (four-eyes.test.ts covers approvals).
  await switchOffFourEyes(api, staff);
  await migrateMemberAuth(api.ctx.sql);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('prizes and draws over HTTP', () => {
  it('seeds published launch giveaways once and serves them as the content API does', async () => {
    expect(await seedPrizes(api.ctx.store, api.ctx.registry, api.ctx.sql, api.ctx.logger, api.ctx.now())).toBe(3);
    expect(await seedPrizes(api.ctx.store, api.ctx.registry, api.ctx.sql, api.ctx.logger, api.ctx.now())).toBe(0);
    await api.infra.projections.waitFor(await api.ctx.store.headPosition(), 10_000);
    const list = await memberGet<ListOf<{ slug: string }>>('/items/prizes?filter[status][_eq]=published&sort=prize_end_date&limit=2');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data[0]).toMatchObject({
      slug: 'golf-getaway-barnbougle',
      draw_status: 'scheduled',
      winner: null,
      prize_value_currency: 'AUD',
      hero_image: '/images/giveaways/golf-getaway-barnbougle.svg',
      hero_image_portrait: '/images/giveaways/golf-getaway-barnbougle.svg',
    });
    const bonus = await memberGet<ListOf<{ slug: string }>>('/items/prizes?filter[status][_eq]=published&filter[prize_type_id][_eq]=bonus');
    expect(bonus.body.data.map((p: { slug: string }) => p.slug)).toEqual(['bonus-tour-driver']);
    const bySlug = await memberGet('/items/prizes?filter[slug][_eq]=bonus-tour-driver&filter[status][_in]=published,archived');
    expect(bySlug.body.data).toHaveLength(1);
    expect((await memberGet('/items/prizes?filter[slug][_eq]=nothing-here&filter[status][_in]=published,archived')).body.data).toEqual([]);
    expect((await memberGet('/items/prizes?filter[colour][_eq]=red')).status).toBe(400);
    const page = await memberGet('/items/winners_page');
    expect(page.body.data).toHaveProperty('overview_title');
  });

  it('runs a draw end to end, audits it, and names a tampered entry', async () => {
    const alice = await seedPaidMember(
      api.ctx.store,
      api.ctx.registry,
      { email: 'alice@example.test', firstname: 'Alice', lastname: 'Smith' },
      new Date(Date.now() - 86_400_000),
    );
    const bob = await seedPaidMember(
      api.ctx.store,
      api.ctx.registry,
      { email: 'bob@example.test', firstname: 'Bob', lastname: 'Jones' },
      new Date(Date.now() - 86_400_000),
    );
    await api.infra.projections.waitFor(alice.position, 10_000);
    await api.infra.projections.waitFor(bob.position, 10_000);
    const aliceToken = (await issueSession(api.ctx, alice.memberId)).access_token;
    const bobToken = (await issueSession(api.ctx, bob.memberId)).access_token;

    const fields = {
      title: 'Putter of the month',
      slug: 'putter-of-the-month',
      prize_type_id: 'normal',
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 450.5,
      status: 'published',
    };
    expect((await staffPost('/prizes', { ...fields }, 'staff')).status).toBe(400); // no reason
    expect((await staffPost('/prizes', { ...fields, reason: 'May giveaway' }, 'auditor')).status).toBe(403);
    const created = await staffPost('/prizes', { ...fields, reason: 'May giveaway' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ status: 'published', draw_status: 'unscheduled', prize_type_id: 'normal', hero_image: null });
    expect((await staffPost('/prizes', { ...fields, reason: 'again' })).status).toBe(409);
    expect((await staffPost(`/prizes/${id}/close`, {})).status).toBe(409);
    const scheduled = await staffPost(`/prizes/${id}/schedule`, {});
    expect(scheduled.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(scheduled.body).toMatchObject({
      draw_method: 'commit-reveal',
      beacon_chain_hash: null,
      beacon_round: null,
      beacon_round_at: null,
      beacon_signature: null,
    });

    const next = await memberGet('/api/get-next-giveaway', aliceToken);
    expect(next.body.data).toMatchObject({ id, joined: true, entries: platinum.initial_tickets });
    const anonymous = await memberGet('/api/get-next-giveaway');
    expect(anonymous.body.data).toMatchObject({ id, joined: false, entries: 0 });
    const draws = await memberGet<ListOf<UserDraw>>('/api/user-draws', aliceToken);
    const mine = draws.body.data.find((d) => d.prize.id === id);
    expect(mine).toMatchObject({
      entries: platinum.initial_tickets,
      tickets: `1-${platinum.initial_tickets}`,
      eligible: true,
      reason: null,
      status: 'scheduled',
      won: false,
      claimed: false,
    });
    expect((await memberGet('/api/user-draws')).status).toBe(401);

    const closed = await staffPost(`/prizes/${id}/close`, {});
    expect(closed.body).toMatchObject({ draw_status: 'closed', entrant_count: 2, total_tickets: 2 * platinum.initial_tickets });
    const entryList = await adminFetch(api, `/prizes/${id}/entry-list?range=[0,0]`, { token: staff.auditor.token });
    expect(entryList.headers.get('content-range')).toBe('entry-list 0-0/2');
    const drawn = await staffPost<AdminPrize>(`/prizes/${id}/draw`, {});
    expect(drawn.status).toBe(200);
    expect(drawn.body.winners).toHaveLength(1);
    const first = drawn.body.winners[0]!;
    expect(drawn.body.randomness).toMatch(/^[0-9a-f]{64}$/);

    expect((await staffPost(`/prizes/${id}/redraw`, {})).status).toBe(400);
    expect((await staffPost(`/prizes/${id}/redraw`, { reason: 'Unclaimed' }, 'auditor')).status).toBe(403);
    const redrawn = await staffPost<AdminPrize>(`/prizes/${id}/redraw`, { reason: 'Winner could not be reached' });
    expect(redrawn.body.winners).toHaveLength(2);
    const second = redrawn.body.winners[1]!;
    expect(redrawn.body.winners[0]!.redrawn_reason).toBe('Winner could not be reached');
    expect(second.k).toBeGreaterThanOrEqual(drawn.body.next_k);
    expect(second.member_ids[0]).not.toBe(first.member_ids[0]);
    const winnerId = second.member_ids[0]!;
    const [winnerToken, loserToken] = winnerId === alice.memberId ? [aliceToken, bobToken] : [bobToken, aliceToken];
    const winnerEmail = winnerId === alice.memberId ? 'alice@example.test' : 'bob@example.test';

    expect((await staffPost(`/prizes/${id}/notify`, {})).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await listSentMail(api.ctx.config.DATA_DIR)).some((m) => m.to.includes(winnerEmail) && m.subject === 'You won Putter of the month!'),
        { timeout: 10_000 },
      )
      .toBe(true);

    expect((await memberPost('/api/claim-prize', { prize_id: id }, loserToken)).status).toBe(403);
    // Defect 10: no state on file, so the claim asks for the one the published result names.
    expect(await memberPost('/api/claim-prize', { prize_id: id }, winnerToken)).toEqual({ status: 400, body: { error: CLAIM_STATE_NEEDED } });
    expect((await memberPost('/api/claim-prize', { prize_id: id, state: 'XX' }, winnerToken)).status).toBe(400);
    expect(await memberPost('/api/claim-prize', { prize_id: id, state: 'VIC' }, winnerToken)).toEqual({
      status: 200,
      body: { data: { claimed: true } },
    });
    expect((await staffPost(`/prizes/${id}/redraw`, { reason: 'Too late' })).status).toBe(409);
    const won = (await memberGet<ListOf<UserDraw>>('/api/user-draws', winnerToken)).body.data.find((d) => d.prize.id === id);
    expect(won).toMatchObject({ won: true, claimed: true, status: 'drawn' });

    const profile = await fetch(`${api.url}/api/update-user`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${winnerToken}` },
      body: JSON.stringify({ state: 'NSW' }),
    });
    expect(profile.status).toBe(200);
    const badState = await fetch(`${api.url}/api/update-user`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${winnerToken}` },
      body: JSON.stringify({ state: 'XX' }),
    });
    expect(badState.status).toBe(400);
    const published = await staffPost(`/prizes/${id}/publish`, {});
    expect(published.body.draw_status).toBe('published');
    const winners = await memberGet<ListOf<unknown>>('/items/winners');
    expect(winners.body.data[0]).toMatchObject({
      prize_id: id,
      winner: winnerId === alice.memberId ? 'Alice S., VIC' : 'Bob J., VIC',
      state: 'VIC',
      prize_value: 450.5,
    });

    const verified = await staffPost<Report>(`/prizes/${id}/verify`, {}, 'auditor');
    expect(verified.body.verified).toBe(true);
    expect(verified.body.lines.at(-1)).toBe('VERIFIED');

    // The read models equal a replay of the log (before the log is tampered with below).
    const replay = await verifyProjector({ sql: api.ctx.sql, store: api.ctx.store, projector: prizesProjector, logger: api.ctx.logger });
    expect(replay.differenceCount).toBe(0);
    expect(replay.tables.find((t) => t.name === 'draw_entrant_pages')).toMatchObject({ liveRows: 1, expectedRows: 1 });
    expect((await api.ctx.sql.query('select entrant_id from read.draw_entrants where prize_id = $1', [id])).rows).toHaveLength(2);

    // Tamper with one stored grant: the rebuilt list no longer matches, and the report says whose.
    await api.ctx.sql.query(
      `update es.events set data = jsonb_set(jsonb_set(data, '{count}', to_jsonb((data->>'count')::int + 1)), '{lastTicket}', to_jsonb((data->>'lastTicket')::int + 1))
       where event_type = 'EntriesGranted' and stream_id = $1`,
      [`entries-${bob.memberId}`],
    );
    const tampered = await staffPost<Report>(`/prizes/${id}/verify`, {}, 'auditor');
    expect(tampered.body.verified).toBe(false);
    expect(tampered.body.lines.join('\n')).toContain(
      `(member:${bob.memberId}): recorded ${platinum.initial_tickets} tickets, rebuilt ${platinum.initial_tickets + 1}`,
    );
  }, 60_000);
  it('binds a single entry bought now to the draw whose entries close next; it counts there only', async () => {
    const signUp = await fetch(`${api.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Sam',
        last_name: 'Single',
        email: 'sam.single@example.com.au',
        password: 'correct-horse-1',
        membership_id: 2,
        recaptcha_token: 'local-test-token',
        state: 'NSW',
        dob: '1990-01-01',
      }),
    });
    const session = (await signUp.json()) as { access_token: string; redirect_url: string };
    const paid = await fetch(session.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Sam Single' }).toString(),
    });
    expect(paid.status).toBe(303);
    await api.infra.members.local?.idle();
    const tickets = await memberGet<{ data: { grants: unknown[] } }>('/api/user-tickets', session.access_token);
    expect(tickets.body.data.grants).toEqual([expect.objectContaining({ source: 'single-entry', prize_id: 'launch-golf-getaway' })]);
    const draws = (await memberGet<ListOf<UserDraw>>('/api/user-draws', session.access_token)).body.data;
    expect(draws.find((d) => d.prize.id === 'launch-golf-getaway')).toMatchObject({ entries: 10, eligible: true });
    expect(draws.find((d) => d.prize.id === 'australian-open-vip-tickets' || d.prize.id === 'launch-open-tickets')).toMatchObject({
      entries: 0,
      eligible: false,
    });
  }, 30_000);
});
