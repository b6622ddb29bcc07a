import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRedis } from '@roar/platform/testing';
import { createMemberAuthRouter } from '../src/auth/member';
import { createStaffAuthRouter, ensureStaffUser, migrateStaffAuth } from '../src/auth/staff';
import { delayFor } from '../src/auth/throttle';
import { MEMBER_SIGN_IN_POLICY } from '../src/auth/sign-in-throttle';
import { memoryThrottleStore, openThrottleStore, type ThrottleStore } from '../src/auth/throttle';
import type { AppContext } from '../src/context';
import { errorHandler } from '../src/http/errors';
import { applyTrustProxy } from '../src/http/trust-proxy';
import { startAuthHarness, type AuthHarness } from './member-auth-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 19, "Sign-in throttling that holds against spraying": one client trying wrong passwords
 * across many accounts is stopped by a per-address limit (on failures), a guesser spread over many
 * addresses by a growing per-account delay, X-Forwarded-For counts only behind TRUST_PROXY, and
 * with Redis the replicas share their counts.
 */
interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** The member and staff sign-in routes over `ctx`, with their own counters in `store`. */
async function serve(ctx: AppContext, store: ThrottleStore, trustProxy?: string): Promise<Served> {
  const app = express();
  applyTrustProxy(app, trustProxy);
  app.use(express.json());
  const throttled: AppContext = { ...ctx, throttleStore: store };
  app.use(createMemberAuthRouter(throttled));
  app.use('/api/admin', createStaffAuthRouter(throttled));
  app.use(errorHandler(ctx.logger));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Answer {
  readonly status: number;
  readonly retryAfter: number | null;
  readonly body: unknown;
}

async function post(url: string, path: string, body: unknown, forwardedFor?: string): Promise<Answer> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify(body),
  });
  const retry = r.headers.get('retry-after');
  return { status: r.status, retryAfter: retry === null ? null : Number(retry), body: await r.json() };
}

const memberLogin = (s: Served, email: string, password: string, forwardedFor?: string) =>
  post(s.url, '/auth/login', { email, password }, forwardedFor);
const staffLogin = (s: Served, email: string, password: string, forwardedFor?: string) =>
  post(s.url, '/api/admin/auth/login', { email, password }, forwardedFor);
const sprayEmail = (i: number) => `sprayed-${i}-${randomUUID().slice(0, 6)}@example.test`;
const MEMBER_LIMITED = { errors: [{ message: 'Too many attempts. Try again later.' }] };

