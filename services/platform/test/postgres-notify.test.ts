import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, type Sql } from '../src/db';
import { comparePositions, createPostgresEventStore, positionFromString, type EventStore, type RecordedEvent } from '../src/eventstore';
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

  it('spaces its notifications under a steady stream of appends, and still announces the last append', async () => {
    const heard: string[] = [];
    const listening = await otherSql.listen!('roar_es_appended', (payload) => heard.push(payload));
    const store = await createPostgresEventStore(scratch.sql, { notifyGapMs: 50 });
    try {
      const started = performance.now();
      let last = await store.append(uniqueStream('steady'), [probe(3, 0)], 'no_stream');
      // Four writers appending one event at a time for at least 300 ms: many appends.
      let appends = 1;
      await Promise.all(
        Array.from({ length: 4 }, async (_, w) => {
          const stream = uniqueStream(`steady-${w}`);
          let expected: bigint | 'no_stream' = 'no_stream';
          while (performance.now() - started < 300) {
            const r = await store.append(stream, [probe(4, appends++)], expected);
            expected = r.nextExpectedRevision;
            if (comparePositions(r.position, last.position) > 0) last = r;
          }
        }),
      );
      const took = performance.now() - started;
      // The newest append is announced all the same (after the gap), then nothing more is sent.
      const announced = () => heard.some((p) => comparePositions(positionFromString(p.split(' ')[0]!), last.position) >= 0);
      await expect.poll(announced, { timeout: 5000 }).toBe(true);
      expect(appends).toBeGreaterThan(20);
      // At most one notification per 50 ms of appending, and the last one after it: not one per append.
      expect(heard.length).toBeLessThanOrEqual(Math.ceil(took / 50) + 2);
    } finally {
      await store.close();
      await listening.close();
    }
  });
});
