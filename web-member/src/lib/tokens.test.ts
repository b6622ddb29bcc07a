import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession, STORAGE_KEYS } from './session';
import { createTokenManager, refreshTokens } from './tokens';

// A real HTTP server standing in for POST /auth/refresh, so the wire format is what is tested.
let base = '';
let server: http.Server;
let calls: unknown[] = [];
let answer: { status: number; body: unknown; delayMs: number } = { status: 200, body: {}, delayMs: 0 };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ path: req.url, body: JSON.parse(raw || 'null') as unknown });
      setTimeout(() => res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body)), answer.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const user = {
  id: 'u1',
  email: 'jane@example.com',
  firstname: 'Jane',
  lastname: 'Doe',
  status: 'active',
  membership_id: 3,
  membership_end_date: null,
  referral_code: 'abc',
};

function setup(now: { t: number }) {
  const map = new Map<string, string>();
  const session = createSession({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
  session.saveTokens({ access_token: 'old-access', refresh_token: 'old-refresh', expires: 60_000 }, now.t);
  session.saveUser(user);
  session.saveUpgradePlanId(5);
  let signedOut = 0;
  const manager = createTokenManager({ session, now: () => now.t, refresh: (r) => refreshTokens(r, base), onSignedOut: () => void signedOut++ });
  return { map, session, manager, signedOut: () => signedOut };
}

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { data: { access_token: 'new-access', refresh_token: 'new-refresh', expires: 900_000 } }, delayMs: 50 };
});

describe('token manager', () => {
  it('uses the stored token until its expiry without calling the server', async () => {
    const now = { t: 1_000_000 };
    const { manager } = setup(now);
    now.t += 59_999;
    expect(await manager.accessToken()).toBe('old-access');
    expect(calls).toEqual([]);
  });

  it('refreshes once after expiry, shared by concurrent callers, and stores the new tokens', async () => {
    const now = { t: 1_000_000 };
    const { manager, session } = setup(now);
    now.t += 60_000;
    const results = await Promise.all([manager.accessToken(), manager.accessToken(), manager.accessToken()]);
    expect(results).toEqual(['new-access', 'new-access', 'new-access']);
    expect(calls).toEqual([{ path: '/auth/refresh', body: { refresh_token: 'old-refresh', mode: 'json' } }]);
    expect(session.refreshToken()).toBe('new-refresh');
    expect(session.expiresAt()).toBe(now.t + 900_000);
    // The fresh token is then used as is.
    expect(await manager.accessToken()).toBe('new-access');
    expect(calls).toHaveLength(1);
  });

  it('clears every stored auth key and signs out when the refresh is refused', async () => {
    const now = { t: 1_000_000 };
    const { manager, map, signedOut } = setup(now);
    now.t += 120_000;
    answer = { status: 401, body: { errors: [{ message: 'Invalid refresh token.' }] }, delayMs: 0 };
    expect(await Promise.all([manager.accessToken(), manager.accessToken()])).toEqual([null, null]);
    expect(calls).toHaveLength(1);
    for (const key of Object.values(STORAGE_KEYS)) expect(map.has(key)).toBe(false);
    expect(signedOut()).toBe(1);
  });

  it('treats an incomplete refresh answer as a failure', async () => {
    const now = { t: 1_000_000 };
    const { manager, session, signedOut } = setup(now);
    now.t += 120_000;
    answer = { status: 200, body: { data: { access_token: 'only-access' } }, delayMs: 0 };
    expect(await manager.accessToken()).toBeNull();
    expect(session.accessToken()).toBeNull();
    expect(session.user()).toBeNull();
    expect(signedOut()).toBe(1);
  });

  it('signs out without a call when nothing is stored', async () => {
    const now = { t: 1_000_000 };
    const { manager, session, signedOut } = setup(now);
    session.clear();
    expect(await manager.accessToken()).toBeNull();
    expect(calls).toEqual([]);
    expect(signedOut()).toBe(1);
  });
});
