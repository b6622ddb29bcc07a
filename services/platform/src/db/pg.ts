import pg from 'pg';
import type { Listening, QueryResult, Sql, TransactionOptions } from './sql';

type Queryable = pg.Pool | pg.PoolClient;

function wrap(q: Queryable, kind: 'pg', onTransaction: Sql['transaction'], onSession: Sql['session'], close: () => Promise<void>): Sql {
  return {
    kind,
    async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await q.query(text, params as unknown[] | undefined);
      return { rows: result.rows as R[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await q.query(text);
    },
    transaction: onTransaction,
    session: onSession,
    close,
  };
}

function clientSql(client: pg.PoolClient): Sql {
  const self: Sql = wrap(
    client,
    'pg',
    async (fn, options) => runTransaction(client, self, fn, options),
    async (fn) => fn(self),
    async () => undefined,
  );
  return self;
}

async function runTransaction<T>(client: pg.PoolClient, sql: Sql, fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T> {
  // One simple query, two statements: the setting costs no round trip of its own (a read model's
  // batch is on the path of every command's read-your-writes wait).
  await client.query(options?.lazyCommit ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN');
  try {
    const result = await fn(sql);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export interface PgOptions {
  connectionString: string;
  max?: number;
  /** Milliseconds a connection attempt may take before it fails (no hanging on a dead server). */
  connectTimeoutMs?: number;
  applicationName?: string;
}

export function createPgSql(options: PgOptions): Sql {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    application_name: options.applicationName ?? 'roar',
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };
  const listeners = new Set<Listening>();
  const sql = wrap(
    pool,
    'pg',
    (fn, options) => withClient((client) => runTransaction(client, clientSql(client), fn, options)),
    (fn) => withClient((client) => fn(clientSql(client))),
    async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      await pool.end();
    },
  );
  return {
    ...sql,
    async listen(channel, onNotify, onReconnect) {
      const listening = await listenOn(options, channel, onNotify, onReconnect ?? (() => undefined));
      listeners.add(listening);
      return {
        close: async () => {
          listeners.delete(listening);
          await listening.close();
        },
      };
    },
  };
}

/**
 * A client outside the pool holds the LISTEN (a pooled one would go back to the pool with it).
 * When the connection drops it reconnects with a back-off and calls `onReconnect`: whatever was
 * notified in between is lost, so the caller looks for itself.
 */
async function listenOn(options: PgOptions, channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`unsafe channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      application_name: `${options.applicationName ?? 'roar'}-listen`,
    });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => undefined);
    await c.connect();
    await c.query(`listen ${channel}`);
    c.on('end', () => {
      if (client === c) client = null;
      if (!closed) schedule(250);
    });
    client = c;
  };
  const schedule = (ms: number) => {
    retry = setTimeout(() => {
      retry = null;
      connect().then(onReconnect, () => {
        if (!closed) schedule(Math.min(ms * 2, 10_000));
      });
    }, ms);
    retry.unref();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
