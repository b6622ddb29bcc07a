import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, type Sql } from '@roar/platform';
import { createTestDatabase, requireOrSkip, type TestDatabase } from '@roar/platform/testing';

/**
 * The API process (ROLE=all on PostgreSQL) SIGKILLed while sign-ups run and while payments are
 * being confirmed, then restarted on the same database and data folder: every sign-up is complete
 * or leaves nothing (the same request then succeeds), and every payment the provider took is
 * applied exactly once, by the redelivered webhook or the member's return from checkout.
 */
const db: TestDatabase | null = await createTestDatabase('roar_kill_api');
const haveDb = requireOrSkip('PostgreSQL', db !== null);
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'roar-kill-api-'));
let sql: Sql;
let port = 0;
let base = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

interface Api {
  proc: ChildProcess;
  exited: Promise<NodeJS.Signals | null>;
}

const running = new Set<ChildProcess>();

async function startApi(): Promise<Api> {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ROLE: 'all', DATABASE_URL: db!.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SERVE_WEB: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test', STAFF_PASSWORD: 'kill-test-password', REDIS_URL: '', PUBLIC_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(proc);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_code, signal) => (running.delete(proc), resolve(signal))));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the API exited while starting');
    const ok = await fetch(`${base}/ready`).then((r) => r.ok).catch(() => false);
    // Ready, and the seeded catalogue projected: a sign-up then finds its tier.
    if (ok && (await count('select count(*)::int as n from read.memberships').catch(() => 0)) >= 4) return { proc, exited };
    if (Date.now() > deadline) throw new Error('the API did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function kill(api: Api): Promise<void> {
  api.proc.kill('SIGKILL');
  expect(await api.exited).toBe('SIGKILL');
}

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
const get = (path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
const signUpBody = (email: string, membership_id: number) => ({ first_name: 'Kai', last_name: 'Killed', email, password: 'correct-horse-1', membership_id, recaptcha_token: 't' });
const count = async (text: string, params: unknown[] = []) => Number((await sql.query<{ n: number }>(text, params)).rows[0]?.n ?? 0);

beforeAll(async () => {
  if (!db) return;
  sql = createPgSql({ connectionString: db.url, max: 4 });
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
});
afterEach(async () => {
  // A failed test must not leave its API running into the next one.
  for (const proc of running) proc.kill('SIGKILL');
  while (running.size > 0) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  await sql?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(haveDb)('the API killed mid-command', () => {
  it('while sign-ups run: each is complete, or leaves nothing and the same request then succeeds', async () => {
    let api = await startApi();
    const emails = Array.from({ length: 24 }, (_, i) => `signup${i}@example.com.au`);
    const attempts = emails.map((email, i) => post('/api/sign-up', signUpBody(email, i % 2 ? 3 : 1)).then((r) => r.status).catch(() => 0));
    // Kill once some sign-ups are past their reservation but not yet committed.
    await expect.poll(() => count("select count(*)::int as n from es.events where event_type = 'EmailReserved'"), { timeout: 20_000, interval: 5 }).toBeGreaterThan(3);
    await kill(api);
    const statuses = await Promise.all(attempts);
    // Each either finished (201) or was cut off by the kill (no answer): never a refusal.
    expect(statuses.filter((s) => s !== 0 && s !== 201)).toEqual([]);
    expect(statuses.filter((s) => s === 0).length).toBeGreaterThan(0);

    api = await startApi();
    try {
      const outcomes = await Promise.all(
        emails.map(async (email, i) => {
          let login = await post('/auth/login', { email, password: 'correct-horse-1' });
          const retried = login.status === 401;
          if (retried) {
            // Left nothing behind: the member simply signs up again.
            expect((await post('/api/sign-up', signUpBody(email, i % 2 ? 3 : 1))).status, email).toBe(201);
            login = await post('/auth/login', { email, password: 'correct-horse-1' });
          }
          expect(login.status, email).toBe(200);
          const session = (await login.json()) as { data: { access_token: string } };
          expect((await get('/api/current-user', session.data.access_token)).status, email).toBe(200);
          expect(await count("select count(*)::int as n from es.events where event_type = 'MemberRegistered' and data->>'email' = $1", [email]), email).toBe(1);
          return retried;
        }),
      );
      expect(outcomes.filter(Boolean).length).toBeGreaterThan(0);
    } finally {
      await kill(api);
    }
  }, 120_000);

  it('while payments are confirmed: every payment the provider took is applied exactly once', async () => {
    let api = await startApi();
    const members: Array<{ token: string; id: string; checkoutUrl: string }> = [];
    for (let i = 0; i < 16; i += 1) {
      const r = await post('/api/sign-up', signUpBody(`payer${i}@example.com.au`, 3));
      expect(r.status).toBe(201);
      const s = (await r.json()) as { access_token: string; redirect_url: string };
      const me = (await (await get('/api/current-user', s.access_token)).json()) as { user: { id: string } };
      members.push({ token: s.access_token, id: me.user.id, checkoutUrl: s.redirect_url });
    }
    const returns: string[] = [];
    const pays = members.map((m) =>
      fetch(m.checkoutUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Kai Killed' }).toString(),
      })
        .then((r) => r.headers.get('location') && returns.push(new URL(r.headers.get('location')!, m.checkoutUrl).toString()))
        .catch(() => undefined),
    );
    // Kill while the provider has taken payments whose webhooks are not yet acknowledged.
    await expect.poll(() => count("select count(*)::int as n from local_payments.webhook_deliveries where delivered_at is null and type = 'checkout.session.completed'"), { timeout: 20_000, interval: 2 }).toBeGreaterThan(0);
    await kill(api);
    await Promise.all(pays);
    const charged = await sql.query<{ customer: string }>("select customer from local_payments.sessions where status = 'complete'");
    expect(charged.rows.length).toBeGreaterThan(0);
    // Payments the provider took whose webhook was not acknowledged when the process died.
    expect(await count('select count(*)::int as n from local_payments.webhook_deliveries where delivered_at is null')).toBeGreaterThan(0);

    api = await startApi();
    try {
      // Some members come back from checkout (their browser got the redirect); the rest wait for redelivery.
      for (const url of returns.slice(0, Math.ceil(returns.length / 2))) expect((await fetch(url, { redirect: 'manual' })).status).toBe(303);
      await expect.poll(() => count('select count(*)::int as n from local_payments.webhook_deliveries where delivered_at is null'), { timeout: 40_000, interval: 200 }).toBe(0);
      const paidIds = new Set(charged.rows.map((r) => r.customer));
      for (const m of members) {
        const activations = await count("select count(*)::int as n from es.events where stream_id = $1 and event_type = 'MembershipActivated'", [`member-${m.id}`]);
        const tickets = ((await (await get('/api/user-tickets', m.token)).json()) as { data: { total: number } }).data.total;
        expect({ activations, tickets }, m.id).toEqual(paidIds.has(m.id) ? { activations: 1, tickets: 50 } : { activations: 0, tickets: 0 });
      }
    } finally {
      await kill(api);
    }
  }, 120_000);
});
