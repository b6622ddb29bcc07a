/**
 * A projection daemon in its own process, for the kill-mid-batch test: it applies slowly (a pause
 * inside each batch's transaction, after the writes) so the parent can SIGKILL it while a batch
 * is half done. Usage: DATABASE_URL=... SLOW_APPLY_MS=40 node --import tsx test/daemon-child.ts
 */
import { createPgSql, createPostgresEventStore } from '@roar/platform';
import { eventLogProjector } from '../src/event-log';
import { membershipsProjector } from '../src/memberships';
import { createProjectionDaemon } from '../src/runner/daemon';
import type { Projector } from '../src/runner/projector';
import { countingProjector, silent } from './helpers';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const pauseMs = Number(process.env.SLOW_APPLY_MS ?? '0');

const slow = (p: Projector): Projector => ({
  ...p,
  async apply(tx, events, ctx) {
    await p.apply(tx, events, ctx);
    await new Promise((r) => setTimeout(r, pauseMs));
  },
});

const sql = createPgSql({ connectionString: url, max: 6, applicationName: 'roar-kill-child' });
const store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
const daemon = createProjectionDaemon({
  sql,
  store,
  projectors: [membershipsProjector, eventLogProjector, countingProjector].map(slow),
  logger: silent,
  batchSize: 150,
});
await daemon.start();
process.stdout.write('started\n');
