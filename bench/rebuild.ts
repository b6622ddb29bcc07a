import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createEventRegistry, type TierFields } from '@roar/domain';
import {
  createLogger,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  protectingStore,
  type EventStore,
  type NewEvent,
  type Sql,
} from '@roar/platform';
import { createTestDatabase, testPersonalDataKeys } from '@roar/platform/testing';
import { membershipsProjector, rebuildProjector } from '@roar/projections';

/**
 * Rebuild speed of the memberships projection (catalogue-style: decode, fold, one multi-row
 * upsert per batch, checkpoint in the same transaction) over synthetic MembershipTierDefined
 * events, one row each, against batched multi-row INSERTs of the same rows into a bare table
 * (no key, no index) on the same database in the same run. Only the rebuild is timed, not the
 * appends that set it up. PGlite replays 100,000 (in-memory WASM: 200,000 needs ~1.8 GB); the count is
 * in the log and in the `_events` key.
 */
const EVENTS = { postgres: 200_000, pglite: 100_000 } as const;
const APPEND_CHUNK = 1000;
const REBUILD_BATCH = 2000;
const BASELINE_BATCH = 1000;

type Target = 'postgres' | 'pglite';

function fields(n: number): TierFields {
  return {
    sort: n,
    visible: n % 3 !== 0,
    code: `tier-${n}`,
    tier: `Tier ${n}`,
    colour: '#A78BFA',
    icon: '',
    initial_tickets: n % 100,
    cumulative_tickets: n % 50,
    items: [{ title: `<strong>${n % 100} entries</strong> every month` }, { title: 'Bonus and weekly draws' }],
    type: 'monthly-subscription',
    bonus_draws: true,
    weekly_draws: n % 2 === 0,
    rewards_access: true,
    shop_access: true,
    price_cents: 1000 + (n % 5000),
    currency: 'AUD',
    referee_entries: 10,
    referrer_entries: 20,
    rewards_days: 30,
    cashback_maximum_cents: 2000,
    stripe_id: `price_${n}`,
  };
}

const OCCURRED_AT = '2026-01-01T00:00:00.000Z';

function defined(n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'MembershipTierDefined',
    data: { membershipId: n, status: 'published', fields: fields(n) },
    metadata: { correlationId: randomUUID(), causationId: null, actor: { type: 'system', id: 'bench' }, occurredAt: OCCURRED_AT, schemaVersion: 1 },
  };
}

async function appendAll(store: EventStore, total: number): Promise<void> {
  for (let first = 1; first <= total; first += APPEND_CHUNK) {
    const events = Array.from({ length: Math.min(APPEND_CHUNK, total - first + 1) }, (_, i) => defined(first + i));
    await store.append(`bench-catalogue-${first}`, events, 'no_stream');
  }
}

const COLUMNS = [
  'id',
  'sort',
  'status',
  'visible',
  'code',
  'tier',
  'colour',
  'icon',
  'initial_tickets',
  'cumulative_tickets',
  'items',
  'type',
  'bonus_draws',
  'weekly_draws',
  'rewards_access',
  'shop_access',
  'price_cents',
  'currency',
  'referee_entries',
  'referrer_entries',
  'rewards_days',
  'cashback_maximum_cents',
  'stripe_id',
  'updated_at',
] as const;

/** The same rows the projection writes, inserted in batches of parameterised multi-row VALUES. */
async function baseline(sql: Sql, total: number): Promise<number> {
  await sql.exec(`drop table if exists bench_memberships_baseline;
    create table bench_memberships_baseline (id integer, sort integer, status text, visible boolean, code text, tier text, colour text,
      icon text, initial_tickets integer, cumulative_tickets integer, items jsonb, type text, bonus_draws boolean, weekly_draws boolean,
      rewards_access boolean, shop_access boolean, price_cents integer, currency text, referee_entries integer, referrer_entries integer,
      rewards_days integer, cashback_maximum_cents integer, stripe_id text, updated_at timestamptz)`);
  const started = performance.now();
  for (let first = 1; first <= total; first += BASELINE_BATCH) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (let n = first; n < Math.min(first + BASELINE_BATCH, total + 1); n += 1) {
      const row: Record<string, unknown> = { id: n, status: 'published', ...fields(n), updated_at: OCCURRED_AT };
      const base = params.length;
      for (const c of COLUMNS) params.push(c === 'items' ? JSON.stringify(row[c]) : row[c]);
      tuples.push(`(${COLUMNS.map((_, i) => `$${base + i + 1}`).join(', ')})`);
    }
    await sql.query(`insert into bench_memberships_baseline (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`, params);
  }
  return (performance.now() - started) / 1000;
}

async function open(target: Target): Promise<{ sql: Sql; close: () => Promise<void> }> {
  if (target === 'pglite') {
    const sql = await createPgliteSql(null);
    return { sql, close: () => sql.close() };
  }
  const db = await createTestDatabase('roar_bench_rebuild');
  if (!db) throw new Error('rebuild bench: no PostgreSQL reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  const sql = createPgSql({ connectionString: db.url, max: 4, applicationName: 'roar-bench-rebuild' });
  return {
    sql,
    close: async () => {
      await sql.close();
      await db.drop();
    },
  };
}

export async function benchRebuild(target: Target, log: (line: string) => void): Promise<Record<string, number>> {
  const total = EVENTS[target];
  const key = target === 'postgres' ? 'rebuild_pg' : 'rebuild_pglite';
  const { sql, close } = await open(target);
  try {
    // The product's read path: personal fields opened (these events have none: the cost of looking).
    const store = protectingStore(
      await createPostgresEventStore(sql, { callTimeoutMs: 120_000 }),
      createEventRegistry(),
      await testPersonalDataKeys(sql),
    );
    log(`rebuild (${target}): appending ${total} MembershipTierDefined events in appends of ${APPEND_CHUNK}`);
    await appendAll(store, total);
    const result = await rebuildProjector({ sql, store, projector: membershipsProjector, logger: createLogger('silent'), batchSize: REBUILD_BATCH });
    const rows = Number((await sql.query<{ n: unknown }>('select count(*)::int as n from read.memberships')).rows[0]?.n ?? 0);
    if (result.events !== total || rows !== total)
      throw new Error(`rebuild bench: replayed ${result.events} events into ${rows} rows, expected ${total}`);
    const baselineSeconds = await baseline(sql, total);
    const eventsPerS = Math.round(total / (result.ms / 1000));
    const rowsPerS = Math.round(total / baselineSeconds);
    const ratio = Math.round((eventsPerS / rowsPerS) * 100) / 100;
    log(`rebuild (${target}): ${total} events in ${(result.ms / 1000).toFixed(2)} s = ${eventsPerS} events/s (batches of ${REBUILD_BATCH})`);
    log(`rebuild (${target}): baseline batched INSERT of the same ${total} rows in ${baselineSeconds.toFixed(2)} s = ${rowsPerS} rows/s`);
    log(`rebuild (${target}): ratio ${ratio} (target >= 0.25${target === 'pglite' ? ', informational on PGlite' : ''})`);
    return { [`${key}_events`]: total, [`${key}_events_per_s`]: eventsPerS, [`${key}_baseline_rows_per_s`]: rowsPerS, [`${key}_ratio`]: ratio };
  } finally {
    await close();
  }
}
