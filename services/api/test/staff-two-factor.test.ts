import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccountStreamId } from '@roar/domain';
import { startTestApi, type TestApi } from './setup';
import { ensureStaffUser, migrateStaffAuth } from '../src/auth/staff';
import { decryptSecret, encryptSecret, matchTotp, totpCode, totpKeyFrom, totpStep } from '../src/auth/staff-two-factor';
import { staffSignIn } from '../src/admin/test-staff';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII), here in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** The appendix's 8-digit SHA-1 values; a 6-digit code is the same value mod 10^6, its last six digits. */
const RFC_VECTORS: ReadonlyArray<readonly [number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('computes the test vectors of RFC 6238 appendix B', () => {
    for (const [seconds, expected] of RFC_VECTORS) expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(expected.slice(-6));
  });
  it('accepts a code one step either side of the clock and names its step, nothing further', () => {
    const at = new Date(1111111111 * 1000);
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, '050471', at)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date((step + 1) * 30_000)), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date((step - 1) * 30_000)), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date((step + 2) * 30_000)), at)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', at)).toBeNull();
  });
  it('keeps the secret encrypted with an authenticated cipher', () => {
    const key = totpKeyFrom('k'.repeat(40));
    const stored = encryptSecret(key, RFC_SECRET);
    expect(stored).not.toContain(RFC_SECRET);
    expect(decryptSecret(key, stored)).toBe(RFC_SECRET);
    expect(() => decryptSecret(totpKeyFrom('x'.repeat(40)), stored)).toThrow();
  });
});

