import { createPgSql, type Sql } from '../db';
import { createPostgresEventStore, type EventStore } from '../eventstore';
import { createTestDatabase, type TestDatabase } from './services';

export interface ScratchPostgresStore {
  readonly db: TestDatabase;
  readonly sql: Sql;
  readonly store: EventStore;
  /** Closes the store and the pool, then drops the database. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL event store on a fresh database of its own (createTestDatabase), polling every
 * 20 ms, for tests that need real server transactions. Throws when no database can be created.
 */
export async function openScratchPostgresStore(prefix: string, options: { max?: number } = {}): Promise<ScratchPostgresStore> {
  const db = await createTestDatabase(prefix);
  if (!db) throw new Error('no PostgreSQL test database could be created');
  const sql = createPgSql({ connectionString: db.url, max: options.max ?? 6 });
  const store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
  return {
    db,
    sql,
    store,
    async close() {
      await store.close();
      await sql.close();
      await db.drop();
    },
  };
}