describe('sign-in throttling', () => {
  let h: AuthHarness | null;
  const open: Served[] = [];
  const served = async (store: ThrottleStore = memoryThrottleStore(`t-${randomUUID()}`), trustProxy?: string) => {
    const s = await serve(h!.ctx, store, trustProxy);
    open.push(s);
    return s;
  };
  beforeAll(async () => {
    h = await startAuthHarness('pglite');
    if (h) await migrateStaffAuth(h.ctx.sql);
  }, 60_000);
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stops one address spraying wrong passwords across many member accounts: 429 with Retry-After', async (t) => {
    if (!h) return t.skip();
    const s = await served();
    const real = await h.member();
    // One wrong password for each of 30 accounts (real and not): no account sees two failures.
    const emails = [real.email, ...Array.from({ length: 29 }, (_, i) => sprayEmail(i))];
    for (const email of emails) expect((await memberLogin(s, email, 'Password1')).status).toBe(401);
    const limited = await memberLogin(s, sprayEmail(99), 'Password1');
    // Retry-After: the rest of the 15-minute window that began with the first failure.
    expect(limited).toEqual({ status: 429, retryAfter: expect.any(Number), body: MEMBER_LIMITED });
    expect(limited.retryAfter).toBeGreaterThan(14 * 60);
    expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
    // The address is stopped, even with a right password: it cannot learn which guess would work.
    expect((await memberLogin(s, real.email, real.password)).status).toBe(429);
  });

  it('stops one address spraying staff accounts after 20 failures', async (t) => {
    if (!h) return t.skip();
    const s = await served();
    const admin = await ensureStaffUser(h.ctx.sql, {
      email: `admin-${randomUUID().slice(0, 6)}@example.test`,
      password: 'ledger-kettle-92-orbit',
      role: 'admin',
      name: 'Admin',
    });
    for (let i = 0; i < 20; i++) expect((await staffLogin(s, i === 0 ? admin.email : sprayEmail(i), 'Password1')).status).toBe(401);
    const limited = await staffLogin(s, sprayEmail(20), 'Password1');
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBeGreaterThan(14 * 60);
    expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.body).toMatchObject({ errors: [{ message: 'Too many sign-in attempts. Try again in a few minutes.' }] });
    // Member sign-in keeps its own counts: a staff spray does not stop members on the same network.
    expect((await memberLogin(s, sprayEmail(21), 'Password1')).status).toBe(401);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async (t) => {
    if (!h) return t.skip();
    const direct = await served();
    // A new made-up address on every try: without TRUST_PROXY the socket's address is what counts.
    for (let i = 0; i < 30; i++) expect((await memberLogin(direct, sprayEmail(i), 'Password1', `203.0.113.${i}`)).status).toBe(401);
    expect((await memberLogin(direct, sprayEmail(30), 'Password1', '203.0.113.200')).status).toBe(429);

    // Behind a trusted proxy (loopback here) the forwarded address is the client: each gets its own count.
    const proxied = await served(undefined, 'loopback');
    for (let i = 0; i < 31; i++) expect((await memberLogin(proxied, sprayEmail(i), 'Password1', `203.0.113.${i}`)).status).toBe(401);
    for (let i = 0; i < 30; i++) expect((await memberLogin(proxied, sprayEmail(i), 'Password1', '198.51.100.7')).status).toBe(401);
    expect((await memberLogin(proxied, sprayEmail(30), 'Password1', '198.51.100.7')).status).toBe(429);
  });

  it('slows a guesser spread over many addresses with a growing delay per account, without locking the member out', async (t) => {
    if (!h) return t.skip();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const s = await served(undefined, 'loopback');
    const m = await h.member();
    const from = (i: number) => `192.0.2.${i}`;
    // The member signed in from home before: that address is known to the account.
    expect((await memberLogin(s, m.email, m.password, '198.51.100.50')).status).toBe(200);
    // Five failures are free; the sixth earns a 2 s delay, the seventh 4 s, the eighth 8 s.
    for (let i = 0; i < 6; i++) expect((await memberLogin(s, m.email, 'Password1', from(i))).status).toBe(401);
    let next = await memberLogin(s, m.email, 'Password1', from(6));
    expect(next).toEqual({ status: 429, retryAfter: 2, body: MEMBER_LIMITED });
    vi.setSystemTime(Date.now() + 2_100);
    expect((await memberLogin(s, m.email, 'Password1', from(7))).status).toBe(401);
    next = await memberLogin(s, m.email, 'Password1', from(8));
    expect(next.retryAfter).toBe(4);
    vi.setSystemTime(Date.now() + 4_100);
    expect((await memberLogin(s, m.email, 'Password1', from(9))).status).toBe(401);
    expect((await memberLogin(s, m.email, m.password, from(10))).retryAfter).toBe(8);
    // The member at home is not kept out by the stranger's failures.
    expect((await memberLogin(s, m.email, m.password, '198.51.100.50')).status).toBe(200);
    // A working sign-in clears the delay for everyone.
    expect((await memberLogin(s, m.email, m.password, from(11))).status).toBe(200);
  });

  it('caps the per-account delay at minutes: a delay, never a lock', () => {
    const p = MEMBER_SIGN_IN_POLICY.perAccount;
    expect([5, 6, 7, 8, 9].map((n) => delayFor(p, n))).toEqual([0, 2, 4, 8, 16]);
    expect(delayFor(p, 1000)).toBe(300);
  });

  it('answers a reset-request flood with 429 and Retry-After', async (t) => {
    if (!h) return t.skip();
    const s = await served();
    const email = sprayEmail(1);
    for (let i = 0; i < 5; i++) expect((await post(s.url, '/api/reset-password', { email })).status).toBe(200);
    const limited = await post(s.url, '/api/reset-password', { email });
    expect(limited).toEqual({ status: 429, retryAfter: expect.any(Number), body: { error: 'Too many attempts. Try again later.' } });
    expect(limited.retryAfter).toBeGreaterThan(50 * 60);
    expect(limited.retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('shares the counts between two api instances through Redis', async (t) => {
    const redisUrl = await findRedis();
    if (!h || !redisUrl) return t.skip();
    const prefix = `roar-test-${randomUUID()}`;
    const stores = [openThrottleStore(redisUrl, prefix, 2000, h.ctx.logger), openThrottleStore(redisUrl, prefix, 2000, h.ctx.logger)];
    try {
      const [a, b] = [await served(stores[0]), await served(stores[1])];
      // Control: two instances that count in their own memory let 40 sprayed failures through.
      const [ma, mb] = [await served(), await served()];
      for (let i = 0; i < 40; i++) expect((await memberLogin(i % 2 ? ma : mb, sprayEmail(i), 'Password1')).status).toBe(401);
      // Through Redis, 15 failures on each make the 30 the address is allowed, wherever they landed.
      for (let i = 0; i < 30; i++) expect((await memberLogin(i % 2 ? a! : b!, sprayEmail(i), 'Password1')).status).toBe(401);
      expect((await memberLogin(a!, sprayEmail(30), 'Password1')).status).toBe(429);
      expect((await memberLogin(b!, sprayEmail(31), 'Password1')).status).toBe(429);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});

describe('sign-up and invite throttling', () => {
  let api: TestApi | null;
  beforeAll(async () => {
    api = await startTestApi({ database: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('stops one address probing which emails have accounts', async (t) => {
    if (!api) return t.skip();
    const signUp = (email: string) =>
      post(api!.url, '/api/sign-up', {
        first_name: 'Jane',
        last_name: 'Citizen',
        email,
        password: 'ledger-kettle-92-orbit',
        membership_id: 1,
        recaptcha_token: 'local-test-token',
        state: 'NSW',
        dob: '1990-01-01',
      });
    const email = sprayEmail(0);
    expect((await signUp(email)).status).toBe(201);
    // The answer tells that the email has an account (kept on purpose: docs/decisions); ten such answers per hour at most.
    for (let i = 0; i < 10; i++)
      expect(await signUp(email)).toMatchObject({ status: 409, body: { error: 'An account with this email already exists.' } });
    const limited = await signUp(sprayEmail(1));
    expect(limited).toEqual({
      status: 429,
      retryAfter: expect.any(Number),
      body: { error: 'Too many sign-up attempts from this connection. Try again later.' },
    });
    // The rest of the hour that began with the first refusal.
    expect(limited.retryAfter).toBeGreaterThan(50 * 60);
    expect(limited.retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('stops one address guessing at team invites and referral codes after 30 misses', async (t) => {
    if (!api) return t.skip();
    const invite = async (id: string) => {
      const r = await fetch(`${api!.url}/api/team/invites/${id}`);
      return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as unknown };
    };
    for (let i = 0; i < 30; i++) expect((await invite(randomUUID())).status).toBe(404);
    expect(await invite(randomUUID())).toEqual({
      status: 429,
      retryAfter: expect.stringMatching(/^\d+$/),
      body: { error: 'Too many tries from this connection. Try again later.' },
    });

    const code = (refer_code: string) => post(api!.url, '/api/get-referral-details', { refer_code });
    for (let i = 0; i < 30; i++) expect((await code(`guess${i}`)).body).toMatchObject({ isValid: false });
    const limited = await code('guess-more');
    expect(limited).toEqual({
      status: 429,
      retryAfter: expect.any(Number),
      body: { error: 'Too many tries from this connection. Try again later.' },
    });
    expect(limited.retryAfter).toBeGreaterThan(0);
  });
});
