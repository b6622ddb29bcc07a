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
import { listSentMail } from '@roar/workers';
import { staffSignIn } from '../src/admin/test-staff';

/**
 * Side effects come from events (docs/decisions/side-effects-from-events.md): the API process
 * (ROLE=all on PostgreSQL) is SIGKILLed right after a route appended its fact, where the route used
 * to enqueue the email itself, and a fresh process on the same database and data folder sends the
 * email, exactly once, with a link that works. Modelled on kill-api.test.ts.
 */
const db: TestDatabase | null = await createTestDatabase('roar_kill_email');
const haveDb = requireOrSkip('PostgreSQL', db !== null);
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'roar-kill-email-'));
let holdFile = '';
let starts = 0;
const held = (): string[] => (holdFile && existsSync(holdFile) ? [...new Set(readFileSync(holdFile, 'utf8').split('\n').filter(Boolean))] : []);
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
const count = async (text: string, params: unknown[] = []) => Number((await sql.query<{ n: number }>(text, params)).rows[0]?.n ?? 0);

/** `holds` (ROAR_TEST_HOLD, see testHold): the process holds those requests for good, so the kill lands mid-request. */
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
      STAFF_EMAIL: 'admin@roarplus.local',
      STAFF_PASSWORD: 'Kill-email-staff-pass-2026',
      REDIS_URL: '',
      PUBLIC_URL: '',
      SMTP_URL: '',
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

/** True once the member-emails reactor's checkpoint is at or past the event (its emails are enqueued, or were). */
const reactorPassed = (eventType: string, field: string, value: string) =>
  count(
    `select count(*)::int as n from es.events e join jobs.reactor_checkpoints c on c.reactor = 'member-emails'
     where e.event_type = $1 and e.data->>$2 = $3
       and (split_part(c.position, '/', 1)::numeric, split_part(c.position, '/', 2)::numeric) >= (e.transaction_id::text::numeric, e.global_position::numeric)`,
    [eventType, field, value],
  ).then((n) => n === 1);
const mailTo = async (email: string, subject: string) => (await listSentMail(dataDir)).filter((m) => m.to.includes(email) && m.subject === subject);

beforeAll(async () => {
  if (!db) return;
  sql = createPgSql({ connectionString: db.url, max: 4 });
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
});
afterEach(async () => {
  for (const proc of running) proc.kill('SIGKILL');
  while (running.size > 0) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  await sql?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** MemberRegistered-style events of an address: the log names no address (issue 24), so they are found by the member ids its keyed reservation stream holds. */
/** The member holding an address, from its keyed reservation stream. */
async function memberOfAddress(email: string): Promise<string> {
  const key = emailReservationKeyOf({ config: loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }) });
  const r = await sql.query<{ id: string }>(
    `select data->>'memberId' as id from es.events where stream_id = $1 order by stream_position desc limit 1`,
    [emailReservationStreamId(email, key)],
  );
  return r.rows[0]!.id;
}

function eventsOfAddress(type: string, email: string): Promise<number> {
  const key = emailReservationKeyOf({ config: loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }) });
  return count(
    `select count(*)::int as n from es.events where event_type = $1 and data->>'memberId' in (select data->>'memberId' from es.events where stream_id = $2)`,
    [type, emailReservationStreamId(email, key)],
  );
}

