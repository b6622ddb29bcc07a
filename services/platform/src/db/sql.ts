/**
 * The one SQL surface every module uses, whether the database is a PostgreSQL server (`pg`)
 * or embedded PGlite. PGlite serialises everything through one connection, so the embedded
 * implementation runs transactions one after another; the pg one takes a pooled client.
 */
export interface QueryResult<R> {
  rows: R[];
  /** Rows changed by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows: number;
}

export interface Sql {
  readonly kind: 'pg' | 'pglite';
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs several statements with no parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs `fn` inside BEGIN/COMMIT; ROLLBACK when it throws. Not re-entrant. */
  transaction<T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `fn` on one dedicated session for its whole duration (advisory locks, LISTEN).
   * On PGlite there is only one session, so this is the shared one.
   */
  session<T>(fn: (s: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` on a connection of its own (reconnecting after a drop; `onReconnect` then
   * runs, since notifications sent meanwhile are lost). Absent where notifications are not offered.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Listening>;
}

export interface TransactionOptions {
  /**
   * Commit without waiting for the disk (PostgreSQL `synchronous_commit = off` for this transaction
   * only), set in the same round trip as BEGIN. For work that can be redone after a crash (a read
   * model and its checkpoint). Ignored on PGlite, whose one connection serves the appends too.
   */
  readonly lazyCommit?: boolean;
}

export interface Listening {
  close(): Promise<void>;
}

/** Quotes an SQL identifier that comes from code (schema and table names), refusing anything odd. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** int8, numeric and xid8 come back as strings from pg and as numbers or strings from PGlite. */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string') return BigInt(value);
  throw new Error(`expected an integer, got ${typeof value}`);
}
