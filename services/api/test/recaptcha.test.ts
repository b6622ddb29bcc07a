import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleRecaptcha, createLocalRecaptcha, RECAPTCHA_TEST_SITE_KEY } from '../src/recaptcha';

describe('local reCAPTCHA (behaves like Google test keys)', () => {
  const verifier = createLocalRecaptcha();
  it('passes any non-empty token', async () => {
    expect(await verifier.verify('anything')).toEqual({ ok: true });
  });
  it('fails a missing or empty token with missing-input-response', async () => {
    expect(await verifier.verify(undefined)).toEqual({ ok: false, reason: 'missing-input-response' });
    expect(await verifier.verify('')).toEqual({ ok: false, reason: 'missing-input-response' });
  });
  it('exports Google documented test site key', () => {
    expect(RECAPTCHA_TEST_SITE_KEY).toBe('6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI');
  });
});

describe('Google reCAPTCHA against a fake siteverify', () => {
  let server: Server;
  let url: string;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(data);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        if (req.method !== 'POST' || req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
          res.statusCode = 400;
          res.end('{}');
        } else if (form.get('secret') !== 'server-secret-123') res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
        else if (form.get('response') === 'good-token') res.end(JSON.stringify({ success: true, hostname: 'localhost' }));
        else if (form.get('response') === 'broken') res.end('not json');
        else res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('passes a token Google accepts, sending secret, response and remote ip as a form', async () => {
    const verifier = createGoogleRecaptcha({ secret: 'server-secret-123', url });
    expect(await verifier.verify('good-token', '203.0.113.9')).toEqual({ ok: true });
    expect(seen.at(-1)?.get('remoteip')).toBe('203.0.113.9');
  });
  it('fails with Google error codes', async () => {
    expect(await createGoogleRecaptcha({ secret: 'server-secret-123', url }).verify('bad-token')).toEqual({
      ok: false,
      reason: 'invalid-input-response',
    });
    expect(await createGoogleRecaptcha({ secret: 'wrong-secret-000', url }).verify('good-token')).toEqual({
      ok: false,
      reason: 'invalid-input-secret',
    });
  });
  it('fails closed on a missing token, a bad answer or an unreachable server', async () => {
    const verifier = createGoogleRecaptcha({ secret: 'server-secret-123', url });
    const before = seen.length;
    expect(await verifier.verify(undefined)).toEqual({ ok: false, reason: 'missing-input-response' });
    expect(seen.length).toBe(before);
    expect((await verifier.verify('broken')).ok).toBe(false);
    expect(await createGoogleRecaptcha({ secret: 'x', url: 'http://127.0.0.1:9/' }).verify('t')).toEqual({
      ok: false,
      reason: 'siteverify-unreachable',
    });
  });
});
