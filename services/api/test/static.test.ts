import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRouter } from '../src/static';

/**
 * A built app as `npm run build` leaves it (vite's files, then scripts/precompress.mjs), served by
 * spaRouter: the precompressed copy the client accepts, hashed assets immutable, index.html no-cache.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = `console.log(${JSON.stringify('a member console bundle '.repeat(400))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/app/assets/index-abc123.js"></script></head><body>${'<p>ROAR+</p>'.repeat(200)}</body></html>`;
let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roar-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-def456.js'), 'export {};\n');
  writeFileSync(join(dir, 'index.html'), html);
  execFileSync(process.execPath, [join(root, 'scripts/precompress.mjs'), dir]);
  const app = express();
  app.use('/app', spaRouter(dir, 'test app'));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (fetch would add its own Accept-Encoding and decode the body). */
function get(path: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('static assets', () => {
  it('sends the brotli copy of a hashed asset to a client that accepts it, immutable for a year', async () => {
    const r = await get('/app/assets/index-abc123.js', 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(r.body).toString()).toBe(script);
  });

  it('falls back to gzip, and to the plain file, as Accept-Encoding allows', async () => {
    const gz = await get('/app/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const refused = await get('/app/assets/index-abc123.js', 'br;q=0, gzip;q=0.5');
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await get('/app/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const tiny = await get('/app/assets/tiny-def456.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it('answers index.html compressed and never cached, for client-side routes too', async () => {
    for (const path of ['/app/', '/app/prizes/some-slug', '/app/index.html']) {
      const r = await get(path, 'br');
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(r.body).toString()).toBe(html);
    }
    const plain = await get('/app/members');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });

  it('still answers 404 for a missing hashed asset', async () => {
    expect((await get('/app/assets/missing-000.js', 'br')).status).toBe(404);
  });
});
