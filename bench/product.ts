import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';

/**
 * The product as a user meets it: `services/api/src/main.ts` in its own process (role `all`:
 * API, projector and in-process workers), on embedded PGlite or a fresh PostgreSQL database, with
 * its default log level and its output discarded. The load generator runs in the bench process.
 */
const root = fileURLToPath(new URL('../', import.meta.url));

export interface RunningServer {
  readonly url: string;
  /** The PostgreSQL database the product runs on (null on PGlite). */
  readonly databaseUrl: string | null;
  /** The server process (its CPU time is read from /proc by the commands section). */
  readonly pid: number | null;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`bench server at ${url} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Spawns a TypeScript entry point of this repository with tsx, like `npm start` does. */
export async function spawnNode(entry: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: each spawned process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilReady(readyUrl, child, 120_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return child;
}

/** /ready answers before the seeded catalogue is projected; sign-up needs the tiers. */
export async function catalogueProjected(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body = (await (await fetch(`${server.url}/items/membership`)).json()) as { data?: unknown[] };
    if ((body.data?.length ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('bench: the membership catalogue was not projected within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startProduct(target: 'postgres' | 'pglite'): Promise<RunningServer> {
  let db: TestDatabase | null = null;
  if (target === 'postgres') {
    db = await createTestDatabase('roar_bench_http');
    if (!db) throw new Error('bench: no PostgreSQL reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-bench-http-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    STAFF_PASSWORD: 'bench-staff-password-1',
  };
  if (db) env.DATABASE_URL = db.url;
  const child = await spawnNode('services/api/src/main.ts', env, url).catch(async (error: unknown) => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    databaseUrl: db?.url ?? null,
    pid: child.pid ?? null,
    async stop() {
      await stopChild(child);
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare express server (bench/bare-server.ts) answering fixed bodies per path, in its own process. */
export async function startBareServer(bodies: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await spawnNode('bench/bare-server.ts', { PORT: String(port), BARE_BODIES: JSON.stringify(bodies) }, url);
  return { url, databaseUrl: null, pid: child.pid ?? null, stop: () => stopChild(child) };
}
