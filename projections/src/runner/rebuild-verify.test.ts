import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendSeedTiers, openBackend, silent, testDatabase, type Backend } from '../../test/helpers';
import { eventLogProjector } from '../event-log';
import { listMemberships, membershipsProjector } from '../memberships';
import { createProjectionDaemon } from './daemon';
import { renderProgressBar } from './progress';
import type { ReplayProgress } from './replay';
import { rebuildProjector } from './rebuild';
import { verifyProjector } from './verify';

const db = await testDatabase();
const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    proc.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    proc.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('progress bar', () => {
  it('draws a plain text bar, or a count when the total is unknown', () => {
    expect(renderProgressBar({ events: 104_000, total: 200_000 }, 10)).toBe('[#####-----] 52% 104000/200000');
    expect(renderProgressBar({ events: 7, total: null })).toBe('7 events');
  });
});

describe.skipIf(!db)('rebuild and verify on PostgreSQL', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openBackend('postgres', db);
    await appendSeedTiers(backend.store);
    const daemon = createProjectionDaemon({
      sql: backend.sql,
      store: backend.store,
      projectors: [membershipsProjector, eventLogProjector],
      logger: silent,
    });
    await daemon.start();
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    await daemon.stop();
  });
  afterAll(async () => {
    await backend?.close();
    await db?.drop();
  });

  it('verify reports a tampered, a missing and an extra row by key, and leaves no scratch schema', async () => {
    await backend.sql.query("update read.memberships set tier = 'Tampered', price_cents = 1 where id = 2");
    await backend.sql.query('delete from read.memberships where id = 3');
    await backend.sql.query(
      "insert into read.memberships select 99, sort, status, visible, 'ghost', tier, colour, icon, initial_tickets, cumulative_tickets, items, type, bonus_draws, weekly_draws, rewards_access, shop_access, price_cents, currency, referee_entries, referrer_entries, rewards_days, cashback_maximum_cents, stripe_id, updated_at from read.memberships where id = 1",
    );
    const report = await verifyProjector({ sql: backend.sql, store: backend.store, projector: membershipsProjector, logger: silent });
    expect(report.ok).toBe(false);
    expect(report.differenceCount).toBe(3);
    const byKind = Object.fromEntries(report.differences.map((d) => [d.kind, d]));
    expect(byKind.different).toMatchObject({ table: 'memberships', key: { id: 2 }, columns: ['tier', 'price_cents'].sort() });
    expect(byKind.different!.actual).toMatchObject({ tier: 'Tampered' });
    expect(byKind.different!.expected).toMatchObject({ tier: 'Single Entry', price_cents: 2000 });
    expect(byKind.missing).toMatchObject({ key: { id: 3 } });
    expect(byKind.extra).toMatchObject({ key: { id: 99 } });
    expect(report.tables[0]).toMatchObject({ liveRows: 4, expectedRows: 4, differences: 3 });
    const scratch = await backend.sql.query("select nspname from pg_namespace where nspname like 'verify_%'");
    expect(scratch.rows).toEqual([]);
  });

  it('the CLI verify exits 1 and names the rows; rebuild with a progress bar repairs it; verify then exits 0', async () => {
    const env = { DATABASE_URL: db!.url };
    const bad = await runCli(['verify', 'memberships'], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('different memberships {"id":2} columns');
    expect(bad.stdout).toContain('missing memberships {"id":3}');
    expect(bad.stdout).toContain('extra memberships {"id":99}');

    const rebuilt = await runCli(['rebuild', 'memberships'], env);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stderr).toMatch(/\[#+\] 100% 4\/4/);
    expect(rebuilt.stdout).toContain('rebuilt memberships: 4 events');
    expect((await listMemberships(backend.sql)).map((m) => m.id)).toEqual([1, 2, 3, 4]);

    const good = await runCli(['verify', 'all'], env);
    expect(good.stdout).toContain('verify memberships: OK');
    expect(good.stdout).toContain('verify event_log: OK');
    expect(good.code).toBe(0);
    const status = await runCli(['status'], env);
    expect(status.stdout).toMatch(/memberships\s+v1 at \d+\/\d+ (at head|\d+ events? behind)/);
    expect((await runCli(['rebuild', 'nope'], env)).code).toBe(2);
  });

  it('rebuild replays from START with progress and gives the same rows', async () => {
    const seen: ReplayProgress[] = [];
    const result = await rebuildProjector({
      sql: backend.sql,
      store: backend.store,
      projector: eventLogProjector,
      logger: silent,
      batchSize: 3,
      countEvents: async () => 4,
      onProgress: (p) => seen.push(p),
    });
    expect(result.events).toBe(4);
    expect(seen.map((p) => p.events)).toEqual([3, 4]);
    expect(seen.every((p) => p.total === 4)).toBe(true);
    expect((await verifyProjector({ sql: backend.sql, store: backend.store, projector: eventLogProjector, logger: silent })).ok).toBe(true);
  });
});
