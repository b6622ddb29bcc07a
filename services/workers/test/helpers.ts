import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLogger,
  createPgSql,
  createPostgresEventStore,
  protectingStore,
  validatingStore,
  type EventStore,
  type NewEvent,
  type PersonalDataKeyStore,
  type Sql,
} from '@roar/platform';
import { createTestDatabase, testPersonalDataKeys } from '@roar/platform/testing';
import { createEventRegistry, membershipTierStreamId, SEED_TIERS } from '@roar/domain';
import { migrateJobs } from '../src/schema';
import { REACTORS } from '../src/reactors';

export const quietLogger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'workers-test');

export interface TestEnv {
  /** The database's URL, for a child process. */
  readonly url: string;
  readonly sql: Sql;
  /**
   * The store as the product opens it: validated, personal fields sealed on append and opened on
   * read (issue 24). Replaced by emptyLog(): a store keeps what it read of the log, which only ever grows.
   */
  store: EventStore;
  /** The member keys behind the store's personal fields (`erase` a member). */
  readonly keys: PersonalDataKeyStore;
  readonly dataDir: string;
  /**
   * Empties the event log and the named tables, with a new store over it: a test starts from
   * nothing. (The product never truncates its log; a store that did not see it happen would serve
   * the truncated events it keeps in memory.)
   */
  emptyLog(alsoTruncate: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database with the event store, and an empty data folder; null when no PostgreSQL. */
export async function openTestEnv(): Promise<TestEnv | null> {
  const db = await createTestDatabase('roar_workers');
  if (!db) return null;
  const sql = createPgSql({ connectionString: db.url, max: REACTORS.length + 6 }); // each running reactor holds one session for its lock;
  const registry = createEventRegistry();
  const keys = await testPersonalDataKeys(sql);
  const openStore = async () =>
    validatingStore(protectingStore(await createPostgresEventStore(sql, { pollIntervalMs: 30 }), registry, keys), registry);
  await migrateJobs(sql);
  const dataDir = await mkdtemp(join(tmpdir(), 'roar-workers-'));
  const env: TestEnv = {
    url: db.url,
    sql,
    store: await openStore(),
    keys,
    dataDir,
    async emptyLog(alsoTruncate) {
      await env.store.close();
      await sql.exec(`truncate es.events, es.streams${alsoTruncate.length > 0 ? `; truncate ${alsoTruncate.join(', ')}` : ''}`);
      env.store = await openStore();
    },
    async close() {
      await env.store.close();
      await keys.close();
      await sql.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return env;
}

export function event(type: string, data: unknown, reason?: string): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'staff', id: 'alice@roarplus.local', role: 'admin' },
      occurredAt: '2026-11-21T07:00:00.000Z',
      schemaVersion: 1,
      ...(reason ? { reason } : {}),
    },
  };
}

/** Defines the seed's second tier (single entry), then revises its price: the event id of the revision. */
export async function defineAndRevisePrice(store: EventStore, newPriceCents: number, reason = 'Spring pricing'): Promise<string> {
  const seed = SEED_TIERS[1]!;
  const stream = membershipTierStreamId(seed.membershipId);
  await store.append(
    stream,
    [event('MembershipTierDefined', { membershipId: seed.membershipId, status: seed.status, fields: seed.fields })],
    'no_stream',
  );
  const revision = event('MembershipTierRevised', { membershipId: seed.membershipId, changes: { price_cents: newPriceCents } }, reason);
  await store.append(stream, [revision], 0n);
  return revision.id;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A local port nobody listens on: bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
