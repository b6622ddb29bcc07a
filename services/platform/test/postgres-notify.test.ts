import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, type Sql } from '../src/db';
import { comparePositions, createPostgresEventStore, type EventStore, type RecordedEvent } from '../src/eventstore';
import { findPostgres, openScratchPostgresStore, servicesRequired, type ScratchPostgresStore } from '../src/testing';
import { probe, uniqueStream } from './contract';

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

/**
 * Appends notify other processes after commit (coalesced), not from inside es.append_events: a
 * second store on its own pool, polling only once a minute, must still be woken by the first's
 * appends, including a burst of concurrent appends folded into fewer notifications.
 */
describe.runIf(postgresAdmin)('PostgreSQL adapter: another process is woken on append, not by polling', () => {
  let scratch: ScratchPostgresStore;
  let otherSql: Sql;
  let other: EventStore;

  beforeAll(async () => {
    scratch = await openScratchPostgresStore('roar_es_notify');
    otherSql = createPgSql({ connectionString: scratch.db.url, max: 2 });
    other = await createPostgresEventStore(otherSql, { pollIntervalMs: 60_000 });
  });
  afterAll(async () => {
    await other?.close();
    await otherSql?.close();
    await scratch?.close();
  });

  it('wakes a subscriber of another store for a single append and for a burst of concurrent ones', async () => {
    const seed = await scratch.store.append(uniqueStream('seed'), [probe(0, 0)], 'no_stream');
    const seen: RecordedEvent[] = [];
    const sub = other.subscribe(seed.position, async (batch) => {
      seen.push(...batch);
    });
    try {
      // Let the subscription's first read find nothing and go to sleep on its one-minute poll.
      await new Promise((r) => setTimeout(r, 300));
      const one = await scratch.store.append(uniqueStream('one'), [probe(1, 0)], 'no_stream');
      await expect.poll(() => seen.some((e) => comparePositions(e.position, one.position) === 0), { timeout: 5000 }).toBe(true);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => scratch.store.append(uniqueStream(`burst-${i}`), [probe(2, i)], 'no_stream')),
      );
      await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1 + burst.length);
    } finally {
      await sub.stop();
    }
  });
});
