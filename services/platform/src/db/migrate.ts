import type { Sql } from './sql';

/** The one advisory lock every schema migration takes, whichever schema it creates. */
export const SCHEMA_MIGRATION_LOCK = 7321000;

/**
 * Runs a migration's DDL while no other process runs one, so processes starting together
 * (api, projector, worker) do not race on CREATE ... IF NOT EXISTS.
 *
 * The lock is taken first, on the session, and the DDL runs in a transaction begun after it
 * was granted. A transaction-level lock taken inside the DDL's own transaction is not enough:
 * that transaction's catalog snapshot predates the lock, so it does not see the schema the
 * holder before it committed, and CREATE SCHEMA IF NOT EXISTS fails on pg_namespace's
 * unique index (services/platform/test/schema-migration-lock.test.ts shows it).
 */
export async function migrateExclusively(sql: Sql, ddl: (tx: Sql) => Promise<void>): Promise<void> {
  // PGlite has one connection: nothing runs beside this.
  if (sql.kind === 'pglite') return sql.transaction(ddl);
  await sql.session(async (s) => {
    await s.query('select pg_advisory_lock($1)', [SCHEMA_MIGRATION_LOCK]);
    try {
      await s.transaction(ddl);
    } finally {
      await s.query('select pg_advisory_unlock($1)', [SCHEMA_MIGRATION_LOCK]).catch(() => undefined);
    }
  });
}
