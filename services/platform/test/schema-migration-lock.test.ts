import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, migrateExclusively, type Sql } from '../src/db';
import { createTestDatabase, findPostgres, servicesRequired, type TestDatabase } from '../src/testing';

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

/** Resolves once another session waits on the schema migration lock. */
async function untilSomeoneWaits(sql: Sql): Promise<void> {
  for (;;) {
    const r = await sql.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
    if (r.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The api, projector and worker processes start together and each creates its schemas. The
 * second to arrive must wait for the first and then find the schema there, not fail on
 * pg_namespace's unique index (it did, in CI, with the lock taken inside the DDL's transaction).
 */
describe.runIf(postgresAdmin)('schema migrations of processes starting together', () => {
  let db: TestDatabase;
  let first: Sql;
  let second: Sql;

  beforeAll(async () => {
    db = (await createTestDatabase('roar_migrate_lock'))!;
    first = createPgSql({ connectionString: db.url, max: 2 });
    // One connection, so the lookup below and the migration run on the same session.
    second = createPgSql({ connectionString: db.url, max: 1 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.drop();
  });

  const createWhileTheOtherHolds = async (name: string, run: (sql: Sql, ddl: (tx: Sql) => Promise<void>) => Promise<void>) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ddl = (tx: Sql) => tx.exec(`create schema if not exists ${name}; create table if not exists ${name}.t (id int primary key)`);
    const holder = run(first, async (tx) => {
      await ddl(tx);
      await held;
    });
    // Only start the second once the holder is inside its transaction with the schema created.
    for (;;) {
      const r = await first.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted`);
      if (r.rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The waiter's session has looked the schema up before and found none: PostgreSQL keeps that
    // answer cached until the session next takes in catalog changes, at the start of a transaction.
    await second.exec(`drop schema if exists ${name}`);
    const waiter = run(second, ddl);
    const waiterOutcome = waiter.then(
      () => null,
      (error: unknown) => error,
    );
    await untilSomeoneWaits(first);
    release();
    await holder;
    return waiterOutcome;
  };

  it('a lock taken inside the DDL transaction is not enough: the waiter fails on pg_namespace', async () => {
    const error = await createWhileTheOtherHolds('racy_xact', (sql, ddl) =>
      sql.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(7321999)');
        await ddl(tx);
      }),
    );
    expect(String(error)).toMatch(/pg_namespace_nspname_index|already exists/);
  });

  it('migrateExclusively: the waiter finds the schema and succeeds', async () => {
    const error = await createWhileTheOtherHolds('racy_session', migrateExclusively);
    expect(error).toBeNull();
    const r = await second.query<{ n: number }>(`select count(*)::int as n from pg_namespace where nspname = 'racy_session'`);
    expect(r.rows[0]!.n).toBe(1);
  });
});
