import pg from 'pg';
import { startProduct } from './product';
/**
 * `node --import tsx bench/idle-probe.ts`: starts the product on a fresh PostgreSQL database, lets
 * it settle for 15 s, then prints the database transactions per second it commits over 20 s with
 * no requests, and what each of its connections last ran.
 */
const server = await startProduct('postgres');
await new Promise((r) => setTimeout(r, 15000));
const c = new pg.Client({ connectionString: server.databaseUrl! });
await c.connect();
const read = async () =>
  Number((await c.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = current_database()')).rows[0]!.n);
const a = await read();
await new Promise((r) => setTimeout(r, 20000));
const b = await read();
const acts = await c.query('select application_name, state, left(query, 80) as q from pg_stat_activity where datname = current_database()');
console.log('idle xact/s', (b - a) / 20);
console.log(acts.rows);
await c.end();
await server.stop();
