import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { QueryResult, Sql } from './sql';

/**
 * Embedded PostgreSQL (WASM) in this process: one connection, so every query and transaction
 * runs in turn. A simple promise chain keeps a transaction from interleaving with other queries.
 */
export async function createPgliteSql(dataDir: string | null): Promise<Sql> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const inTx = (tx: { query: PGlite['query']; exec: PGlite['exec'] }): Sql => {
    const self: Sql = {
      kind: 'pglite',
      async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
        const r = await tx.query<R>(text, params as unknown[] | undefined);
        return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
      },
      async exec(text: string) {
        await tx.exec(text);
      },
      transaction: (fn) => fn(self),
      session: (fn) => fn(self),
      close: async () => undefined,
    };
    return self;
  };
  let closed = false;
  const sql: Sql = {
    kind: 'pglite',
    query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      return serial(async () => {
        const r = await db.query<R>(text, params as unknown[] | undefined);
        return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
      });
    },
    exec(text: string): Promise<void> {
      return serial(async () => {
        await db.exec(text);
      });
    },
    transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      return serial(() => db.transaction((tx) => fn(inTx(tx))));
    },
    session<T>(fn: (s: Sql) => Promise<T>): Promise<T> {
      // The one session is shared; callers of session() on PGlite must not hold it for long.
      return fn(sql);
    },
    async listen(channel, onNotify) {
      // PGlite delivers NOTIFY of its one connection to its own listeners, after commit.
      const unlisten = await serial(() => db.listen(channel, onNotify));
      return { close: () => serial(() => unlisten()) };
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await db.close();
    },
  };
  return sql;
}
