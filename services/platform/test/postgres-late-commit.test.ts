import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Sql } from '../src/db';
import { comparePositions, createPostgresEventStore, type EventStore, type Position, type RecordedEvent } from '../src/eventstore';
import { createTestDatabase, findPostgres, openScratchPostgresStore, servicesRequired, type ScratchPostgresStore } from '../src/testing';
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

  it('holds back behind a transaction that wrote something else before its append, by refusing that append', async () => {
    // Readers know a writer of the log by its lock on the log's tables; a transaction that already
    // had an id before it took one could have been passed over, so such an append is refused.
    await sql.session(async (session) => {
      const held: Sql = { ...session, transaction: (fn) => fn(held), session: (fn) => fn(held) };
      const heldStore = await createPostgresEventStore(held);
      await session.query('begin');
      await session.query('create temporary table if not exists first_write (n int) on commit drop');
      await session.query('insert into first_write values (1)');
      const stream = uniqueStream('after-other-write');
      await expect(heldStore.append(stream, [probe(3, 0)], 'no_stream')).rejects.toThrow(/must come before any other write/);
      await session.query('rollback');
      expect(await store.readStream(stream)).toEqual([]);
    });
    // A second append in the transaction of a first one is a writer's all along, and goes through.
    await sql.session(async (session) => {
      const held: Sql = { ...session, transaction: (fn) => fn(held), session: (fn) => fn(held) };
      const heldStore = await createPostgresEventStore(held);
      await session.query('begin');
      await heldStore.append(uniqueStream('twice-a'), [probe(4, 0)], 'no_stream');
      await heldStore.append(uniqueStream('twice-b'), [probe(5, 0)], 'no_stream');
      await session.query('commit');
    });
  });

  it('does not wait for transactions that write no events: in another database, or in this one', async () => {
    const otherDb = await createTestDatabase('roar_es_other');
    if (!otherDb) throw new Error('no second database');
    const elsewhere = new pg.Client({ connectionString: otherDb.url });
    const here = new pg.Client({ connectionString: scratch.db.url });
    await elsewhere.connect();
    await here.connect();
    try {
      // Both hold a transaction id, open, for the whole test (a bulk load elsewhere on the
      // server; a read model's transaction here).
      await elsewhere.query('begin');
      await elsewhere.query('create table held_open (n int)');
      await here.query('begin');
      await here.query('create temporary table held_here (n int) on commit drop');
      await here.query('insert into held_here values (1)');
      const seed = await store.append(uniqueStream('seed'), [probe(6, 0)], 'no_stream');
      const after = await store.append(uniqueStream('after'), [probe(7, 0)], 'no_stream');
      // Readable at once, with both transactions still open (the server-wide horizon held it back).
      const read = await store.readAll(seed.position, 10);
      expect(read.map((e) => e.position)).toEqual([after.position]);
      const typed = await store.readTypesUpTo(seed.position, after.position, [read[0]!.type], 10);
      expect(typed.complete).toBe(true);
      expect(typed.events.map((e) => e.id)).toEqual([read[0]!.id]);
    } finally {
      await here.query('rollback').catch(() => undefined);
      await elsewhere.query('rollback').catch(() => undefined);
      await here.end();
      await elsewhere.end();
      await otherDb.drop();
    }
  });
});
