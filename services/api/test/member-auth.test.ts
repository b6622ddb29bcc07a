import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signStaffToken } from '../src/auth/staff';
import { buildOpenApi } from '../src/http/openapi';
import { startAuthHarness, type AuthHarness } from './member-auth-helpers';

interface Session {
  access_token: string;
  refresh_token: string;
  expires: number;
}

describe.each(['pglite', 'postgres'] as const)('member sign-in and sessions on %s', (database) => {
  let h: AuthHarness | null;
  beforeAll(async () => {
    h = await startAuthHarness(database);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const login = async (email: string, password: string): Promise<Session> => {
    const r = await h!.post('/auth/login', { email, password });
    expect(r.status).toBe(200);
    return (r.body as { data: Session }).data;
  };
  const whoami = (token: string) => h!.post('/api/whoami', null, token, 'GET');

  it('signs in with email (any case) and password; the access token opens member routes', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const session = await login(m.email.toUpperCase(), m.password);
    expect(session.expires).toBe(15 * 60_000);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(40);
    expect(jwt.decode(session.access_token)).toMatchObject({ sub: m.memberId, aud: 'roar-member' });
    expect(await whoami(session.access_token)).toEqual({ status: 200, body: { memberId: m.memberId } });
    // No secret is stored in clear.
    const stored = await h.ctx.sql.query<{ token_hash: string }>('select token_hash from auth.refresh_tokens where member_id = $1', [m.memberId]);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(session.refresh_token);
  });

  it('answers a wrong password and an unknown email with the same 401', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const wrong = await h.post('/auth/login', { email: m.email, password: 'not the password' });
    const unknown = await h.post('/auth/login', { email: 'nobody@example.test', password: m.password });
    expect(wrong).toEqual({ status: 401, body: { errors: [{ message: 'Invalid user credentials.' }] } });
    expect(unknown).toEqual(wrong);
  });

  it('delays sign-in after six failures on one email: the next answers 429 even with the right password, until the delay passes', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      for (let i = 0; i < 6; i++) expect((await h.post('/auth/login', { email: m.email, password: `guess ${i}` })).status).toBe(401);
      const limited = await h.post('/auth/login', { email: m.email, password: m.password });
      expect(limited).toEqual({ status: 429, body: { errors: [{ message: 'Too many attempts. Try again later.' }] } });
      vi.setSystemTime(Date.now() + 2_100);
      expect((await h.post('/auth/login', { email: m.email, password: m.password })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out: the refresh token and the access tokens of that session are refused at once, other sessions go on', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const phone = await login(m.email, m.password);
    const laptop = await login(m.email, m.password);
    expect(await h.post('/auth/logout', { refresh_token: phone.refresh_token })).toEqual({ status: 200, body: {} });
    expect(await h.post('/auth/refresh', { refresh_token: phone.refresh_token, mode: 'json' })).toEqual({
      status: 401,
      body: { errors: [{ message: 'Invalid user credentials.' }] },
    });
    expect((await whoami(phone.access_token)).status).toBe(401);
    expect((await whoami(laptop.access_token)).status).toBe(200);
    // A refreshed session logs out with its newest token; the old rotated one names the same family.
    const rotated = (await h.post('/auth/refresh', { refresh_token: laptop.refresh_token, mode: 'json' })).body as { data: Session };
    expect((await h.post('/auth/logout', { refresh_token: rotated.data.refresh_token })).status).toBe(200);
    expect((await whoami(rotated.data.access_token)).status).toBe(401);
    // Twice, or with a made-up token: the same quiet answer; without a token: 400.
    expect((await h.post('/auth/logout', { refresh_token: phone.refresh_token })).status).toBe(200);
    expect((await h.post('/auth/logout', { refresh_token: 'made-up' })).status).toBe(200);
    expect((await h.post('/auth/logout', {})).status).toBe(400);
  });

  it('rotates refresh tokens; reusing a rotated one revokes the whole family', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const first = await login(m.email, m.password);
    const r2 = await h.post('/auth/refresh', { refresh_token: first.refresh_token, mode: 'json' });
    expect(r2.status).toBe(200);
    const second = (r2.body as { data: Session }).data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await whoami(second.access_token)).status).toBe(200);

    // The rotated token comes back: someone else holds it. Everything of that family stops.
    const reuse = await h.post('/auth/refresh', { refresh_token: first.refresh_token, mode: 'json' });
    expect(reuse).toEqual({ status: 401, body: { errors: [{ message: 'Invalid user credentials.' }] } });
    expect((await h.post('/auth/refresh', { refresh_token: second.refresh_token, mode: 'json' })).status).toBe(401);
    expect(await whoami(second.access_token)).toEqual({ status: 401, body: { errors: [{ message: 'Unauthorized' }] } });

    // Another sign-in (another family) is untouched.
    const other = await login(m.email, m.password);
    expect((await whoami(other.access_token)).status).toBe(200);
    expect((await h.post('/auth/refresh', { refresh_token: 'made-up-token', mode: 'json' })).status).toBe(401);
  });

  it('lets only one of two concurrent refreshes with the same token win', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const s = await login(m.email, m.password);
    const both = await Promise.all([0, 1].map(() => h!.post('/auth/refresh', { refresh_token: s.refresh_token, mode: 'json' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    // The loser presented a used token: that is reuse, so the winner's family ends too (the
    // member console never refreshes twice at once: concurrent callers share one refresh).
    const winner = (both.find((r) => r.status === 200)!.body as { data: Session }).data;
    expect((await h.post('/auth/refresh', { refresh_token: winner.refresh_token, mode: 'json' })).status).toBe(401);
  });

  it('refuses a refresh token after its 30 days', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const s = await login(m.email, m.password);
    h.advance(30 * 24 * 60 * 60_000 + 1000);
    expect((await h.post('/auth/refresh', { refresh_token: s.refresh_token, mode: 'json' })).status).toBe(401);
  });

  it('refuses expired, unsigned, foreign-key and staff tokens', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const s = await login(m.email, m.password);
    const claims = jwt.decode(s.access_token) as { fam: string };
    // The harness clock may have been moved forward by earlier tests.
    const nowSeconds = () => Math.floor(h!.ctx.now().getTime() / 1000);
    const sign = (secret: string, payload: object, opts: jwt.SignOptions = {}) =>
      jwt.sign({ fam: claims.fam, iat: nowSeconds(), ...payload }, secret, {
        algorithm: 'HS256',
        subject: m.memberId,
        audience: 'roar-member',
        issuer: 'roar-plus',
        expiresIn: 900,
        ...opts,
      });
    // Control: the same claims signed properly pass.
    expect((await whoami(sign(h.ctx.jwtSecret, {}))).status).toBe(200);

    const expired = sign(h.ctx.jwtSecret, { iat: nowSeconds() - 16 * 60 });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: m.memberId, fam: claims.fam, aud: 'roar-member', iss: 'roar-plus', exp: nowSeconds() + 900 })}.`;
    const foreign = sign('some-other-secret-of-enough-length', {});
    const staff = signStaffToken(h.ctx.jwtSecret, { id: m.memberId, email: 'admin@example.test', name: 'Admin', role: 'admin' }, claims.fam);
    for (const token of [expired, unsigned, foreign, staff, 'not-a-jwt']) {
      expect(await whoami(token)).toEqual({ status: 401, body: { errors: [{ message: 'Unauthorized' }] } });
    }
    expect((await h.post('/api/whoami', null, undefined, 'GET')).status).toBe(401);

    // And the member's own token stops working once 15 minutes have passed.
    h.advance(15 * 60_000 + 1000);
    expect((await whoami(s.access_token)).status).toBe(401);
  });

  it('changes the password with the current one and signs out the other devices only', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const here = await login(m.email, m.password);
    const there = await login(m.email, m.password);
    const bad = await h.post('/api/update-password', { password: 'a brand new password', current_password: 'wrong' }, here.access_token, 'PATCH');
    expect(bad).toEqual({ status: 400, body: { error: 'Could not update your password' } });
    const weak = await h.post('/api/update-password', { password: 'short', current_password: m.password }, here.access_token, 'PATCH');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: 'Could not update your password', details: 'Use at least 8 characters.' });
    expect(
      await h.post('/api/update-password', { password: 'a brand new password', current_password: m.password }, undefined, 'PATCH'),
    ).toMatchObject({ status: 401 });

    const ok = await h.post('/api/update-password', { password: 'a brand new password', current_password: m.password }, here.access_token, 'PATCH');
    expect(ok).toEqual({ status: 200, body: {} });
    expect((await whoami(here.access_token)).status).toBe(200);
    expect((await h.post('/auth/refresh', { refresh_token: here.refresh_token, mode: 'json' })).status).toBe(200);
    expect((await whoami(there.access_token)).status).toBe(401);
    expect((await h.post('/auth/refresh', { refresh_token: there.refresh_token, mode: 'json' })).status).toBe(401);
    expect((await h.post('/auth/login', { email: m.email, password: m.password })).status).toBe(401);
    expect((await h.post('/auth/login', { email: m.email, password: 'a brand new password' })).status).toBe(200);
  });

  it('records a sign-in as one MemberSignedIn on the login stream (its tracking job comes from it); a refresh writes nothing', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const before = await h.ctx.store.headPosition();
    const s = await login(m.email, m.password);
    const after = await h.ctx.store.headPosition();
    const appended = await h.ctx.store.readAll(before, 10);
    expect(appended.map((e) => [e.streamId, e.type])).toEqual([[`login-${m.memberId}`, 'MemberSignedIn']]);
    expect(appended[0]!.data).toMatchObject({ memberId: m.memberId, email: m.email.toLowerCase() });
    await h.post('/auth/refresh', { refresh_token: s.refresh_token, mode: 'json' });
    expect(await h.ctx.store.headPosition()).toEqual(after);
  });
});

describe('member auth routes in the OpenAPI document', () => {
  it('lists them with their bodies', () => {
    const doc = buildOpenApi('test') as { paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>> };
    expect(doc.paths['/auth/login']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/update-password']?.patch?.security).toEqual([{ bearer: [] }]);
    for (const path of ['/auth/refresh', '/api/reset-password', '/api/change-password']) expect(doc.paths[path]?.post).toBeDefined();
  });
});
