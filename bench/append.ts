import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import {
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  defineEvent,
  EventRegistry,
  protectingStore,
  type EventStore,
  type NewEvent,
  type Sql,
} from '@roar/platform';
import { createTestDatabase, testPersonalDataKeys } from '@roar/platform/testing';

/**
 * Append throughput of the PostgreSQL-table event store (8 writers, one stream each, single-event
 * appends with the expected revision) against plain single-row INSERTs into a bare table by
 * the same number of writers, same rows, same connection pool, measured in the same run.
 */
const WRITERS = 8;
const PER_WRITER = { postgres: 400, pglite: 150 } as const;
const ROUNDS = { postgres: 5, pglite: 3 } as const;

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
    const key = target === 'postgres' ? 'pg' : 'pglite';
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
    await keys.close();
    await store.close();
    return {
      [`append_${key}_events_per_s`]: Math.round(storeRate),
      [`append_${key}_baseline_rows_per_s`]: Math.round(baselineRate),
      [`append_${key}_ratio`]: Number(ratio.toFixed(3)),
      [`append_${key}_sealed_ratio`]: Number(sealedRatio.toFixed(3)),
    };
  } finally {
    await sql.close();
    await db?.drop();
  }
}
