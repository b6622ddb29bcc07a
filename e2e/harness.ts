import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  readonly url: string;
  readonly dataDir: string;
  /** Everything the process printed so far (for assertions and failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Product processes this test process started. A test that times out ends its worker without its
 * afterAll, which left its app running (and loading the machine) for the rest of the run: they go
 * with this process.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the real product process (`services/api/src/main.ts`, role all unless env says otherwise)
 * on a free port with a fresh temporary data folder (PGlite), serving the built web apps, and
 * resolves once /ready answers 200. The web apps must have been built (`npm run build`).
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  for (const app of ['web-member', 'web-admin']) {
    if (!existsSync(join(root, app, 'dist', 'index.html'))) throw new Error(`${app} is not built: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'roar-e2e-'));
  const ownsDataDir = env.DATA_DIR === undefined;
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'services/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser is sent to: pages on any other host name redirect here.
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STAFF_EMAIL: 'admin@roarplus.test',
      STAFF_PASSWORD: 'staff-password-1',
      PROJECTION_WAIT_MS: '5000',
      DATABASE_URL: '',
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      // `{port}` in a value is this app's port (a test may name another host of the same server).
      ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replaceAll('{port}', String(port))])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    try {
      const r = await fetch(`${url}/ready`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the app did not become ready within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Moves the app's test clock forward (the app started with `NODE_ENV: 'test', TEST_CLOCK: '1'`):
 * answers once the sweepers due by then (unclaimed prizes, expired invites) have run. Returns the clock's time.
 */
export async function advanceClock(app: RunningApp, by: { advanceDays?: number; advanceMinutes?: number }): Promise<Date> {
  const r = await fetch(`${app.url}/api/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(by) });
  if (r.status !== 200) throw new Error(`the test clock did not move (${r.status}): start the app with NODE_ENV=test and TEST_CLOCK=1`);
  return new Date(((await r.json()) as { now: string }).now);
}

/**
 * Where a browser test writes its screenshots: under SCREENSHOTS_DIR when it is set (to keep and look at
 * them), else under the system's temporary folder, never a fixed path of one machine.
 */
export function shotsDir(name: string): string {
  return join(process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'roar-e2e-shots'), name);
}

/** `npm run audit:draw -- <prize>` against a stopped app's data folder (PGlite): its exit code and output. */
export function auditDraw(dataDir: string, prize: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', '--silent', 'audit:draw', '--', prize], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', EVENTSTORE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
