import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, waitFor, type AuthHarness } from './member-auth-helpers';

const COULD_NOT = { error: 'Could not update your password' };

describe('password reset by email (PGlite, in-process jobs, file mail)', () => {
  let h: AuthHarness | null;
  beforeAll(async () => {
    h = await startAuthHarness('pglite');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /** Requests a reset for `email` and returns the token of the link in the email that arrives. */
  async function resetLink(email: string, mailsBefore: number): Promise<{ link: string; token: string }> {
    expect(await h!.post('/api/reset-password', { email })).toEqual({ status: 200, body: { error: '' } });
    const mails = await waitFor('the reset email', async () => {
      const sent = await h!.mail();
      return sent.length > mailsBefore ? sent : null;
    });
    const mail = mails[mails.length - 1]!;
    expect(mail.to).toEqual([email.toLowerCase()]);
    expect(mail.subject).toBe('Reset your ROAR+ password');
    const link = /(http\S+\/change-password\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link!}"`);
    return { link: link!, token: new URL(link!).searchParams.get('token')! };
  }

  it('answers an unknown email exactly like a known one and sends nothing for it', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const before = (await h.mail()).length;
    expect(await h.post('/api/reset-password', { email: 'nobody-here@example.test' })).toEqual({ status: 200, body: { error: '' } });
    // The known one goes after it: once its email is there, the unknown one would be too.
    await resetLink(m.email, before);
    const sent = await h.mail();
    expect(sent.length).toBe(before + 1);
    expect(sent.flatMap((s) => s.to)).not.toContain('nobody-here@example.test');
  });

  it('sends a link that works once, then says it could not update the password', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const session = (await h.post('/auth/login', { email: m.email, password: m.password })).body as {
      data: { access_token: string; refresh_token: string };
    };
    const { link, token } = await resetLink(m.email, (await h.mail()).length);
    // The link comes from configuration (the server's own address here), not from the host the request came to.
    expect(link.startsWith(`${h.ctx.publicUrl()}/change-password?token=`)).toBe(true);

    const weak = await h.post('/api/change-password', { token, password: 'short' });
    expect(weak).toEqual({ status: 400, body: { ...COULD_NOT, details: 'Use at least 8 characters.' } });
    expect(await h.post('/api/change-password', { token, password: 'my new long password' })).toEqual({ status: 200, body: { error: '' } });
    expect(await h.post('/api/change-password', { token, password: 'yet another password' })).toEqual({ status: 400, body: COULD_NOT });

    expect((await h.post('/auth/login', { email: m.email, password: m.password })).status).toBe(401);
    expect((await h.post('/auth/login', { email: m.email, password: 'my new long password' })).status).toBe(200);
    // Every session from before the reset has ended.
    expect((await h.post('/auth/refresh', { refresh_token: session.data.refresh_token, mode: 'json' })).status).toBe(401);
    expect((await h.post('/api/whoami', null, session.data.access_token, 'GET')).status).toBe(401);
  });

  it('refuses an expired link and a made-up one', async (t) => {
    if (!h) return t.skip();
    const m = await h.member();
    const { token } = await resetLink(m.email, (await h.mail()).length);
    h.advance(61 * 60_000);
    expect(await h.post('/api/change-password', { token, password: 'my new long password' })).toEqual({ status: 400, body: COULD_NOT });
    expect(await h.post('/api/change-password', { token: 'made-up', password: 'my new long password' })).toEqual({ status: 400, body: COULD_NOT });
    expect((await h.post('/auth/login', { email: m.email, password: m.password })).status).toBe(200);
  });

  it('limits reset requests per email, with the same answer for unknown emails', async (t) => {
    if (!h) return t.skip();
    for (const email of ['limit-unknown@example.test', (await h.member()).email]) {
      for (let i = 0; i < 5; i++) expect((await h.post('/api/reset-password', { email })).status).toBe(200);
      expect(await h.post('/api/reset-password', { email })).toEqual({ status: 429, body: { error: 'Too many attempts. Try again later.' } });
    }
  });
});
