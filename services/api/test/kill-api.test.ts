import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, loadConfig, type Sql } from '@roar/platform';
import { emailReservationStreamId } from '@roar/domain';
import { emailReservationKeyOf } from '../src/secrets';
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
/** Where the API started with holds announces them: a new file each start. */
let holdFile = '';
let starts = 0;
/** The requests held now, as `point<TAB>key` (each once). */
const held = (): string[] => (holdFile && existsSync(holdFile) ? [...new Set(readFileSync(holdFile, 'utf8').split('\n').filter(Boolean))] : []);
const heldAt = (point: string) =>
  held()
    .filter((line) => line.startsWith(`${point}\t`))
    .map((line) => line.split('\t')[1]!);
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

/**
 * `holds` (ROAR_TEST_HOLD, see testHold) makes the process hold requests at named points for good:
 * the kill then lands while they are mid-request, whatever the machine's load.
 */
async function startApi(holds?: string): Promise<Api> {
  if (holds) holdFile = join(dataDir, `holds-${(starts += 1)}.txt`);
  const holdEnv = holds ? { ROAR_TEST_HOLD: holds, ROAR_TEST_HOLD_FILE: holdFile } : { ROAR_TEST_HOLD: '' };
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      ROLE: 'all',
      DATABASE_URL: db!.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      STAFF_PASSWORD: 'kill-test-password',
      REDIS_URL: '',
      PUBLIC_URL: '',
      ...holdEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(proc);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_code, signal) => (running.delete(proc), resolve(signal))));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the API exited while starting');
    const ok = await fetch(`${base}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
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
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
const signUpBody = (email: string, membership_id: number) => ({
  first_name: 'Kai',
  last_name: 'Killed',
  email,
  password: 'correct-horse-1',
  membership_id,
  recaptcha_token: 't',
  state: 'NSW',
  dob: '1990-01-01',
});
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

/** MemberRegistered-style events of an address: the log names no address (issue 24), so they are found by the member ids its keyed reservation stream holds. */
function eventsOfAddress(type: string, email: string): Promise<number> {
  const key = emailReservationKeyOf({ config: loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }) });
  return count(
    `select count(*)::int as n from es.events where event_type = $1 and data->>'memberId' in (select data->>'memberId' from es.events where stream_id = $2)`,
    [type, emailReservationStreamId(email, key)],
  );
}

describe.runIf(haveDb)('the API killed mid-command', () => {
  it('while sign-ups run: each is complete, or leaves nothing and the same request then succeeds', async () => {
    // Three sign-ups held just after their email reservation, three just before their credentials
    // (registered, checkout started, no login yet); the other eighteen pass.
    let api = await startApi('sign-up:reserved=3,sign-up:before-credentials=3');
    const emails = Array.from({ length: 24 }, (_, i) => `signup${i}@example.com.au`);
    let answered = 0;
    const attempts = emails.map((email, i) =>
      post('/api/sign-up', signUpBody(email, i % 2 ? 3 : 1))
        .then((r) => r.status)
        .catch(() => 0)
        .finally(() => (answered += 1)),
    );
    await expect.poll(() => held().length, { timeout: 60_000 }).toBe(6);
    await expect.poll(() => answered, { timeout: 60_000 }).toBe(18);
    await kill(api);
    const statuses = await Promise.all(attempts);
    // The eighteen that passed finished (201); the six held were cut off by the kill (no answer).
    const cutOff = emails.filter((_, i) => statuses[i] === 0);
    expect(statuses.filter((s) => s !== 0 && s !== 201)).toEqual([]);
    expect(cutOff.sort()).toEqual([...heldAt('sign-up:reserved'), ...heldAt('sign-up:before-credentials')].sort());
    // Held before its credentials: registered already, yet no account to log in to.
    const registeredOnly = heldAt('sign-up:before-credentials')[0]!;
    expect(await eventsOfAddress('MemberRegistered', registeredOnly)).toBe(1);

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
          expect(await eventsOfAddress('MemberRegistered', email), email).toBe(1);
          return retried ? email : null;
        }),
      );
      expect(outcomes.filter((e) => e !== null).sort()).toEqual(cutOff);
    } finally {
      await kill(api);
    }
  }, 180_000);

  it('while payments are confirmed: every payment the provider took is applied exactly once', async () => {
    // Three webhooks held before they are applied, three after (applied, not yet acknowledged).
    let api = await startApi('payment-webhook:before-apply=3,payment-webhook:before-ack=3');
    const members: Array<{ token: string; id: string; checkoutUrl: string }> = [];
    for (let i = 0; i < 16; i += 1) {
      const r = await post('/api/sign-up', signUpBody(`payer${i}@example.com.au`, 3));
      expect(r.status).toBe(201);
      const s = (await r.json()) as { access_token: string; redirect_url: string };
      const me = (await (await get('/api/current-user', s.access_token)).json()) as { user: { id: string } };
      members.push({ token: s.access_token, id: me.user.id, checkoutUrl: s.redirect_url });
    }
    const pays = members.map((m) =>
      fetch(m.checkoutUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Kai Killed' }).toString(),
      }).catch(() => undefined),
    );
    // All sixteen charged, the six held, and the other ten applied and acknowledged: a state that
    // no longer changes (the held ones are held again on every redelivery), so the kill lands in it.
    const settled = async () => ({
      charged: await count("select count(*)::int as n from local_payments.sessions where status = 'complete'"),
      held: held().length,
      unacknowledged: await count('select count(*)::int as n from local_payments.webhook_deliveries where delivered_at is null'),
    });
    await expect.poll(settled, { timeout: 60_000 }).toEqual({ charged: 16, held: 6, unacknowledged: 6 });
    await kill(api);
    await Promise.all(pays);
    const charged = await sql.query<{ customer: string }>("select customer from local_payments.sessions where status = 'complete'");
    expect(charged.rows.length).toBe(16);
    // Payments the provider took whose webhook was not acknowledged when the process died: the six held.
    expect(await count('select count(*)::int as n from local_payments.webhook_deliveries where delivered_at is null')).toBe(6);
    const activated = () =>
      count("select count(*)::int as n from es.events where stream_id = any($1) and event_type = 'MembershipActivated'", [
        members.map((m) => `member-${m.id}`),
      ]);
    expect(await activated()).toBe(13);

    api = await startApi();
    try {
      // Half of the six come back from checkout (the return route applies their payment); the rest wait for redelivery.
      const unacknowledged = await sql.query<{ success_url: string }>(
        `select s.success_url from local_payments.sessions s join local_payments.webhook_deliveries d on d.object_id = s.id
         where d.delivered_at is null and d.type = 'checkout.session.completed' order by s.id`,
      );
      expect(unacknowledged.rows).toHaveLength(6);
      for (const row of unacknowledged.rows.slice(0, 3))
        expect((await fetch(new URL(row.success_url, base), { redirect: 'manual' })).status).toBe(303);
      await expect
        .poll(() => count('select count(*)::int as n from local_payments.webhook_deliveries where delivered_at is null'), {
          timeout: 40_000,
          interval: 200,
        })
        .toBe(0);
      for (const m of members) {
        const activations = await count("select count(*)::int as n from es.events where stream_id = $1 and event_type = 'MembershipActivated'", [
          `member-${m.id}`,
        ]);
        const tickets = ((await (await get('/api/user-tickets', m.token)).json()) as { data: { total: number } }).data.total;
        expect({ activations, tickets }, m.id).toEqual({ activations: 1, tickets: 50 });
      }
    } finally {
      await kill(api);
    }
  }, 180_000);
});
