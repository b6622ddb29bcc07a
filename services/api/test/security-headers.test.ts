import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { createApp } from '../src/app';
import type { AppContext } from '../src/context';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 19, security headers: both consoles are served with a strict Content-Security-Policy,
 * frame protection, nosniff and a Referrer-Policy (none at all where a page's address holds a
 * token), HSTS when PUBLIC_URL is https, and every API answer that depends on credentials is
 * `no-store`.
 */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
let dist: string;
const servers: Server[] = [];

/** Serves the app at its own public origin (page requests on another host are redirected there, issue 20 defect 2). */
async function serve(ctx: AppContext): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on(
    'request',
    createApp({ ...ctx, publicUrl: () => origin }, api.infra.members, {
      serveWeb: true,
      memberDist: join(dist, 'member'),
      adminDist: join(dist, 'admin'),
    }),
  );
  return origin;
}

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite always starts');
  api = started;
  staff = await signInStaff(api);
  dist = mkdtempSync(join(tmpdir(), 'roar-headers-'));
  for (const name of ['member', 'admin']) {
    mkdirSync(join(dist, name, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, name, 'index.html'),
      `<!doctype html><html lang="en"><head><script type="module" src="/assets/index.js"></script></head><body>${name}</body></html>`,
    );
    writeFileSync(join(dist, name, 'assets', 'index.js'), 'export {};\n');
  }
  // The staff sign-in page the build draws (scripts/prerender-admin.mjs): served for /admin/login.
  writeFileSync(
    join(dist, 'admin', 'login.html'),
    '<!doctype html><html lang="en"><head><script type="module" src="/assets/index.js"></script></head><body>admin sign-in drawn</body></html>',
  );
}, 60_000);
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await api?.close();
  rmSync(dist, { recursive: true, force: true });
});

const policyOf = (r: Response): Map<string, string[]> =>
  new Map(
    (r.headers.get('content-security-policy') ?? '').split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('the consoles are served with a strict policy', () => {
  it('member console: scripts from this origin only, nobody may frame it, no sniffing, a referrer only to this origin in full', async () => {
    const origin = await serve(api.ctx);
    for (const path of ['/', '/membership', '/dashboard/clubhouse/cashback']) {
      const r = await fetch(`${origin}${path}`);
      expect(r.status).toBe(200);
      const csp = policyOf(r);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://www.youtube.com']);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
    const asset = await fetch(`${origin}/assets/index.js`);
    expect(policyOf(asset).get('script-src')).toEqual(["'self'"]);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('staff console: the same, with receipts framed from blob URLs and no outside script whatever the service keys say', async () => {
    const origin = await serve(api.ctx);
    for (const path of ['/admin/', '/admin/members', '/admin/cashback-claims/1/show', '/admin/login', '/admin/login/']) {
      const r = await fetch(`${origin}${path}`);
      expect(r.status).toBe(200);
      // The sign-in page is the one drawn at build time; every other path, the console's index.html.
      expect(await r.clone().text(), path).toContain(path.startsWith('/admin/login') ? 'admin sign-in drawn' : '<body>admin</body>');
      const csp = policyOf(r);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('object-src')).toEqual(['blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      // MUI's and tiptap's style elements: a fresh nonce per answer, handed to the page in a meta tag.
      const [self, nonce, ...rest] = csp.get('style-src') ?? [];
      expect([self, rest]).toEqual(["'self'", []]);
      expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
      expect(await r.text()).toContain(`<meta name="csp-nonce" content="${nonce!.slice(7, -1)}" />`);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
    const [a, b] = await Promise.all([fetch(`${origin}/admin/`), fetch(`${origin}/admin/`)]);
    expect(policyOf(a).get('style-src')).not.toEqual(policyOf(b).get('style-src'));
    // The drawn page is not served by its file name (nor for paths that only begin like it): the console opens there, as before.
    for (const path of ['/admin/login.html', '/admin/login/x', '/admin/logins']) {
      expect(await (await fetch(`${origin}${path}`)).text(), path).toContain('<body>admin</body>');
    }
  });

  it('no referrer at all from the pages whose address holds a token', async () => {
    const origin = await serve(api.ctx);
    for (const path of ['/change-password?token=abc', '/forgot-password', '/attest/s1?token=abc']) {
      expect((await fetch(`${origin}${path}`)).headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('the tag manager and the chat widget origins are allowed only once their service keys are set, and only on the member console', async () => {
    const origin = await serve(api.ctx);
    const put = (name: string, token: string) =>
      adminFetch(api, `/service-keys/${name}`, { method: 'PUT', token: staff.admin.token, body: JSON.stringify({ token, reason: 'Headers test' }) });
    expect((await put('tag_manager_id', 'GTM-ABC1234')).status).toBe(200);
    expect((await put('chat_provider', 'crisp')).status).toBe(200);
    expect((await put('chat_id', 'abc-123')).status).toBe(200);
    const member = policyOf(await fetch(`${origin}/`));
    expect(member.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://www.googletagmanager.com', 'https://client.crisp.chat']));
    expect(member.get('connect-src')).toEqual(expect.arrayContaining(['wss://client.relay.crisp.chat']));
    expect(policyOf(await fetch(`${origin}/admin/`)).get('script-src')).toEqual(["'self'"]);
    for (const name of ['tag_manager_id', 'chat_provider', 'chat_id']) expect((await put(name, '')).status).toBe(200);
    expect(policyOf(await fetch(`${origin}/`)).get('script-src')).toEqual(["'self'"]);
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const origin = await serve({ ...api.ctx, config: { ...api.ctx.config, PUBLIC_URL: 'https://club.example' } });
    for (const path of ['/', '/admin/', '/items/membership']) {
      const r = await fetch(`${origin}${path}`);
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
    expect(policyOf(await fetch(`${origin}/`)).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('API answers', () => {
  it('every answer with credentials, and every answer to a write, is no-store; the public catalogue stays cacheable', async () => {
    const member = await client(api).paidMember(3);
    const answers = [
      await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${member.token}` } }),
      await adminFetch(api, '/members', { token: staff.staff.token }),
      await adminFetch(api, '/dashboard', { token: staff.staff.token }),
      await adminFetch(api, '/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong password here' }),
      }),
    ];
    for (const r of answers) expect({ url: r.url, cache: r.headers.get('cache-control') }).toEqual({ url: r.url, cache: 'no-store' });
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]!.status).toBe(200);
    const catalogue = await fetch(`${api.url}/items/membership`);
    expect(catalogue.headers.get('cache-control')).toBe('public, no-cache');
    expect(catalogue.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
