import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 20, defect 2: a member browsing at 127.0.0.1 paid and came back to localhost (the public
 * origin), where the browser held no session. Page requests on another host name of this server
 * are sent to the public origin first; the API and webhooks answer wherever they are asked.
 */
const PUBLIC = 'http://club.example.test:8080';
let api: TestApi;
let web: string;

function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'roar-canonical-'));
  for (const app of ['member', 'admin']) {
    mkdirSync(join(web, app));
    writeFileSync(join(web, app, 'index.html'), `<!doctype html><title>${app} console</title>`);
  }
  api = (await startTestApi({
    database: 'pglite',
    env: { PUBLIC_URL: PUBLIC, TRUST_PROXY: 'loopback' },
    seed: false,
    web: { serveWeb: true, memberDist: join(web, 'member'), adminDist: join(web, 'admin') },
  }))!;
}, 120_000);
afterAll(async () => {
  await api?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('page requests on another host name', () => {
  it('are redirected to the public origin with their path and query, before any page is served', async () => {
    for (const path of ['/', '/pro-shop/checkout/success?order=abc&x=%20y', '/login?next=%2Fdashboard', '/admin/', '/admin/index.html']) {
      const r = await raw(path);
      expect([r.status, r.location], path).toEqual([302, `${PUBLIC}${path}`]);
      expect(r.body).not.toContain('console</title>');
    }
    expect((await raw('/dashboard', { method: 'HEAD' })).location).toBe(`${PUBLIC}/dashboard`);
    // A path that looks like another host stays on the public origin.
    expect((await raw('//evil.example/x')).location).toBe(`${PUBLIC}//evil.example/x`);
  });

  it('are served on the public origin, directly or through a trusted proxy', async () => {
    const direct = await raw('/pro-shop', { headers: { host: 'club.example.test:8080' } });
    expect([direct.status, direct.body]).toEqual([200, '<!doctype html><title>member console</title>']);
    // TRUST_PROXY names loopback (the test's proxy): its forwarded host counts.
    const proxied = await raw('/admin/', { headers: { 'x-forwarded-host': 'club.example.test:8080', 'x-forwarded-proto': 'http' } });
    expect([proxied.status, proxied.body]).toEqual([200, '<!doctype html><title>admin console</title>']);
  });

  it('leave the API, the content API, health and webhooks alone, and any other method', async () => {
    expect((await raw('/api/current-user')).status).toBe(401);
    expect((await raw('/items/pages?filter[path][_eq]=/faq')).status).toBe(200);
    expect((await raw('/ready')).status).toBe(200);
    expect((await raw('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const post = await raw('/login', { method: 'POST' });
    expect(post.location).toBeUndefined();
  });
});
