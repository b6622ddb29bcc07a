#!/usr/bin/env node
// `npm start`: builds the two web apps when their sources are newer than the build, then runs the
// whole product in one process on the embedded defaults (PGlite under DATA_DIR, in-process jobs).
// `npm run start:services`: the docker-compose topology on this machine's own PostgreSQL and Redis,
// as three processes (api, projector, worker) sharing them, exactly as the compose file runs them:
// from the compiled JavaScript (scripts/build-services.mjs), as the image does, not through tsx.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices } from './build-services.mjs';
import { buildWebApps } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const services = process.argv.includes('--services');

buildWebApps();

if (services) await buildServices();
const command = services
  ? ['--enable-source-maps', join(root, 'services/api/dist/main.js')]
  : ['--import', 'tsx', join(root, 'services/api/src/main.ts')];
const children = [];

function run(role, env) {
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, ...env, ROLE: role },
    stdio: services ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (services) {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${role}] ${line}\n`);
      });
    }
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${role} exited (${signal ?? code}); stopping the rest\n`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (!services) {
  run('all', {});
} else {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/roar',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    // The three processes share one webhook secret and post the payment webhooks to the api.
    PAYMENTS_WEBHOOK_SECRET: process.env.PAYMENTS_WEBHOOK_SECRET ?? randomBytes(36).toString('base64url'),
    API_INTERNAL_URL: process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`,
  };
  // Make sure the database exists (the compose file gets it from POSTGRES_DB).
  const { default: pg } = await import('pg');
  const url = new URL(env.DATABASE_URL);
  const dbName = url.pathname.slice(1);
  const admin = new URL(env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (exists.rowCount === 0) await client.query(`create database "${dbName.replace(/"/g, '')}"`);
  } catch (error) {
    process.stderr.write(`PostgreSQL at ${admin.host} is not reachable: ${error.message}\n`);
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
  // The projector and worker first: the api seeds the catalogue and waits for projections.
  run('projector', env);
  run('worker', env);
  run('api', env);
}
