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
    await tx.query(`insert into ${ident(ctx.schema)}.fragile select * from jsonb_to_recordset($1::jsonb) as x(n integer, label text)`, [
      JSON.stringify(rows),
    ]);
  },
};

describe.each([
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: db === null },
])('a batch with one event that breaks the projection ($kind)', ({ kind, skip }) => {
  it.skipIf(skip)(
    'applies the events before it, stops at it with the event in its status and the checkpoint row, skips nothing, and recovers once it can apply it',
    async () => {
      const backend = await openBackend(kind, db as TestDatabase | null);
      let poisonCured = false;
      const curable: Projector = {
        ...fragile,
        async apply(tx, events, ctx) {
          const cured = events.map((e) => (poisonCured ? { ...e, data: { ...(e.data as object), poison: false } } : e));
          await fragile.apply(tx, cured, ctx);
        },
      };
      const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [curable], logger: silent });
      try {
        await backend.store.append(
          'n',
          [1, 2, 3, 4].map((n) => event('Numbered', { n, poison: n === 3 })),
          'no_stream',
        );
        await backend.store.append('other', [event('Unrelated', {})], 'no_stream');
        await daemon.start();
        const head = await backend.store.headPosition();
        expect(await daemon.waitFor(head, 1500)).toBe(false);
        await expect.poll(async () => (await daemon.status())[0]?.state, { timeout: 10_000 }).toBe('failed');
        const status = (await daemon.status())[0]!;
        expect(status.failedEvent).toMatchObject({ type: 'Numbered', streamId: 'n', revision: '2' });
        expect(status.failedEvent?.error).toMatch(/null/);
        expect(status.lastError).toMatch(/cannot apply Numbered/);
        // Nothing after the bad event was applied: 4 waits behind 3.
        const rows = await backend.sql.query<{ n: number }>('select n from read.fragile order by n');
        expect(rows.rows.map((row) => row.n)).toEqual([1, 2]);
        // Another process (the api role) sees the same failure from the checkpoints table.
        const other = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [curable], logger: silent });
        expect((await other.status())[0]?.failedEvent).toMatchObject({ type: 'Numbered', revision: '2' });
        // The cause is fixed (a deploy, a data fix): the next attempt applies 3 and 4 and clears the failure.
        poisonCured = true;
        await daemon.rebuild('fragile');
        expect(await daemon.waitFor(head, 10_000)).toBe(true);
        expect((await backend.sql.query<{ n: number }>('select n from read.fragile order by n')).rows.map((row) => row.n)).toEqual([1, 2, 3, 4]);
        await expect
          .poll(async () => (await daemon.status())[0], { timeout: 10_000 })
          .toMatchObject({ state: 'active', lastError: null, failedEvent: null });
        expect((await other.status())[0]?.failedEvent).toBeNull();
      } finally {
        await daemon.stop();
        await backend.close();
      }
    },
  );
});

afterAll(async () => {
  await db?.drop();
});
