import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import {
  comparePositions,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  defineEvent,
  EventRegistry,
  protectingStore,
  type EventStore,
  type NewEvent,
  type Position,
  type Sql,
} from '@roar/platform';
import { createTestDatabase, testPersonalDataKeys } from '@roar/platform/testing';

/**
 * Append throughput of the PostgreSQL-table event store (8 writers, one stream each, single-event
 * appends with the expected revision) against plain single-row INSERTs into a bare table by
 * the same number of writers, same rows, same connection pool, measured in the same run.
 *
 * On PostgreSQL the store under test listens for its own notifications, so every append in the
 * measured rounds also pays for the NOTIFY sent after it commits. After the rounds, the wake-ups
 * are checked: a subscriber on a second store (its own pool, as another process would be) that
 * polls only once a minute must receive a single append and a burst from 8 writers within
 * WAKE_BOUND_MS, which it can only do by being woken by the notification.
 */
const WRITERS = 8;
const PER_WRITER = { postgres: 400, pglite: 150 } as const;
const ROUNDS = { postgres: 5, pglite: 3 } as const;
/** The wake-up check: the other store polls this rarely, and each append must reach it this soon. */
const WAKE_POLL_MS = 60_000;
/**
 * Well inside the poll interval, so an arrival proves the notification woke the subscriber. Not
 * tighter: a reader sees an append only once every older transaction writing to the same log has
 * ended (before issue 25's change: every older transaction of the whole cluster, and another
 * database's long transaction held that back for seconds). The times are printed.
 */
const WAKE_BOUND_MS = 20_000;
const WAKE_BURST_PER_WRITER = 20;

export type BenchTarget = 'postgres' | 'pglite';

/**
 * The same event with personal fields (issue 24): a member's name and email, sealed per member on
 * append by the protecting store, as every product append of personal data is.
 */
const BenchPersonRecorded = defineEvent(
  'BenchPersonRecorded',
  z.object({ memberId: z.string(), name: z.string(), email: z.string(), n: z.number(), amount: z.number(), tags: z.array(z.string()) }),
  { personal: { subject: 'memberId', fields: { name: 'name', email: 'email' } } },
);
const benchRegistry = new EventRegistry().register(BenchPersonRecorded);

function event(writer: number, n: number): NewEvent {
  return withData(writer, { writer, n, note: 'a payload of roughly the size of a domain event', amount: 1234, tags: ['a', 'b'] });
}

function personalEvent(writer: number, n: number): NewEvent {
  return {
    ...withData(writer, {
      memberId: `bench-member-${writer}`,
      name: 'Sam Benchmark',
      email: 'sam.benchmark@example.test',
      n,
      amount: 1234,
      tags: ['a', 'b'],
    }),
    type: 'BenchPersonRecorded',
  };
}

function withData(writer: number, data: unknown): NewEvent {
  return {
    id: randomUUID(),
    type: 'BenchEventRecorded',
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'system', id: 'bench' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function runStore(store: EventStore, perWriter: number, round: number, make: (writer: number, n: number) => NewEvent = event): Promise<number> {
  return timed(async () => {
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const stream = `bench-${round}-${w}-${randomUUID()}`;
        let expected: bigint | 'no_stream' = 'no_stream';
        for (let n = 0; n < perWriter; n++) {
          expected = (await store.append(stream, [make(w, n)], expected)).nextExpectedRevision;
        }
      }),
    );
  });
}

async function runBaseline(sql: Sql, perWriter: number, round: number): Promise<number> {
  return timed(async () => {
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const stream = `baseline-${round}-${w}`;
        for (let n = 0; n < perWriter; n++) {
          const e = event(w, n);
          await sql.query('insert into bench_baseline (stream_id, event_id, event_type, data, metadata) values ($1, $2, $3, $4, $5)', [
            stream,
            e.id,
            e.type,
            JSON.stringify(e.data),
            JSON.stringify(e.metadata),
          ]);
        }
      }),
    );
  });
}

function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms)))]).finally(() => clearTimeout(timer));
}

interface WakeCheck {
  readonly kept: boolean;
  /** From the single append's return to the other store's subscriber holding it. */
  readonly singleMs: number;
  /** From the burst's last append returning to the subscriber holding every event of the burst. */
  readonly burstMs: number;
}

/** A subscriber of a second store on its own pool, polling once a minute, woken by `store`'s appends. */
async function checkWakeUps(store: EventStore, databaseUrl: string): Promise<WakeCheck> {
  const otherSql = createPgSql({ connectionString: databaseUrl, max: 2, applicationName: 'roar-bench-listener' });
  const other = await createPostgresEventStore(otherSql, { pollIntervalMs: WAKE_POLL_MS });
  const seen: Position[] = [];
  const waiters: { until: Position; resolve: () => void }[] = [];
  const held = (p: Position) => seen.some((s) => comparePositions(s, p) === 0);
  const arrival = (until: Position) =>
    new Promise<void>((resolve) => {
      if (held(until)) resolve();
      else waiters.push({ until, resolve });
    });
  try {
    const seed = await store.append(`bench-wake-seed-${randomUUID()}`, [event(0, 0)], 'no_stream');
    let reads = 0;
    const sub = other.subscribe(seed.position, async (batch) => {
      reads += 1;
      for (const e of batch) seen.push(e.position);
      for (const w of waiters.splice(0)) {
        if (held(w.until)) w.resolve();
        else waiters.push(w);
      }
    });
    try {
      // The subscription's first read finds nothing after the seed: it sleeps on its one-minute poll.
      await new Promise((r) => setTimeout(r, 300));
      const readsBefore = reads;
      const one = await store.append(`bench-wake-one-${randomUUID()}`, [event(0, 1)], 'no_stream');
      const oneAt = performance.now();
      const single = await within(WAKE_BOUND_MS, arrival(one.position));
      const singleMs = performance.now() - oneAt;
      const burst = await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const stream = `bench-wake-burst-${w}-${randomUUID()}`;
          let expected: bigint | 'no_stream' = 'no_stream';
          let position: Position | null = null;
          for (let k = 0; k < WAKE_BURST_PER_WRITER; k++) {
            const r = await store.append(stream, [event(w, k)], expected);
            expected = r.nextExpectedRevision;
            position = r.position;
          }
          return position!;
        }),
      );
      const burstAt = performance.now();
      const all = await within(WAKE_BOUND_MS, Promise.all(burst.map((p) => arrival(p))));
      const burstMs = performance.now() - burstAt;
      return { kept: single !== 'timeout' && all !== 'timeout' && reads > readsBefore, singleMs, burstMs };
    } finally {
      await sub.stop();
    }
  } finally {
    await other.close();
    await otherSql.close();
  }
}

