import { afterAll, describe, expect, it } from 'vitest';
import { ident } from '@roar/platform';
import type { TestDatabase } from '@roar/platform/testing';
import { event, openBackend, silent, testDatabase } from '../../test/helpers';
import { createProjectionDaemon } from './daemon';
import type { Projector } from './projector';

const db = await testDatabase();

/** Writes one row per event; an event whose payload says `poison` breaks a NOT NULL column. */
const fragile: Projector = {
  name: 'fragile',
  version: 1,
  tables: [{ name: 'fragile', primaryKey: ['n'] }],
  handles: ['Numbered'],
  async migrate(tx, schema) {
    await tx.exec(`create table if not exists ${ident(schema)}.fragile (n integer primary key, label text not null)`);
  },
  async apply(tx, events, ctx) {
    const rows = events.map((e) => {
      const data = e.data as { n: number; poison?: boolean };
      return { n: data.n, label: data.poison ? null : `#${data.n}` };
    });
    await tx.query(`insert into ${ident(ctx.schema)}.fragile select * from jsonb_to_recordset($1::jsonb) as x(n integer, label text)`, [JSON.stringify(rows)]);
  },
};

describe.each([
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: db === null },
])('a batch with one event that breaks the projection ($kind)', ({ kind, skip }) => {
  it.skipIf(skip)('applies the others, skips that one, moves the checkpoint past it and keeps running', async () => {
    const backend = await openBackend(kind, db as TestDatabase | null);
    const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [fragile], logger: silent });
    try {
      await backend.store.append('n', [1, 2, 3, 4].map((n) => event('Numbered', { n, poison: n === 3 })), 'no_stream');
      await backend.store.append('other', [event('Unrelated', {})], 'no_stream');
      await daemon.start();
      expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
      const r = await backend.sql.query<{ n: number }>('select n from read.fragile order by n');
      expect(r.rows.map((row) => row.n)).toEqual([1, 2, 4]);
      await backend.store.append('n', [event('Numbered', { n: 5 })], 3n);
      expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
      expect((await backend.sql.query('select n from read.fragile')).rows).toHaveLength(4);
      expect((await daemon.status())[0]).toMatchObject({ state: 'active', lastError: null });
    } finally {
      await daemon.stop();
      await backend.close();
    }
  });
});

afterAll(async () => {
  await db?.drop();
});