describe('staff two-factor sign-in over HTTP', () => {
  let api: TestApi | null;
  let clock = new Date('2026-11-20T01:00:00Z');
  const PASSWORD = 'correct horse battery';
  const post = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(`${api!.url}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const me = async (token: string) => (await fetch(`${api!.url}/api/admin/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  const newStaff = async (role: 'admin' | 'staff', email: string) => {
    await ensureStaffUser(api!.ctx.sql, { email, password: PASSWORD, role, name: `Test ${role}` });
    return { email, password: PASSWORD };
  };

  beforeAll(async () => {
    api = await startTestApi({ database: 'pglite', now: () => clock });
    if (api) await migrateStaffAuth(api.ctx.sql);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('makes an admin who has not enrolled enrol before anything else, with a QR code, and logs it without the secret', async () => {
    const admin = await newStaff('admin', 'first-admin@example.test');
    const login = await post('/auth/login', admin);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ two_factor: 'enrol' });
    expect(login.body.token).toBeUndefined();
    const challenge = String(login.body.challenge);
    // The challenge is no staff token.
    expect(await me(challenge)).toBe(401);
    // A verify challenge cannot be had before enrolling: the enrol challenge does not verify.
    expect((await post('/auth/two-factor/verify', { challenge, code: '123456' })).status).toBe(401);

    const enrol = await post('/auth/two-factor/enrol', { challenge });
    expect(enrol.status).toBe(200);
    const secret = String(enrol.body.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(String(enrol.body.otpauth_url)).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(String(enrol.body.qr)).toMatch(/^data:image\/svg\+xml;base64,/);

    expect((await post('/auth/two-factor/confirm', { challenge, code: totpCode(secret, new Date(clock.getTime() + 5 * 60_000)) })).status).toBe(401);
    const done = await post('/auth/two-factor/confirm', { challenge, code: totpCode(secret, clock) });
    expect(done.status).toBe(200);
    expect(await me(String(done.body.token))).toBe(200);
    const codes = done.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const stored = await api!.ctx.sql.query<{ secret_enc: string }>('select secret_enc from auth.staff_two_factor');
    expect(JSON.stringify(stored.rows)).not.toContain(secret);
    const hashes = await api!.ctx.sql.query<{ code_hash: string }>('select code_hash from auth.staff_recovery_codes');
    expect(JSON.stringify(hashes.rows)).not.toContain(codes[0]!.replace('-', ''));
    const id = (done.body.user as { id: string }).id;
    const events = await api!.ctx.store.readStream(staffAccountStreamId(id));
    expect(events.map((e) => e.type)).toEqual(['StaffTwoFactorEnrolled']);
    const everything = JSON.stringify(events.map((e) => [e.data, e.metadata]));
    expect(everything).not.toContain(secret);
    for (const code of codes) expect(everything).not.toContain(code);
  });

  it('refuses an enrolled admin the session without the code, and takes each code once', async () => {
    const admin = await newStaff('admin', 'second-admin@example.test');
    const { totpSecret } = await staffSignIn(api!.url, admin, () => clock);
    clock = new Date(clock.getTime() + 60_000);
    const login = await post('/auth/login', admin);
    expect(login.body).toMatchObject({ two_factor: 'verify' });
    expect(login.body.token).toBeUndefined();
    const challenge = String(login.body.challenge);
    expect((await post('/auth/two-factor/verify', { challenge })).status).toBe(400);
    expect((await post('/auth/two-factor/verify', { challenge, code: '000000' === totpCode(totpSecret!, clock) ? '111111' : '000000' })).status).toBe(
      401,
    );
    const code = totpCode(totpSecret!, clock);
    const ok = await post('/auth/two-factor/verify', { challenge, code });
    expect(ok.status).toBe(200);
    expect(await me(String(ok.body.token))).toBe(200);
    // The same code again (a replay, or a shoulder-surfer) is refused.
    const again = await post('/auth/two-factor/verify', { challenge: String((await post('/auth/login', admin)).body.challenge), code });
    expect(again).toMatchObject({ status: 401 });
  });

  it('takes a recovery code once, logging that one was spent', async () => {
    const admin = await newStaff('admin', 'third-admin@example.test');
    const first = await post('/auth/login', admin);
    const challenge = String(first.body.challenge);
    const { secret } = (await post('/auth/two-factor/enrol', { challenge })).body as { secret: string };
    const done = await post('/auth/two-factor/confirm', { challenge, code: totpCode(secret, clock) });
    const [recovery] = done.body.recovery_codes as string[];
    const id = (done.body.user as { id: string }).id;

    const use = async () =>
      post('/auth/two-factor/verify', {
        challenge: String((await post('/auth/login', admin)).body.challenge),
        recovery_code: recovery!.toUpperCase(),
      });
    const once = await use();
    expect(once.status).toBe(200);
    expect(await me(String(once.body.token))).toBe(200);
    const twice = await use();
    expect(twice.status).toBe(401);
    expect(twice.body).toMatchObject({ errors: [{ message: 'That recovery code is not right, or it was used already.' }] });
    const events = await api!.ctx.store.readStream(staffAccountStreamId(id));
    expect(events.map((e) => [e.type, (e.data as { remaining?: number }).remaining])).toEqual([
      ['StaffTwoFactorEnrolled', undefined],
      ['StaffRecoveryCodeUsed', 9],
    ]);
  });

  it('stops guessing after five wrong codes', async () => {
    const admin = await newStaff('admin', 'fourth-admin@example.test');
    const { totpSecret } = await staffSignIn(api!.url, admin, () => clock);
    const challenge = String((await post('/auth/login', admin)).body.challenge);
    const right = totpCode(totpSecret!, new Date(clock.getTime() + 30_000));
    const wrong = right === '999999' ? '999998' : '999999';
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/auth/two-factor/verify', { challenge, code: wrong })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await post('/auth/two-factor/verify', { challenge, code: right })).status).toBe(429);
    clock = new Date(clock.getTime() + 16 * 60_000);
    const later = String((await post('/auth/login', admin)).body.challenge);
    expect((await post('/auth/two-factor/verify', { challenge: later, code: totpCode(totpSecret!, clock) })).status).toBe(200);
  });

  it('lets other staff sign in with the password alone unless they enrolled by choice', async () => {
    const staff = await newStaff('staff', 'desk@example.test');
    const login = await post('/auth/login', staff);
    expect(typeof login.body.token).toBe('string');
    const token = String(login.body.token);
    const enrol = await post('/auth/two-factor/enrol', {}, token);
    expect(enrol.status).toBe(200);
    const confirm = await post('/auth/two-factor/confirm', { code: totpCode(String(enrol.body.secret), clock) }, token);
    expect(confirm.status).toBe(200);
    expect(confirm.body.token).toBeUndefined();
    expect((await post('/auth/login', staff)).body).toMatchObject({ two_factor: 'verify' });
    expect((await post('/auth/two-factor/enrol', {})).status).toBe(401);
  });
});
