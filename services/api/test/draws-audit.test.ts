import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { drawStreamId } from '@roar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

// Response bodies are checked field by field with expect(); a loose JSON type keeps the assertions readable.
type Json = Record<string, unknown>;

/** `npm run audit:draw -- <id or slug>` against PostgreSQL: VERIFIED and exit 0, then a tampered grant named and exit 1. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
let api: TestApi | null;
let staff: Record<StaffRoleName, StaffLogin>;

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
  api = await startTestApi({ database: 'postgres' });
  if (!api) throw new Error('PostgreSQL is not reachable');
  staff = await signInStaff(api);
  // These draws are run by one staff user, as a club with four-eyes switched off runs them (four-eyes.test.ts covers approvals).
  await switchOffFourEyes(api, staff);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('npm run audit:draw', () => {
  it('prints VERIFIED for an honest draw and names the entrant whose stored grant was changed', async () => {
    const members = [];
    for (const n of [1, 2, 3])
      members.push(
        await seedPaidMember(
          api!.ctx.store,
          api!.ctx.registry,
          { email: `m${n}@example.test`, firstname: `M${n}`, lastname: 'Audit' },
          new Date(Date.now() - 86_400_000),
        ),
      );
    await api!.infra.projections.waitFor(await api!.ctx.store.headPosition(), 10_000);
    const post = async (path: string, body: unknown) =>
      (await adminFetch(api!, path, { method: 'POST', token: staff.admin.token, body: JSON.stringify(body) })).json() as Promise<Json>;
    const created = await post('/prizes', {
      title: 'Audit me',
      slug: 'audit-me',
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 100,
      reason: 'test',
    });
    for (const action of ['schedule', 'close', 'draw']) await post(`/prizes/${created.id}/${action}`, {});
    const ok = await audit('audit-me');
    expect(ok.out).toContain('VERIFIED');
    expect(ok.code).toBe(0);
    // The recorded winner's ticket and the recorded seed changed in the stored log: both named, then put back.
    const stream = drawStreamId(created.id as string);
    const forgedSeed = 'f'.repeat(64);
    const {
      rows: [before],
    } = await api!.ctx.sql.query<{ ticket: string; seed: string }>(
      `select (select data->>'ticket' from es.events where event_type = 'WinnerDrawn' and stream_id = $1) as ticket,
              (select data->>'seed' from es.events where event_type = 'RandomnessRevealed' and stream_id = $1) as seed`,
      [stream],
    );
    const setTicketAndSeed = (ticket: number, seed: string) =>
      api!.ctx.sql.query(
        `update es.events set data = case event_type when 'WinnerDrawn' then jsonb_set(data, '{ticket}', to_jsonb($2::int)) else jsonb_set(data, '{seed}', to_jsonb($3::text)) end
         where stream_id = $1 and event_type in ('WinnerDrawn', 'RandomnessRevealed')`,
        [stream, ticket, seed],
      );
    await setTicketAndSeed(Number(before!.ticket) + 1, forgedSeed);
    const forged = await audit('audit-me');
    expect(forged.code).toBe(1);
    expect(forged.out).toContain(`DIFFERS: the seed recomputes to ${before!.seed}, recorded ${forgedSeed}`);
    expect(forged.out).toMatch(
      new RegExp(
        `DIFFERS: winner recorded k=\\d+ ticket ${Number(before!.ticket) + 1} entrant [0-9a-f]{64}, recomputed k=\\d+ ticket ${before!.ticket} entrant`,
      ),
    );
    expect(forged.out).not.toContain('VERIFIED');
    await setTicketAndSeed(Number(before!.ticket), before!.seed);
    expect((await audit('audit-me')).code).toBe(0);
    const victim = members[2]!.memberId;
    await api!.ctx.sql.query(
      `update es.events set data = jsonb_set(data, '{count}', to_jsonb((data->>'count')::int + 5)) where event_type = 'EntriesGranted' and stream_id = $1`,
      [`entries-${victim}`],
    );
    const bad = await audit(created.id as string);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(new RegExp(`DIFFERS: entrant [0-9a-f]{64} \\(member:${victim}\\): recorded \\d+ tickets, rebuilt \\d+`));
    expect(bad.out).not.toContain('VERIFIED');
    expect((await audit('no-such-prize')).code).toBe(1);
  }, 120_000);
});
