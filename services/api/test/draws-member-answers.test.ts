import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_PERIOD_ENDED } from '@roar/contracts/errors';
import { SEED_TIERS } from '@roar/domain';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { issueSession, migrateMemberAuth } from '../src/auth/member';
import { startTestApi, type TestApi } from './setup';

type Json = Record<string, unknown>;
type Prize = { id: string; slug: string; terms_url: string; entries_total: number };
type UserDraw = {
  prize: Prize;
  entries: number;
  eligible: boolean;
  reason: string | null;
  won: boolean;
  claimed: boolean;
  claim_by?: string | null;
  claim_outcome?: string | null;
};

/**
 * Issue 22, what the member answers carry: the pool (`entries_total`) and `terms_url` on the
 * public prize; `/api/user-draws` under the draw's own rule (an SA member reads that the draw is
 * not open to them, and is not in the pool); the winner's claim period; `POST /api/decline-prize`
 * for the winner only, refused after the period in the issue's words.
 */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
let clock = 0;
const platinum = SEED_TIERS.find((t) => t.fields.code === 'platinum')!.fields;

const get = async <T = Json>(path: string, token?: string) => {
  const r = await fetch(`${api.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.status, body: (await r.json()) as T };
};
const send = async (path: string, body: unknown, token: string, method = 'POST') => {
  const r = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Json };
};
const staffPost = async (path: string, body: unknown) => {
  const r = await adminFetch(api, path, { method: 'POST', token: staff.staff.token, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Json };
};

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite', now: () => new Date(Date.now() + clock) });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
  await switchOffFourEyes(api, staff);
  await migrateMemberAuth(api.ctx.sql);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('the member answers of a draw open in NSW, VIC and QLD', () => {
  it('carry the pool and the terms, read each member under the draw rule, and let only the winner decline within the period', async () => {
    const members: Record<'nsw' | 'qld' | 'sa', { memberId: string; token: string }> = {} as never;
    for (const [key, state] of [
      ['nsw', 'NSW'],
      ['qld', 'QLD'],
      ['sa', 'SA'],
    ] as const) {
      const seeded = await seedPaidMember(
        api.ctx.store,
        api.ctx.registry,
        { email: `${key}@example.test`, firstname: key.toUpperCase(), lastname: 'Member' },
        new Date(Date.now() - 86_400_000),
      );
      await api.infra.projections.waitFor(seeded.position, 10_000);
      const token = (await issueSession(api.ctx, seeded.memberId)).access_token;
      expect((await send('/api/update-user', { state, dob: '1990-01-01' }, token, 'PATCH')).status).toBe(200);
      members[key] = { memberId: seeded.memberId, token };
    }
    const created = await staffPost('/prizes', {
      title: 'Fitted putter',
      slug: 'fitted-putter',
      prize_type_id: 'normal',
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 450,
      open_states: ['NSW', 'VIC', 'QLD'],
      status: 'published',
      reason: 'Member answers',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await api.infra.projections.waitFor(await api.ctx.store.headPosition(), 10_000);

    // The pool: the NSW and QLD members' entries; the SA member's would not be drawn.
    const pool = 2 * platinum.initial_tickets;
    const listed = await get<{ data: Prize[] }>('/items/prizes?filter[slug][_eq]=fitted-putter&filter[status][_in]=published,archived');
    expect(listed.body.data[0]).toMatchObject({ id, terms_url: '/events/fitted-putter/terms', entries_total: pool });
    const next = await get<{ data: Prize & { entries: number } }>('/api/get-next-giveaway', members.nsw.token);
    expect(next.body.data).toMatchObject({ id, entries_total: pool, entries: platinum.initial_tickets });

    const mine = async (key: keyof typeof members) =>
      (await get<{ data: UserDraw[] }>('/api/user-draws', members[key].token)).body.data.find((d) => d.prize.id === id)!;
    expect(await mine('sa')).toMatchObject({ entries: 0, eligible: false, reason: 'This draw is not open to residents of SA' });
    expect(await mine('nsw')).toMatchObject({ entries: platinum.initial_tickets, eligible: true, reason: null, won: false });
    expect((await mine('qld')).prize.entries_total).toBe(pool);

    for (const action of ['schedule', 'close', 'draw']) expect((await staffPost(`/prizes/${id}/${action}`, {})).status).toBe(200);
    expect((await staffPost(`/prizes/${id}/notify`, {})).status).toBe(200);
    const [nsw, qld] = [await mine('nsw'), await mine('qld')];
    expect([nsw.won, qld.won].filter(Boolean)).toHaveLength(1);
    const [winner, loser] = nsw.won ? [members.nsw, members.qld] : [members.qld, members.nsw];
    const won = nsw.won ? nsw : qld;
    // Closed: the pool is the committed total; the claim period is the club's default 60 days.
    expect(won.prize.entries_total).toBe(pool);
    expect(won).toMatchObject({ claimed: false, claim_outcome: null });
    expect(Math.round((Date.parse(won.claim_by!) - api.ctx.now().getTime()) / 86_400_000)).toBe(60);
    expect((nsw.won ? qld : nsw).claim_by).toBeUndefined();

    expect(await send('/api/decline-prize', {}, winner.token)).toEqual({ status: 400, body: { error: 'Choose the prize to decline.' } });
    expect(await send('/api/decline-prize', { prize_id: 'no-such-prize' }, winner.token)).toMatchObject({ status: 404 });
    expect(await send('/api/decline-prize', { prize_id: id }, loser.token)).toEqual({
      status: 403,
      body: { error: 'Only the winner can decline this prize.' },
    });
    // Past the claim period, neither a decline nor a claim is taken.
    clock = 61 * 86_400_000;
    const later = (await issueSession(api.ctx, winner.memberId)).access_token;
    expect(await send('/api/decline-prize', { prize_id: id }, later)).toEqual({ status: 409, body: { error: CLAIM_PERIOD_ENDED } });
    expect(await send('/api/claim-prize', { prize_id: id, state: 'NSW' }, later)).toEqual({ status: 409, body: { error: CLAIM_PERIOD_ENDED } });
    clock = 0;
    expect(await send('/api/decline-prize', { prize_id: id }, winner.token)).toEqual({ status: 200, body: { data: { declined: true } } });
    expect(await send('/api/decline-prize', { prize_id: id }, winner.token)).toEqual({ status: 200, body: { data: { declined: true } } });
    expect((await send('/api/claim-prize', { prize_id: id, state: 'NSW' }, winner.token)).status).toBe(409);
    const declined = (await get<{ data: UserDraw[] }>('/api/user-draws', winner.token)).body.data.find((d) => d.prize.id === id)!;
    expect(declined).toMatchObject({ won: true, claimed: false, claim_outcome: 'declined' });
    const events = await api.ctx.store.readStream(`draw-${id}`);
    expect(events.filter((e) => e.type === 'PrizeDeclined').map((e) => (e.data as { by: string }).by)).toEqual([winner.memberId]);
  }, 60_000);
});
