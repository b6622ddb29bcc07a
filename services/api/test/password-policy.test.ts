import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, personalWords } from '../src/auth/password-policy';
import { startAuthHarness, waitFor, type AuthHarness } from './member-auth-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 19, "Passwords people cannot guess": NIST SP 800-63B (8 or more characters, long ones and
 * any characters allowed, no composition rules), refusing common passwords and ones built from the
 * person's own name or email, with the reason in plain words, on every path that sets a password.
 */
const COMMON = 'This is a heavily used password. Add a few more words that are not common.';
const PERSONAL = 'Do not build your password from your name or email address.';

describe('the password policy', () => {
  it('refuses the common passwords of the issue with the reason', () => {
    expect(checkPassword('password')).toEqual({ ok: false, reason: COMMON });
    expect(checkPassword('12345678')).toEqual({ ok: false, reason: COMMON });
    expect(checkPassword('qwertyui')).toEqual({ ok: false, reason: 'This is a commonly used password. Add a few more words that are not common.' });
    expect(checkPassword('abcdefgh1')).toEqual({
      ok: false,
      reason: 'Common character sequences like "abc" are easy to guess. Add a few more words that are not common.',
    });
    expect(checkPassword('short')).toEqual({ ok: false, reason: 'Use at least 8 characters.' });
  });

  it("refuses a password built from the person's name or email, in any case or spacing", () => {
    const owner = { email: 'jane.citizen@example.com', names: ['Jane', 'Citizen'] };
    for (const password of ['JaneCitizen2026!', 'citizen-harbour-lamp', 'j.a.n.e.c.i.t.i.z.e.n', 'my name is jane ok']) {
      expect(checkPassword(password, owner), password).toEqual({ ok: false, reason: PERSONAL });
    }
    expect(personalWords(owner)).toEqual(['janecitizen', 'jane', 'citizen']);
    // The same passwords for someone else are fine.
    expect(checkPassword('citizen-harbour-lamp', { email: 'pat@example.com', names: ['Pat', 'Lee'] })).toEqual({ ok: true });
  });

  it('accepts long passphrases, spaces and any characters, with no composition rules', () => {
    for (const password of [
      'correct horse battery',
      'ledger kettle orbit',
      'mañana café tísico',
      '🦘🏌️⛳ koala putts',
      'the eleventh green at moonah links is a long par five into the wind: bring a spare ball and patience',
    ]) {
      expect(checkPassword(password), password).toEqual({ ok: true });
    }
    expect(checkPassword('a1'.repeat(100) + 'k')).toEqual({ ok: false, reason: 'Use at most 200 characters.' });
    // 64 characters are allowed (SP 800-63B asks for at least 64).
    expect(checkPassword('violet anchor meadow '.repeat(4).slice(0, 64))).toEqual({ ok: true });
  });
});

describe('the policy on the member routes', () => {
  let h: AuthHarness | null;
  beforeAll(async () => {
    h = await startAuthHarness('pglite');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a weak new password on a reset link with the reason, without spending the link', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const before = (await h.mail()).length;
    expect((await h.post('/api/reset-password', { email: m.email })).status).toBe(200);
    const mail = await waitFor('the reset email', async () => (await h!.mail()).slice(before).find((s) => s.to.includes(m.email.toLowerCase())));
    const token = new URL(/(http\S+\/change-password\?token=\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
    expect(await h.post('/api/change-password', { token, password: 'password' })).toEqual({
      status: 400,
      body: { error: 'Could not update your password', details: COMMON },
    });
    const local = m.email.split('@')[0]!;
    expect(await h.post('/api/change-password', { token, password: `${local}-2026` })).toEqual({
      status: 400,
      body: { error: 'Could not update your password', details: PERSONAL },
    });
    expect(await h.post('/api/change-password', { token, password: 'violet anchor meadow' })).toEqual({ status: 200, body: { error: '' } });
  });

  it('refuses a weak password on the password change, with the reason', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const session = (await h.post('/auth/login', { email: m.email, password: m.password })).body as { data: { access_token: string } };
    const change = (password: string) =>
      h!.post('/api/update-password', { password, current_password: m.password }, session.data.access_token, 'PATCH');
    expect(await change('12345678')).toEqual({ status: 400, body: { error: 'Could not update your password', details: COMMON } });
    expect((await change('violet anchor meadow')).status).toBe(200);
  });
});

describe('the policy on sign-up', () => {
  let api: TestApi | null;
  beforeAll(async () => {
    api = await startTestApi({ database: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('refuses common passwords and ones built from the name or email with the reason, and writes nothing', async (t) => {
    if (!api) return t.skip();
    const signUp = async (password: string, email = 'jane.citizen@example.com') => {
      const r = await fetch(`${api!.url}/api/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Jane',
          last_name: 'Citizen',
          email,
          password,
          membership_id: 1,
          recaptcha_token: 'local-test-token',
          state: 'NSW',
          dob: '1990-01-01',
        }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect(await signUp('password')).toEqual({ status: 400, body: { error: COMMON } });
    expect(await signUp('12345678')).toEqual({ status: 400, body: { error: COMMON } });
    expect(await signUp('qwertyui')).toEqual({
      status: 400,
      body: { error: 'This is a commonly used password. Add a few more words that are not common.' },
    });
    expect(await signUp('JaneCitizen1!')).toEqual({ status: 400, body: { error: PERSONAL } });
    expect(await signUp('harbour-jane-lamp')).toEqual({ status: 400, body: { error: PERSONAL } });
    const none = await api.ctx.sql.query('select 1 from auth.member_credentials where email = $1', ['jane.citizen@example.com']);
    expect(none.rows).toEqual([]);
    expect((await signUp('violet anchor meadow')).status).toBe(201);
  });
});
