import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteSql, type Sql } from '../src/db';
import { createPostgresEventStore, START, type EventStore, type RecordedEvent, type SubscriptionHandle } from '../src/eventstore';

let sql: Sql | null = null;
let store: EventStore | null = null;
const subscriptions: SubscriptionHandle[] = [];
afterEach(async () => {
  await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
  await store?.close();
  await sql?.close();
  sql = null;
  store = null;
});

/** A PGlite-backed store whose $all reads (the subscriptions' reads of the tail) are counted. */
async function countingStore(): Promise<{ store: EventStore; tailReads: () => number }> {
  const inner = await createPgliteSql(null);
  sql = inner;
  let reads = 0;
  const counted: Sql = {
    ...inner,
    query(text, params) {
      if (text.includes('es.read_settled(')) reads += 1;
      return inner.query(text, params);
    },
  };
  store = await createPostgresEventStore(counted);
  return { store, tailReads: () => reads };
}

const event = (n: number) => ({
  id: crypto.randomUUID(),
  type: n % 2 === 0 ? 'Even' : 'Odd',
  data: { n },
  metadata: {
    correlationId: 'c',
    causationId: null,
    actor: { type: 'system' as const, id: 't' },
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

describe('subscriptions of one process share their reads of the log', () => {
  it('twelve subscribers see every event in order, with about one read per append rather than one per subscriber', async () => {
    const { store, tailReads } = await countingStore();
    const seen: number[][] = Array.from({ length: 12 }, () => []);
    for (let i = 0; i < 12; i++) {
      subscriptions.push(
        store.subscribe(
          START,
          async (batch: RecordedEvent[]) => {
            for (const e of batch) seen[i]!.push((e.data as { n: number }).n);
          },
          i % 3 === 0 ? { types: ['Even'] } : {},
        ),
      );
    }
    const appends = 30;
    const before = tailReads();
    for (let n = 0; n < appends; n++) {
      await store.append(`s-${n % 3}`, [event(n)], 'any');
      // Each append is read by everyone before the next (the busiest case for sharing: no batching).
      await expect.poll(() => seen.filter((s, i) => i % 3 === 0 || s.length === n + 1).length, { timeout: 5000, interval: 2 }).toBe(12);
    }
    await expect.poll(() => seen.every((s) => s.length === appends), { timeout: 5000 }).toBe(true);
    for (const s of seen) expect(s).toEqual(Array.from({ length: appends }, (_, n) => n));
    const reads = tailReads() - before;
    // Without sharing it is at least 12 per append (360); allow a margin for wake-ups that race an append on a loaded machine.
    expect(reads).toBeLessThanOrEqual(appends * 4);
  });
});
