import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, type Sql } from '../src/db';
import { createTestDatabase, findPostgres, servicesRequired, type TestDatabase } from '../src/testing';

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

/** A read model's batch commits without waiting for the disk, set with its BEGIN; nothing else does. */
describe.runIf(postgresAdmin)('transactions that commit lazily (pg)', () => {
  let db: TestDatabase;
  let sql: Sql;

  beforeAll(async () => {
    db = (await createTestDatabase('roar_lazy_commit'))!;
    // One connection: a setting leaking out of its transaction would show in the next one.
    sql = createPgSql({ connectionString: db.url, max: 1 });
  });
  afterAll(async () => {
    await sql?.close();
    await db?.drop();
  });

  const setting = (tx: Sql) => tx.query<{ s: string }>(`select current_setting('synchronous_commit') as s`).then((r) => r.rows[0]!.s);

  it('turns synchronous_commit off for that transaction only, and keeps the default elsewhere', async () => {
    expect(await sql.transaction((tx) => setting(tx), { lazyCommit: true })).toBe('off');
    expect(await sql.transaction((tx) => setting(tx))).toBe('on');
    expect(await setting(sql)).toBe('on');
    await sql.session(async (s) => {
      expect(await s.transaction((tx) => setting(tx), { lazyCommit: true })).toBe('off');
      expect(await setting(s)).toBe('on');
    });
    // A failing lazy transaction still rolls back.
    await sql.exec('create table t (n int)');
    await expect(
      sql.transaction(
        async (tx) => {
          await tx.query('insert into t values (1)');
          throw new Error('boom');
        },
        { lazyCommit: true },
      ),
    ).rejects.toThrow('boom');
    expect((await sql.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(0);
  });
});
