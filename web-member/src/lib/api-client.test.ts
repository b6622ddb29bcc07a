import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest, GENERIC_ERROR } from './api-client';

// A real HTTP server, so headers, status codes and the timeout are exercised over the wire.
let base = '';
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('Content-Type', 'application/json');
    if (url.pathname === '/echo') return res.end(JSON.stringify({ auth: req.headers.authorization ?? null, query: url.search }));
    if (url.pathname === '/created') return void res.writeHead(201).end(JSON.stringify({ auth: null, query: '' }));
    if (url.pathname === '/accepted') return void res.writeHead(202).end(JSON.stringify({ auth: null, query: '' }));
    if (url.pathname === '/fail') return void res.writeHead(400).end(JSON.stringify({ errors: [{ message: 'Invalid user credentials.' }] }));
    if (url.pathname === '/slow') return void setTimeout(() => res.end('{}'), 500);
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const echo = z.object({ auth: z.string().nullable(), query: z.string() });

describe('apiRequest', () => {
  it('sends the bearer token and query, and parses the answer', async () => {
    const r = await apiRequest('/echo', { schema: echo, token: 't0k', query: { 'filter[status][_in]': 'published,archived' }, baseUrl: base });
    expect(r).toEqual({ ok: true, data: { auth: 'Bearer t0k', query: '?filter%5Bstatus%5D%5B_in%5D=published%2Carchived' } });
  });

  it('counts only 200 and 201 as success', async () => {
    expect((await apiRequest('/created', { schema: echo, baseUrl: base })).ok).toBe(true);
    expect(await apiRequest('/accepted', { schema: echo, baseUrl: base })).toEqual({ ok: false, status: 202, error: GENERIC_ERROR });
  });

  it('gives the generic error, or the server message when asked', async () => {
    expect(await apiRequest('/fail', { schema: echo, baseUrl: base })).toEqual({ ok: false, status: 400, error: GENERIC_ERROR });
    expect(await apiRequest('/fail', { schema: echo, baseUrl: base, serverMessage: true })).toEqual({
      ok: false,
      status: 400,
      error: 'Invalid user credentials.',
    });
  });

  it('fails an answer that does not match the schema', async () => {
    expect(await apiRequest('/echo', { schema: z.object({ missing: z.string() }), baseUrl: base })).toMatchObject({
      ok: false,
      error: GENERIC_ERROR,
    });
  });

  it('gives up after the timeout', async () => {
    expect(await apiRequest('/slow', { schema: z.object({}), baseUrl: base, timeoutMs: 100 })).toEqual({
      ok: false,
      status: null,
      error: GENERIC_ERROR,
    });
  });
});
