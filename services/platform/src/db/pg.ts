import pg from 'pg';
import type { QueryResult, Sql } from './sql';

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
    async (fn) => runTransaction(client, self, fn),
    async (fn) => fn(self),
    async () => undefined,
  );
  return self;
}

async function runTransaction<T>(client: pg.PoolClient, sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
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
  return wrap(
    pool,
    'pg',
    (fn) => withClient((client) => runTransaction(client, clientSql(client), fn)),
    (fn) => withClient((client) => fn(clientSql(client))),
    () => pool.end(),
  );
}
