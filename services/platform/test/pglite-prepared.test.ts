import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteSql, type Sql } from '../src/db';

let sql: Sql | null = null;
afterEach(async () => {
  await sql?.close();
  sql = null;
});

describe('PGlite queries through kept prepared statements', () => {
  it('answers like a plain query: types, nulls, affected rows, errors with their SQLSTATE, and keeps working after one', async () => {
    sql = await createPgliteSql(null);
    await sql.exec('create table t (id int primary key, name text, at timestamptz, doc jsonb, big bigint)');
    const insert = 'insert into t (id, name, at, doc, big) values ($1, $2, $3, $4, $5)';
    expect((await sql.query(insert, [1, 'one', '2026-11-23T00:00:00Z', JSON.stringify({ a: [1, 2] }), '9007199254740993'])).affectedRows).toBe(1);
    expect((await sql.query(insert, [2, null, null, null, null])).affectedRows).toBe(1);
    const rows = (await sql.query<{ id: number; name: string | null; at: Date | null; doc: unknown; big: unknown }>('select * from t order by id'))
      .rows;
    expect(rows[0]).toEqual({ id: 1, name: 'one', at: new Date('2026-11-23T00:00:00Z'), doc: { a: [1, 2] }, big: 9007199254740993n });
    expect(rows[1]).toEqual({ id: 2, name: null, at: null, doc: null, big: null });
    await expect(sql.query(insert, [1, 'again', null, null, null])).rejects.toMatchObject({ code: '23505' });
    await expect(sql.query('select nonsense from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect((await sql.query('update t set name = $2 where id = $1', [2, 'two'])).affectedRows).toBe(1);
    expect((await sql.query<{ name: string }>('select name from t where id = $1', [2])).rows).toEqual([{ name: 'two' }]);
  });

  it('rolls a failed transaction back whole, and a statement kept over a table that changed shape is prepared again', async () => {
    sql = await createPgliteSql(null);
    await sql.exec('create table t (id int primary key, name text)');
    await sql.query('insert into t values ($1, $2)', [1, 'one']);
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [2, 'two']);
        await tx.query('insert into t values ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await sql.query('select * from t order by id')).rows).toEqual([{ id: 1, name: 'one' }]);
    // A rebuild drops and recreates a read model's table with other columns under the same query text.
    await sql.exec('drop table t; create table t (id int primary key, name text, extra text)');
    await sql.query('insert into t values ($1, $2)', [3, 'three']);
    expect((await sql.query('select * from t order by id')).rows).toEqual([{ id: 3, name: 'three', extra: null }]);
  });
});
