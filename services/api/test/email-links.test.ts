import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentMail } from '@roar/workers';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * Links in emails come from configuration: PUBLIC_URL when set, else the server's own address.
 * A caller who forges Host (or the X-Forwarded-* headers a loopback proxy may set) changes nothing.
 */
const FORGED = { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'https' };

/** fetch cannot forge Host; node:http can. */
function forgedPost(base: string, path: string, body: unknown, token?: string): Promise<number> {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...FORGED,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function linksIn(mail: SentMail): string[] {
  return [...`${mail.text}\n${mail.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
}

describe.each([
  ['PUBLIC_URL unset (the npm start default): the server’s own address', undefined],
  ['PUBLIC_URL set', 'https://club.example.test'],
])('email links with %s', (_label, publicUrl) => {
  let api: TestApi;
  let origin = '';
  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', ...(publicUrl ? { env: { PUBLIC_URL: publicUrl } } : {}) }))!;
    origin = publicUrl ?? api.url;
  });
  afterAll(async () => {
    await api?.close();
  });

  const mailTo = async (email: string, subject: RegExp) => {
    const c = client(api);
    for (let i = 0; i < 200; i += 1) {
      const found = (await c.mail()).find((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${email} matching ${subject}`);
  };

  it('the password-reset, referral-invite and team-invite emails link to the configured origin under a forged Host', async () => {
    const c = client(api);
    const captain = await c.signUp(3, {}, 'Casey', 'Captain');
    // The checkout page lives at the public origin; this test reaches the server at its own address.
    expect((await c.pay(captain.redirect_url.replace(origin, api.url))).status).toBe(303);
    expect(await forgedPost(api.url, '/api/reset-password', { email: captain.email })).toBe(200);
    const reset = await mailTo(captain.email, /password/i);

    expect(await forgedPost(api.url, '/api/send-referee-email', { email: 'friend@example.test' }, captain.token)).toBe(200);
    const referral = await mailTo('friend@example.test', /./);

    expect((await c.post('/api/team/start', {}, captain.token)).status).toBe(201);
    expect(await forgedPost(api.url, '/api/team/invite', { email: 'mate@example.test' }, captain.token)).toBe(201);
    const invite = await mailTo('mate@example.test', /team/i);

    for (const [mail, path] of [
      [reset, '/change-password?token='],
      [referral, '/refer/'],
      [invite, '/team-prizes?invite='],
    ] as const) {
      const links = linksIn(mail);
      expect(links.length, mail.subject).toBeGreaterThan(0);
      expect(
        links.some((l) => l.startsWith(`${origin}${path}`)),
        `${mail.subject}: ${links.join(' ')}`,
      ).toBe(true);
      expect(`${mail.text}${mail.html ?? ''}`).not.toContain('evil.example.net');
      expect(mail.html ?? '').not.toMatch(/href="\//);
    }
  });
});