describe.runIf(haveDb)('the API killed between the append and the email', () => {
  it('a password reset recorded just before the kill is emailed by the next process, once, with a working link', async () => {
    const email = 'kill-reset@example.com.au';
    let api = await startApi('password-reset:recorded=1');
    const signUp = await post('/api/sign-up', {
      first_name: 'Kai',
      last_name: 'Killed',
      email,
      password: 'correct-horse-1',
      membership_id: 1,
      recaptcha_token: 't',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(signUp.status).toBe(201);
    // Held for good right after PasswordResetRequested is appended: the kill lands there.
    const reset = post('/api/reset-password', { email })
      .then((r) => r.status)
      .catch(() => 0);
    await expect.poll(() => held(), { timeout: 60_000 }).toEqual([`password-reset:recorded\t${email}`]);
    expect(await eventsOfAddress('PasswordResetRequested', email)).toBe(1);
    await kill(api);
    expect(await reset).toBe(0);

    api = await startApi();
    try {
      const resets = () => mailTo(email, 'Reset your ROAR+ password');
      await expect.poll(async () => (await resets()).length, { timeout: 60_000 }).toBeGreaterThan(0);
      const memberId = await memberOfAddress(email);
      await expect.poll(() => reactorPassed('PasswordResetRequested', 'memberId', memberId), { timeout: 60_000 }).toBe(true);
      const mails = await resets();
      expect(mails).toHaveLength(1);
      // The token was minted by the reactor, never written in the log; the link works.
      const token = new URL(/(http\S+\/change-password\?token=\S+)/.exec(mails[0]!.text)![1]!).searchParams.get('token')!;
      expect(await count('select count(*)::int as n from es.events where data::text like $1 or metadata::text like $1', [`%${token}%`])).toBe(0);
      expect((await post('/api/change-password', { token, password: 'a brand new password' })).status).toBe(200);
      expect((await post('/auth/login', { email, password: 'a brand new password' })).status).toBe(200);
    } finally {
      await kill(api);
    }
  }, 240_000);

  it('a cashback approval recorded just before the kill is emailed to the member by the next process, once', async () => {
    const email = 'kill-cashback@example.com.au';
    let api = await startApi('cashback:decided=1');
    const signUp = await post('/api/sign-up', {
      first_name: 'Kai',
      last_name: 'Claimer',
      email,
      password: 'correct-horse-1',
      membership_id: 3,
      recaptcha_token: 't',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(signUp.status).toBe(201);
    const member = (await signUp.json()) as { access_token: string; redirect_url: string };
    const paid = await fetch(member.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Kai Claimer' }).toString(),
    });
    expect(paid.status).toBe(303);
    // The paid plan gives cashback once its payment is applied.
    await expect
      .poll(async () => ((await (await get('/api/cashback', member.access_token)).json()) as { data: { maximum: number } }).data.maximum, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const form = new FormData();
    const playedOn = new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    for (const [k, v] of Object.entries({ course: 'Parkland Links', played_on: playedOn, amount: '20.00' })) form.append(k, v);
    form.append('receipt', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n% green fee receipt kill\n'))]), 'receipt.pdf');
    const submitted = await fetch(`${base}/api/cashback/claims`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.access_token}` },
      body: form,
    });
    expect(submitted.status).toBe(201);
    const claimId = ((await submitted.json()) as { data: { id: string } }).data.id;
    const staff = await staffSignIn(base, { email: 'admin@roarplus.local', password: 'Kill-email-staff-pass-2026' });

    // Held for good right after CashbackClaimApproved is appended, where the route used to enqueue the email.
    const approve = fetch(`${base}/api/admin/cashback-claims/${claimId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({ reason: 'Receipt checked' }),
    })
      .then((r) => r.status)
      .catch(() => 0);
    await expect.poll(() => held(), { timeout: 60_000 }).toEqual([`cashback:decided\t${claimId}`]);
    expect(
      await count("select count(*)::int as n from es.events where event_type = 'CashbackClaimApproved' and data->>'claimId' = $1", [claimId]),
    ).toBe(1);
    await kill(api);
    expect(await approve).toBe(0);

    api = await startApi();
    try {
      const approvals = () => mailTo(email, 'Your green-fee cashback is approved');
      await expect.poll(async () => (await approvals()).length, { timeout: 60_000 }).toBeGreaterThan(0);
      await expect.poll(() => reactorPassed('CashbackClaimApproved', 'claimId', claimId), { timeout: 60_000 }).toBe(true);
      const mails = await approvals();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Your claim for Parkland Links on');
      expect(await mailTo(email, 'We received your green-fee cashback claim')).toHaveLength(1);
    } finally {
      await kill(api);
    }
  }, 300_000);
});