export async function benchAppend(target: BenchTarget, log: (line: string) => void): Promise<Record<string, number>> {
  const db = target === 'postgres' ? await createTestDatabase('roar_bench') : null;
  if (target === 'postgres' && !db) throw new Error('bench: no PostgreSQL server reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  const sql = db ? createPgSql({ connectionString: db.url, max: WRITERS + 2, applicationName: 'roar-bench' }) : await createPgliteSql(null);
  try {
    await sql.exec(`create table bench_baseline (
      id bigserial primary key, stream_id text not null, event_id uuid not null, event_type text not null,
      data jsonb not null, metadata jsonb not null)`);
    const store = await createPostgresEventStore(sql);
    const keys = await testPersonalDataKeys(sql);
    const sealing = protectingStore(store, benchRegistry, keys);
    const perWriter = PER_WRITER[target];
    const total = WRITERS * perWriter;
    // Warm the paths (connections, plans, caches, the members' keys) before measuring.
    await runBaseline(sql, 20, -1);
    await runStore(store, 20, -1);
    await runStore(sealing, 20, -1, personalEvent);
    // Paired rounds, each side measured right beside the other, order alternating: other work on
    // the machine shifts both sides of a pair alike. The median pair is reported.
    const pairs: { store: number; baseline: number; sealed: number }[] = [];
    for (let round = 0; round < ROUNDS[target]; round++) {
      const b1 = round % 2 === 0 ? await runBaseline(sql, perWriter, round) : 0;
      const s = await runStore(store, perWriter, round);
      const p = await runStore(sealing, perWriter, round, personalEvent);
      const b2 = round % 2 === 1 ? await runBaseline(sql, perWriter, round) : 0;
      pairs.push({ store: total / s, baseline: total / (b1 + b2), sealed: total / p });
    }
    pairs.sort((a, b) => a.store / a.baseline - b.store / b.baseline);
    const median = pairs[Math.floor(pairs.length / 2)]!;
    const storeRate = median.store;
    const baselineRate = median.baseline;
    const ratio = storeRate / baselineRate;
    const spread = pairs.map((p) => (p.store / p.baseline).toFixed(2)).join(' ');
    const sealedRatios = pairs.map((p) => p.sealed / p.baseline).sort((a, b) => a - b);
    const sealedRatio = sealedRatios[Math.floor(sealedRatios.length / 2)]!;
    log(`append (${target}, ${WRITERS} writers x ${perWriter} single-event appends, median of ${ROUNDS[target]} paired rounds)`);
    log(`  ${'event store append'.padEnd(28)} ${storeRate.toFixed(0).padStart(8)} events/s`);
    log(`  ${'baseline single-row INSERT'.padEnd(28)} ${baselineRate.toFixed(0).padStart(8)} rows/s`);
    log(
      `  ${'ratio'.padEnd(28)} ${ratio.toFixed(2).padStart(8)}${target === 'postgres' ? `   (target >= 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})` : ''}`,
    );
    log(`  ${'ratio per round'.padEnd(28)} ${spread}`);
    log(
      `  ${'append, 2 fields sealed'.padEnd(28)} ${(sealedRatio * baselineRate).toFixed(0).padStart(8)} events/s   (median ratio ${sealedRatio.toFixed(2)}; per round ${pairs.map((p) => (p.sealed / p.baseline).toFixed(2)).join(' ')})`,
    );
    const wake = db ? await checkWakeUps(store, db.url) : null;
    if (wake) {
      const got = (ms: number) => (ms < WAKE_BOUND_MS ? `in ${ms.toFixed(1)} ms` : `NOT within ${WAKE_BOUND_MS} ms`);
      log(
        `  ${'wake-ups kept'.padEnd(28)} ${wake.kept ? 'yes' : 'NO'}: a subscriber of a second store polling every ${WAKE_POLL_MS / 1000} s got one append ${got(wake.singleMs)}, a burst of ${WRITERS}x${WAKE_BURST_PER_WRITER} ${got(wake.burstMs)} after its last append`,
      );
    }
    await keys.close();
    await store.close();
    return {
      [`append_${target}_events_per_s`]: Math.round(storeRate),
      [`append_${target}_baseline_rows_per_s`]: Math.round(baselineRate),
      [`append_${target}_ratio`]: Number(ratio.toFixed(3)),
      [`append_${target}_sealed_ratio`]: Number(sealedRatio.toFixed(3)),
      ...(wake
        ? {
            [`append_${target}_wakeups_kept`]: wake.kept ? 1 : 0,
            [`append_${target}_wake_ms`]: Number(wake.singleMs.toFixed(1)),
            [`append_${target}_wake_burst_ms`]: Number(wake.burstMs.toFixed(1)),
          }
        : {}),
    };
  } finally {
    await sql.close();
    await db?.drop();
  }
}
