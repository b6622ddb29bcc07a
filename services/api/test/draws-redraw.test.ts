import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, drawStreamId } from '@roar/domain';
import { DEFAULT_DRAW_SETTINGS } from '@roar/contracts/draw-settings';
import { ConfigError, loadConfig } from '@roar/platform';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { issueSession } from '../src/auth/member';
import { NAME_WITHHELD, prizeEvents, verifyDraw } from '../src/draws/lifecycle';
import { startUnclaimedPrizeSweeper } from '../src/draws/unclaimed-sweeper';
import { startTestApi, type TestApi } from './setup';

type Json = Record<string, unknown>;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
let api: TestApi | null;
let staff: Record<StaffRoleName, StaffLogin>;
let stopSweeper: (() => void) | null = null;

async function audit(arg: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run('npx', ['tsx', 'services/api/src/draws/audit-cli.ts', arg], {
      cwd: root,
      // The api's data folder holds the master key its members' keys are wrapped with (as a server's PERSONAL_DATA_KEY would).
      env: { ...process.env, DATABASE_URL: api!.ctx.config.DATABASE_URL, DATA_DIR: api!.ctx.config.DATA_DIR },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

beforeAll(async () => {
  api = await startTestApi({ database: 'postgres', env: { TEST_CLOCK: '1' } });
  if (!api) throw new Error('PostgreSQL is not reachable');
  staff = await signInStaff(api);
  await switchOffFourEyes(api, staff);
  // The sweeper the worker role runs; it also runs after every advance of the test clock.
  stopSweeper = startUnclaimedPrizeSweeper(api.ctx, 3_600_000);
}, 60_000);
afterAll(async () => {
  stopSweeper?.();
  await api?.close();
});

const send = async (path: string, body: unknown, method = 'POST') => {
  const res = await adminFetch(api!, path, { method, token: staff.admin.token, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
};
const clock = async (body: unknown) => {
  const res = await fetch(`${api!.url}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

describe('the test clock', () => {
  it('is refused outside NODE_ENV=test and absent without TEST_CLOCK', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK: only with NODE_ENV=test/);
    expect(loadConfig({ NODE_ENV: 'test' }).TEST_CLOCK).toBe(false);
    const plain = await startTestApi({ database: 'pglite', seed: false });
    try {
      expect(plain!.ctx.testClock).toBeUndefined();
      expect((await fetch(`${plain!.url}/api/test/clock`, { method: 'POST', body: '{"advanceDays":1}' })).status).toBe(404);
    } finally {
      await plain!.close();
    }
    expect((await clock({})).status).toBe(400);
    expect((await clock({ advanceDays: -1 })).status).toBe(400);
    const before = api!.ctx.now().getTime();
    const moved = await clock({ advanceMinutes: 1 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now as string) - before).toBeGreaterThanOrEqual(60_000);
    expect(api!.ctx.now().getTime() - before).toBeGreaterThanOrEqual(60_000);
  });
});

describe('unclaimed prizes and redraws with fresh randomness', () => {
  it('marks an unclaimed prize, refuses the redraw before its date, redraws with a fresh committed link, and audit:draw verifies it; a tampered redraw is named', async () => {
    const members = [];
    for (const n of [1, 2, 3, 4])
      members.push(
        await seedPaidMember(
          api!.ctx.store,
          api!.ctx.registry,
          { email: `r${n}@example.test`, firstname: `sam${n}`, lastname: 'kelly' },
          new Date(api!.ctx.now().getTime() - 86_400_000),
        ),
      );
    await api!.infra.projections.waitFor(await api!.ctx.store.headPosition(), 10_000);
    const settings = await send('/draw-settings', { ...DEFAULT_DRAW_SETTINGS, defaultClaimPeriodDays: 14, reason: 'Short claim period' }, 'PUT');
    expect(settings.status).toBe(200);
    const created = await send('/prizes', {
      title: 'Redraw me',
      slug: 'redraw-me',
      prize_end_date: new Date(api!.ctx.now().getTime() + 3_600_000).toISOString(),
      prize_value: 100,
      status: 'published',
      reason: 'test',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const action of ['schedule', 'close', 'draw', 'notify']) expect((await send(`/prizes/${id}/${action}`, {})).status).toBe(200);
    let events = await prizeEvents(api!.ctx.store, id);
    const scheduled = events.find((e) => e.type === 'DrawScheduled')!;
    expect(scheduled.data).toMatchObject({ redrawCommitment: expect.stringMatching(/^[0-9a-f]{64}$/), redrawChainLength: 32 });
    const closed = events.find((e) => e.type === 'EntriesClosed')!;
    // The terms issued on publish are the version the close records.
    expect(closed.data).toMatchObject({ termsVersion: 1 });

    // Within the claim period nothing happens; past it the sweep marks the prize unclaimed, once.
    await clock({ advanceDays: 10 });
    expect((await prizeEvents(api!.ctx.store, id)).some((e) => e.type === 'PrizeUnclaimed')).toBe(false);
    await clock({ advanceDays: 5 });
    await clock({ advanceMinutes: 5 });
    events = await prizeEvents(api!.ctx.store, id);
    const unclaimed = events.filter((e) => e.type === 'PrizeUnclaimed');
    expect(unclaimed).toHaveLength(1);
    const redrawOn = addMonths((closed.data as { asOf: string }).asOf, 2);
    expect(unclaimed[0]!.data).toMatchObject({ redrawOn });

    const early = await send(`/prizes/${id}/redraw`, { reason: 'Unclaimed' });
    expect(early).toMatchObject({ status: 409 });
    expect(JSON.stringify(early.body)).toContain(`This prize cannot be redrawn before ${redrawOn.slice(0, 10)}.`);

    await clock({ advanceDays: 50 });
    const redrawn = await send(`/prizes/${id}/redraw`, { reason: 'Unclaimed' });
    expect(redrawn.status).toBe(200);
    events = await prizeEvents(api!.ctx.store, id);
    const marker = events.find((e) => e.type === 'WinnerRedrawn')!;
    expect(marker.data).toMatchObject({
      redraw: 1,
      randomness: expect.stringMatching(/^[0-9a-f]{64}$/),
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const winners = events.filter((e) => e.type === 'WinnerDrawn').map((e) => e.data as { entrantId: string; memberIds: string[] });
    expect(winners).toHaveLength(2);
    expect(winners[1]!.entrantId).not.toBe(winners[0]!.entrantId);

    const report = await verifyDraw(api!.ctx.store, id);
    expect(report.lines.at(-1)).toBe('VERIFIED');
    expect(report.lines.join('\n')).toContain('Redraw 1 (Unclaimed): randomness');
    const ok = await audit('redraw-me');
    expect(ok.out).toContain('VERIFIED');
    expect(ok.code).toBe(0);

    // The second winner is notified, claims (asking not to be named: the rules of NSW do not allow it) and is published.
    expect((await send(`/prizes/${id}/notify`, {})).status).toBe(200);
    const winnerId = winners[1]!.memberIds[0]!;
    const token = (await issueSession(api!.ctx, winnerId)).access_token;
    const claim = await fetch(`${api!.url}/api/claim-prize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ prize_id: id, state: 'NSW', publication_opt_out: true }),
    });
    expect(claim.status).toBe(200);
    const published = await send(`/prizes/${id}/publish`, {});
    expect(published.status).toBe(200);
    const n = members.findIndex((m) => m.memberId === winnerId) + 1;
    expect(published.body.winner_display).toBe(`Sam${n} K., NSW`);
    expect(published.body.winner_display).not.toBe(NAME_WITHHELD);
    const result = (await prizeEvents(api!.ctx.store, id)).find((e) => e.type === 'ResultPublished')!;
    expect(result.data).toMatchObject({ display: `Sam${n} K., NSW`, publishedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const winnersPage = (await (await fetch(`${api!.url}/items/winners`)).json()) as { data: Json[] };
    expect(winnersPage.data.find((w) => w.prize_id === id)).toMatchObject({
      winner: `Sam${n} K., NSW`,
      state: 'NSW',
      published_at: expect.any(String),
      title: 'Redraw me',
    });

    // The redraw's randomness changed in the log: the audit names the redraw and the link it fails to open.
    const stream = drawStreamId(id);
    const forged = 'e'.repeat(64);
    await api!.ctx.sql.query(
      `update es.events set data = jsonb_set(data, '{randomness}', to_jsonb($2::text)) where stream_id = $1 and event_type = 'WinnerRedrawn'`,
      [stream, forged],
    );
    const bad = await audit(id);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`DIFFERS: redraw 1: the revealed randomness ${forged} does not open the redraw commitment`);
    expect(bad.out).toContain('DIFFERS: redraw 1: the seed recomputes to');
    expect(bad.out).not.toContain('VERIFIED');
  }, 180_000);

  it('withholds the name of a winner who opted out where the rules of their state allow it (SA), and records the publication day', async () => {
    // Members who joined a day before the (moved) clock: the first test's memberships may have lapsed by now.
    for (const n of [5, 6])
      await seedPaidMember(
        api!.ctx.store,
        api!.ctx.registry,
        { email: `o${n}@example.test`, firstname: `Opt${n}`, lastname: 'Out' },
        new Date(api!.ctx.now().getTime() - 86_400_000),
      );
    await api!.infra.projections.waitFor(await api!.ctx.store.headPosition(), 10_000);
    const created = await send('/prizes', {
      title: 'Opt out',
      slug: 'opt-out',
      prize_end_date: new Date(api!.ctx.now().getTime() + 3_600_000).toISOString(),
      prize_value: 100,
      status: 'published',
      reason: 'test',
    });
    const id = created.body.id as string;
    for (const action of ['schedule', 'close', 'draw', 'notify']) expect((await send(`/prizes/${id}/${action}`, {})).status).toBe(200);
    const winner = (await prizeEvents(api!.ctx.store, id)).find((e) => e.type === 'WinnerDrawn')!.data as { memberIds: string[] };
    const token = (await issueSession(api!.ctx, winner.memberIds[0]!)).access_token;
    const claim = await fetch(`${api!.url}/api/claim-prize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ prize_id: id, state: 'SA', publication_opt_out: true }),
    });
    expect(claim.status).toBe(200);
    const published = await send(`/prizes/${id}/publish`, {});
    expect(published.body.winner_display).toBe(NAME_WITHHELD);
    const result = (await prizeEvents(api!.ctx.store, id)).find((e) => e.type === 'ResultPublished')!;
    expect(result.data).toMatchObject({ display: NAME_WITHHELD, withheld: true, publishedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // Within the club's 30 days (draw settings publicationDays) from the close.
    const { publishedOn, publishBy } = result.data as { publishedOn: string; publishBy: string };
    expect(publishBy > publishedOn).toBe(true);
    // The winners answer names no one and no state for a withheld result.
    const winnersPage = (await (await fetch(`${api!.url}/items/winners`)).json()) as { data: Json[] };
    expect(winnersPage.data.find((w) => w.prize_id === id)).toMatchObject({ winner: NAME_WITHHELD, state: null });
  }, 120_000);
});
