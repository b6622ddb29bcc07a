import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type EventStore, type NewEvent, type Position, type Sql } from '@roar/platform';
import { findPostgres, openScratchPostgresStore, servicesRequired, type ScratchPostgresStore } from '@roar/platform/testing';
import type { EligibilityEvent } from '@roar/domain';
import { forEachLogEvent } from '../src/draws/log';

/** The eligibility events up to `cutoff`, collected (closing a draw and the audit fold them page by page instead). */
async function readLogUpTo(store: EventStore, cutoff: Position, batch: number, waitMs: number): Promise<EligibilityEvent[]> {
  const out: EligibilityEvent[] = [];
  await forEachLogEvent(store, cutoff, (e) => out.push(e), { batch, waitMs });
  return out;
}

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

const grant = (memberId: string): NewEvent => ({
  id: randomUUID(),
  type: 'EntriesGranted',
  data: { memberId, count: 10 },
  metadata: {
    correlationId: randomUUID(),
    causationId: null,
    actor: { type: 'system', id: 'draws-log-test' },
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

/**
 * Closing a draw freezes the log up to the head. A grant whose transaction began earlier but
 * commits after the close has started sorts before that head: the frozen list must include it, or
 * the audit (which replays later, when it is visible) would report a difference that is not there.
 */
describe.runIf(postgresAdmin)('the log read of a draw close waits for transactions older than its cutoff', () => {
  let scratch: ScratchPostgresStore;
  let sql: Sql;
  let store: EventStore;

  beforeAll(async () => {
    scratch = await openScratchPostgresStore('roar_draw_log');
    ({ sql, store } = scratch);
  });
  afterAll(async () => {
    await scratch?.close();
  });

  it('includes a grant committed late below the cutoff', async () => {
    await store.append(`entries-${randomUUID()}`, [grant('early')], 'no_stream');
    let read: Promise<unknown[]> | undefined;
    await sql.session(async (session) => {
      const held: Sql = { ...session, transaction: (fn) => fn(held), session: (fn) => fn(held) };
      const lateStore = await createPostgresEventStore(held);
      await session.query('begin');
      await lateStore.append(`entries-${randomUUID()}`, [grant('late')], 'no_stream');
      await store.append(`entries-${randomUUID()}`, [grant('head')], 'no_stream');
      const cutoff = await store.headPosition();
      read = readLogUpTo(store, cutoff, 1000, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await session.query('commit');
    });
    const log = (await read!) as Array<{ data: { memberId: string } }>;
    expect(log.map((e) => e.data.memberId)).toEqual(['early', 'late', 'head']);
  });

  it('does other work while the next page is read, a slice at a time, and hands over the same events in the same order', async () => {
    for (let i = 0; i < 7; i++) await store.append(`entries-${randomUUID()}`, [grant(`m${i}`)], 'no_stream');
    const cutoff = await store.headPosition();
    const plain = await readLogUpTo(store, cutoff, 2, 10_000);
    const withWork: EligibilityEvent[] = [];
    let slices = 0;
    await forEachLogEvent(store, cutoff, (e) => withWork.push(e), { batch: 2, waitMs: 10_000, whileWaiting: () => ++slices < 3 });
    expect(withWork).toEqual(plain);
    expect(plain.length).toBeGreaterThanOrEqual(7);
    // Called until it said it was done (the third slice), never again after.
    expect(slices).toBe(3);
  });

  it('reads ranges of the log side by side and hands over the same events in log order as one reader would', async () => {
    // Grants among events of other types, some appends of several events, so the cuts fall anywhere.
    const other = (n: number): NewEvent => ({ ...grant(`x${n}`), type: 'ProbeIgnored' });
    for (let i = 0; i < 30; i++) {
      const events = i % 3 === 0 ? [grant(`r${i}a`), other(i), grant(`r${i}b`)] : i % 3 === 1 ? [other(i), other(i + 100)] : [grant(`r${i}`)];
      await store.append(`entries-${randomUUID()}`, events, 'no_stream');
    }
    const cutoff = await store.headPosition();
    const { logCuts: _cuts, ...oneReader } = store;
    expect(_cuts).toBeTypeOf('function');
    const expected: EligibilityEvent[] = [];
    await forEachLogEvent(oneReader, cutoff, (e) => expected.push(e), { batch: 3, waitMs: 10_000 });
    const cutsMade: number[] = [];
    const counting: EventStore = {
      ...store,
      logCuts: async (until, every) => (await store.logCuts!(until, every)).filter((_, i) => cutsMade.push(i) > -1),
    };
    for (const rangeEvents of [1, 4, 7, 1000]) {
      const read: EligibilityEvent[] = [];
      let slices = 0;
      const count = await forEachLogEvent(counting, cutoff, (e) => read.push(e), {
        batch: 3,
        waitMs: 10_000,
        rangeEvents,
        whileWaiting: () => ++slices < 50,
      });
      expect(read).toEqual(expected);
      expect(count).toBe(expected.length);
    }
    expect(expected.filter((e) => (e.data as { memberId: string }).memberId.startsWith('r'))).toHaveLength(30);
    // Ranges of one event each: a cut at nearly every event of the log.
    expect(cutsMade.length).toBeGreaterThan(60);
  });

  it('gives up with a clear error when the cutoff never becomes readable', async () => {
    const head = await store.headPosition();
    await expect(readLogUpTo(store, { commit: head.commit + 1_000_000n, prepare: head.prepare + 1n }, 1000, 200)).rejects.toThrow(/did not reach/);
  });
});
