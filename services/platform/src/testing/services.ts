import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/**
 * Where tests find their services, in order: env URLs, local services on their standard ports,
 * testcontainers when a Docker engine answers. When none is found the suite is skipped, except
 * with REQUIRE_SERVICES=1 (CI) where a missing service is a failure.
 */
export const servicesRequired = (): boolean => process.env.REQUIRE_SERVICES === '1' || process.env.CI === 'true';

function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}

let containerPg: Promise<string | null> | undefined;
let containerRedis: Promise<string | null> | undefined;

async function dockerAnswers(): Promise<boolean> {
  const socket = process.env.DOCKER_HOST ?? '/var/run/docker.sock';
  if (!socket.startsWith('/') && !socket.startsWith('unix://')) return true;
  const path = socket.replace(/^unix:\/\//, '');
  return new Promise((resolve) => {
    const s = net.connect({ path });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function startContainer(image: string, port: number): Promise<{ host: string; port: number } | null> {
  if (!(await dockerAnswers())) return null;
  const { GenericContainer } = await import('testcontainers');
  const container = await new GenericContainer(image).withExposedPorts(port).withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' }).start();
  return { host: container.getHost(), port: container.getMappedPort(port) };
}

/** Admin URL of a PostgreSQL server for tests, or null when none can be had. */
export async function findPostgres(): Promise<string | null> {
  const fromEnv = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (fromEnv) {
    const { host, port } = hostPort(fromEnv, 5432);
    if (await reachable(host, port)) return fromEnv;
    if (servicesRequired()) throw new Error(`PostgreSQL at ${host}:${port} (from the environment) does not answer`);
    return null;
  }
  if (await reachable('127.0.0.1', 5432)) return 'postgres://postgres@127.0.0.1:5432/postgres';
  containerPg ??= startContainer('postgres:16-alpine', 5432).then((c) => (c ? `postgres://postgres@${c.host}:${c.port}/postgres` : null));
  return containerPg;
}

/** URL of a Redis server for tests, or null when none can be had. */
export async function findRedis(): Promise<string | null> {
  const fromEnv = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  if (fromEnv) {
    const { host, port } = hostPort(fromEnv, 6379);
    if (await reachable(host, port)) return fromEnv;
    if (servicesRequired()) throw new Error(`Redis at ${host}:${port} (from the environment) does not answer`);
    return null;
  }
  if (await reachable('127.0.0.1', 6379)) return 'redis://127.0.0.1:6379';
  containerRedis ??= startContainer('redis:7-alpine', 6379).then((c) => (c ? `redis://${c.host}:${c.port}` : null));
  return containerRedis;
}

/** KurrentDB (EventStoreDB) for the contract suite: only where EVENTSTORE_URL is set or Docker can start one. Same image as docker-compose.yml. */
export async function findEventStoreDb(): Promise<string | null> {
  if (process.env.EVENTSTORE_URL) return process.env.EVENTSTORE_URL;
  if (!(await dockerAnswers())) return null;
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('docker.kurrent.io/kurrent-lts/kurrentdb:26.0.3')
    .withExposedPorts(2113)
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  return `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
}

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database on the test PostgreSQL server, so suites running in parallel never
 * share the event store tables. Throws in CI when no server can be had; otherwise returns null.
 */
export async function createTestDatabase(prefix = 'roar_test'): Promise<TestDatabase | null> {
  const admin = await findPostgres();
  if (!admin) {
    if (servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');
    return null;
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** For suites that must not silently skip in CI: throws when required, else reports absence. */
export function requireOrSkip(what: string, available: boolean): boolean {
  if (!available && servicesRequired()) throw new Error(`${what} is required (REQUIRE_SERVICES=1) but is not available`);
  return available;
}
