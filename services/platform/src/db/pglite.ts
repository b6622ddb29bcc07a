import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import type { QueryResult, Sql } from './sql';

/** Named statements kept prepared (the ones used last); a busy process uses a few dozen. */
const STATEMENTS_KEPT = 500;
/** SQLSTATE of "cached plan must not change result type": a table under a kept statement changed. */
const PLAN_RESULT_CHANGED = '0A000';

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Queries through named prepared statements on PGlite's wire protocol. PGlite's own query() sends
 * every statement unnamed, so the embedded PostgreSQL parses and plans it again each time, in six
 * calls into the WASM module; here a statement is parsed once, and each run is one call (bind,
 * describe, execute, sync), which makes the hot statements two to four times cheaper. Values are
 * serialised and rows parsed with PGlite's own type handlers, exactly as its query() does.
 */
function preparedQueries(db: PGlite) {
  const statements = new Map<string, { name: string; types: number[] }>();
  let counter = 0;
  const { serialize } = protocol;

  async function prepare(text: string): Promise<{ name: string; types: number[] }> {
    const kept = statements.get(text);
    if (kept) {
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const name = `roar_s${(counter += 1)}`;
    const described = await db.execProtocolStream(
      concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > STATEMENTS_KEPT) {
      const [oldText, old] = statements.entries().next().value!;
      statements.delete(oldText);
      await db.execProtocolStream(concat(serialize.close({ type: 'S', name: old.name }), serialize.sync()), { syncToFs: false });
    }
    return statement;
  }

  async function run<R>(text: string, params: readonly unknown[] | undefined, retried = false): Promise<QueryResult<R>> {
    const statement = await prepare(text);
    const values = (params ?? []).map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = db.serializers[statement.types[i] ?? 0];
      return serializer ? serializer(v) : String(v as string);
    });
    try {
      const messages = await db.execProtocolStream(
        concat(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
        { syncToFs: false },
      );
      const result = parse.parseResults(messages, db.parsers)[0];
      return { rows: (result?.rows ?? []) as R[], affectedRows: result?.affectedRows ?? 0 };
    } catch (error) {
      // A kept statement over a table whose columns changed (a rebuild): prepare it again, once.
      if (!retried && (error as { code?: unknown }).code === PLAN_RESULT_CHANGED && statements.get(text) === statement) {
        statements.delete(text);
        await db.execProtocolStream(concat(serialize.close({ type: 'S', name: statement.name }), serialize.sync()), { syncToFs: false });
        return run<R>(text, params, true);
      }
      throw error;
    }
  }
  return run;
}

/**
 * A new database runs PostgreSQL's initdb inside the WebAssembly build: seconds of CPU on every
 * fresh data folder (5 s on a quiet 2-core machine, 25 s on a loaded one), which the test suite
 * paid for each of its hundreds of fresh databases. `PGLITE_INITDB_TEMPLATE` may name a tarball of a
 * data folder just initialised by this same PGlite (`dumpDataDir`, made once per test run by
 * scripts/pglite-template.ts): a fresh database then starts as that folder instead. The product
 * does not set it; a database that exists is opened as it is.
 */
let template: { path: string; blob: Blob } | null = null;
function initdbTemplate(): Blob | undefined {
  const path = process.env.PGLITE_INITDB_TEMPLATE;
  if (!path) return undefined;
  if (template?.path !== path) template = { path, blob: new Blob([readFileSync(path)]) };
  return template.blob;
}

/**
 * Embedded PostgreSQL (WASM) in this process: one connection, so every query and transaction
 * runs in turn. A simple promise chain keeps a transaction from interleaving with other queries.
 */
export async function createPgliteSql(dataDir: string | null): Promise<Sql> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const template = fresh ? initdbTemplate() : undefined;
  const options = template ? { loadDataDir: template } : {};
  const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;
  const run = preparedQueries(db);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const inTx = (tx: { query: PGlite['query']; exec: PGlite['exec'] }): Sql => {
    const self: Sql = {
      kind: 'pglite',
      query: <R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => run<R>(text, params),
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
        const r = await run<R>(text, params);
        await db.syncToFs();
        return r;
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
