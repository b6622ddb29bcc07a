import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../src/db';
import { comparePositions, createPostgresEventStore, type EventStore, type Position, type RecordedEvent } from '../src/eventstore';
import { findPostgres, openScratchPostgresStore, servicesRequired, type ScratchPostgresStore } from '../src/testing';
import { probe, readAllUntil, uniqueStream } from './contract';

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

/**
 * The case a plain sequence gets wrong: T1 takes global position p and commits late, T2 takes
 * p+1 and commits first. A reader ordered by the sequence alone would pass p+1 and never come
 * back for p. Ours must hold back everything behind T1 until T1 ends.
 */
describe.runIf(postgresAdmin)('PostgreSQL adapter: a late commit is never skipped', () => {
  let scratch: ScratchPostgresStore;
  let sql: Sql;
  let store: EventStore;

  beforeAll(async () => {
    scratch = await openScratchPostgresStore('roar_es_late');
    ({ sql, store } = scratch);
  });
  afterAll(async () => {
    await scratch?.close();
  });

  it('holds back T2 while T1 (which wrote first) is open, then returns T1 before T2', async () => {
    const seed = await store.append(uniqueStream('seed'), [probe(0, 0)], 'no_stream');
    const checkpoint: Position = seed.position;
    const live: RecordedEvent[] = [];
    const sub = store.subscribe(checkpoint, async (batch) => {
      live.push(...batch);
    });

    const t1Event = probe(1, 0);
    const t2Event = probe(2, 0);
    let t1Position: Position | undefined;
    await sql.session(async (session) => {
      // T1: the adapter's own append, run inside a transaction this test keeps open. The store is
      // made before BEGIN so that its migration (which locks the table) is not part of T1.
      const held: Sql = { ...session, transaction: (fn) => fn(held), session: (fn) => fn(held) };
      const t1Store = await createPostgresEventStore(held);
      await session.query('begin');
      t1Position = (await t1Store.append(uniqueStream('t1'), [t1Event], 'no_stream')).position;

      // T2 starts after T1 took its position and commits first.
      const t2 = await store.append(uniqueStream('t2'), [t2Event], 'no_stream');
      expect(t2.position.prepare).toBeGreaterThan(t1Position.prepare);

      expect(await store.readAll(checkpoint, 10)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(live).toEqual([]);

      await session.query('commit');
    });

    // Other suites' transactions on the same server may hold the rows back a moment longer.
    const after = await readAllUntil(store, checkpoint, 2);
    expect(after.map((e) => e.id)).toEqual([t1Event.id, t2Event.id]);
    expect(comparePositions(after[0]!.position, t1Position!)).toBe(0);
    await expect.poll(() => live.length, { timeout: 5000, interval: 20 }).toBe(2);
    expect(live.map((e) => e.id)).toEqual([t1Event.id, t2Event.id]);
    await sub.stop();
  });
});
