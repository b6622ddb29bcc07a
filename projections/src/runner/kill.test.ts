import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIERS, membershipTierStreamId } from '@roar/domain';
import {
  appendSeedTiers,
  countedEvents,
  countingProjector,
  countStoredEvents,
  event,
  openBackend,
  silent,
  testDatabase,
  type Backend,
} from '../../test/helpers';
import { eventLogProjector } from '../event-log';
import { membershipsProjector } from '../memberships';
import { migrateReadModels, readCheckpoint } from './checkpoints';
import { createProjectionDaemon } from './daemon';

const db = await testDatabase();
const child = fileURLToPath(new URL('../../test/daemon-child.ts', import.meta.url));
const projectors = [membershipsProjector, eventLogProjector, countingProjector];

/** A backlog the memberships projector must fold in order: revisions and status flips of every tier. */
async function appendBacklog(backend: Backend): Promise<void> {
  await appendSeedTiers(backend.store);
  for (let round = 0; round < 40; round += 1) {
    for (const t of SEED_TIERS) {
      const events = Array.from({ length: 25 }, (_, i) =>
        i % 5 === 4
          ? event('MembershipTierStatusChanged', { membershipId: t.membershipId, from: 'published', to: i % 2 ? 'archived' : 'published' })
          : event('MembershipTierRevised', { membershipId: t.membershipId, changes: { price_cents: round * 100 + i, sort: (round + i) % 7 } }),
      );
      await backend.store.append(membershipTierStreamId(t.membershipId), events, 'any');
    }
  }
}

describe.skipIf(!db)('a projector killed mid-batch (PostgreSQL, separate process)', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openBackend('postgres', db);
    await appendBacklog(backend);
    await migrateReadModels(backend.sql, projectors);
  });
  afterAll(async () => {
    await backend?.close();
    await db?.drop();
  });

  it('loses only the uncommitted batch, and after restart equals a clean replay', async () => {
    const total = await countStoredEvents(backend.sql);
    expect(total).toBe(4 + 40 * 4 * 25);
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      env: { ...process.env, DATABASE_URL: db!.url, SLOW_APPLY_MS: '40' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_code, signal) => resolve(signal)));
    // Kill it while one of its transactions has written rows it has not committed yet.
    let writesInFlight = 0;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const counted = await readCheckpoint(backend.sql, 'event_count');
      const open = await backend.sql.query<{ n: unknown }>(
        `select count(*)::int as n from pg_stat_activity where application_name = 'roar-kill-child' and backend_xid is not null`,
      );
      writesInFlight = Number(open.rows[0]?.n ?? 0);
      if (counted && counted.position.commit > 0n && writesInFlight > 0) break;
      if (proc.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    proc.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(writesInFlight).toBeGreaterThan(0);

    // What survived is exactly what was committed with the checkpoint: no more, no less.
    const checkpoint = (await readCheckpoint(backend.sql, 'event_count'))!.position;
    const upTo = await backend.sql.query<{ n: unknown }>(
      'select count(*)::int as n from es.events where (transaction_id, global_position) <= ($1::text::xid8, $2::bigint)',
      [String(checkpoint.commit), String(checkpoint.prepare)],
    );
    const counted = await countedEvents(backend.sql);
    expect(counted).toBe(Number(upTo.rows[0]?.n));
    expect(counted).toBeLessThan(total);
    const logged = await backend.sql.query<{ n: unknown }>('select count(*)::int as n from read.event_log');
    expect(Number(logged.rows[0]?.n)).toBeLessThan(total);

    // Restart (here, in-process) and let it catch up: nothing applied twice, nothing lost.
    const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors, logger: silent, lockRetryMs: 100 });
    await daemon.start();
    try {
      expect(await daemon.waitFor(await backend.store.headPosition(), 30_000)).toBe(true);
      expect(await countedEvents(backend.sql)).toBe(total);
      for (const p of projectors) {
        const report = await daemon.verify(p.name);
        expect(report.differences, p.name).toEqual([]);
        expect(report.ok).toBe(true);
      }
    } finally {
      await daemon.stop();
    }
  });
});
