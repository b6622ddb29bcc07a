/**
 * A projection daemon in its own process, for the kill-mid-batch test: it applies slowly (a pause
 * inside each batch's transaction, after the writes) so the parent can SIGKILL it while a batch
 * is half done. Usage: DATABASE_URL=... SLOW_APPLY_MS=40 node --import tsx test/daemon-child.ts
 */
import { createEventRegistry } from '@roar/domain';
import { createPgSql, createPostgresEventStore, protectingStore } from '@roar/platform';
import { testPersonalDataKeys } from '@roar/platform/testing';
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
// Personal fields opened as the product reads them (the parent seals under the same test master key).
const store = protectingStore(await createPostgresEventStore(sql, { pollIntervalMs: 20 }), createEventRegistry(), await testPersonalDataKeys(sql));
const daemon = createProjectionDaemon({
  sql,
  store,
  projectors: [membershipsProjector, eventLogProjector, countingProjector].map(slow),
  logger: silent,
  batchSize: 150,
});
await daemon.start();
process.stdout.write('started\n');
