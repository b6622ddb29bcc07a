import { randomUUID } from 'node:crypto';
import { SEED_TIERS, membershipTierStreamId } from '@roar/domain';
import {
  createLogger,
  createPgliteSql,
  createPgSql,
  createPostgresEventStore,
  ident,
  protectingStore,
  validatingStore,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type PersonalDataKeyStore,
  type Sql,
} from '@roar/platform';
import { createTestDatabase, testPersonalDataKeys, type TestDatabase } from '@roar/platform/testing';
import { createEventRegistry } from '@roar/domain';
import type { Projector } from '../src/runner/projector';

export const silent = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

export interface Backend {
  readonly kind: 'postgres' | 'pglite';
  readonly sql: Sql;
  /** The store as the product opens it, less validation: personal fields sealed on append, opened on read (issue 24). */
  readonly store: EventStore;
  /** The member keys behind that store's personal fields (`erase` a member). */
  readonly keys: PersonalDataKeyStore;
  /** Connection string of the test database (postgres only), for a second process or pool. */
  readonly url: string | null;
  close(): Promise<void>;
}

export async function openBackend(kind: 'postgres' | 'pglite', db: TestDatabase | null = null): Promise<Backend> {
  if (kind === 'postgres' && !db) throw new Error('postgres backend needs a test database');
  const sql = kind === 'pglite' ? await createPgliteSql(null) : createPgSql({ connectionString: db!.url, max: 8 });
  const keys = await testPersonalDataKeys(sql);
  const store = protectingStore(await createPostgresEventStore(sql, { pollIntervalMs: 20 }), createEventRegistry(), keys);
  return {
    kind,
    sql,
    store,
    keys,
    url: db?.url ?? null,
    close: async () => {
      await keys.close();
      await sql.close();
    },
  };
}

/** A fresh database for a suite, or null locally when no PostgreSQL is reachable (CI: throws). */
export const testDatabase = (): Promise<TestDatabase | null> => createTestDatabase('roar_proj');

export function metadata(occurredAt = '2026-03-01T10:00:00.000Z'): EventMetadata {
  return { correlationId: randomUUID(), causationId: null, actor: { type: 'staff', id: 'staff-1', role: 'admin' }, occurredAt, schemaVersion: 1 };
}

export function event(type: string, data: unknown, occurredAt?: string): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadata(occurredAt) };
}

/** Appends the launch tiers through the validating store, as the API would. */
export async function appendSeedTiers(store: EventStore): Promise<void> {
  const validated = validatingStore(store, createEventRegistry());
  for (const t of SEED_TIERS) {
    await validated.append(
      membershipTierStreamId(t.membershipId),
      [event('MembershipTierDefined', { membershipId: t.membershipId, status: t.status, fields: t.fields })],
      'no_stream',
    );
  }
}

/**
 * A deliberately non-idempotent projector: it adds each batch's size to a counter. Applying any
 * event twice, or losing one, shows up as a wrong count.
 */
export const countingProjector: Projector = {
  name: 'event_count',
  version: 1,
  tables: [{ name: 'event_count', primaryKey: ['id'] }],
  handles: 'all',
  async migrate(tx, schema) {
    await tx.exec(`create table if not exists ${ident(schema)}.event_count (id integer primary key, n bigint not null)`);
  },
  async apply(tx, events, ctx) {
    await tx.query(
      `insert into ${ident(ctx.schema)}.event_count (id, n) values (1, $1) on conflict (id) do update set n = event_count.n + excluded.n`,
      [events.length],
    );
  },
};

export async function countedEvents(sql: Sql): Promise<number> {
  const r = await sql.query<{ n: unknown }>('select coalesce((select n::text from read.event_count where id = 1), $1) as n', ['0']);
  return Number(r.rows[0]?.n ?? 0);
}

export async function countStoredEvents(sql: Sql): Promise<number> {
  const r = await sql.query<{ n: unknown }>('select count(*)::text as n from es.events');
  return Number(r.rows[0]?.n ?? 0);
}
