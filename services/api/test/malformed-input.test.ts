import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStaffUser, migrateStaffAuth } from '../src/auth/staff';
import { staffSignIn } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/**
 * One test per class of malformed input that once came back as 500: each is refused with a 4xx
 * in plain words by the shared layer (the storable-text gate, the error handler, the bounded
 * primitives), whatever route it is sent to.
 */
const PASSWORD = 'harbour-vessel-1';
const INT4_OVERFLOW = 2 ** 31;

describe('malformed input is a 4xx, never a 500', () => {
  let api: TestApi;
  let staffToken = '';
  let memberToken = '';

  const send = async (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const r = await fetch(`${api.url}${path}`, { ...init, headers, ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}) });
    const body = (await r.json().catch(() => null)) as { errors?: Array<{ message: string }> } | null;
    return { status: r.status, message: body?.errors?.[0]?.message ?? '' };
  };
  const signUp = (extra: Record<string, unknown>) =>
    send('/api/sign-up', {
      method: 'POST',
      json: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.test',
        password: PASSWORD,
        membership_id: 1,
        recaptcha_token: 'local-test-token',
        state: 'NSW',
        dob: '1990-01-01',
        ...extra,
      },
    });

  beforeAll(async () => {
    api = (await startTestApi({ database: 'postgres' })) ?? (await startTestApi({ database: 'pglite' }))!;
    await migrateStaffAuth(api.ctx.sql);
    await ensureStaffUser(api.ctx.sql, { email: 'malformed-admin@example.test', password: PASSWORD, role: 'admin', name: 'Admin' });
    staffToken = (await staffSignIn(api.url, { email: 'malformed-admin@example.test', password: PASSWORD }, api.ctx.now)).token;
    const member = await fetch(`${api.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.test',
        password: PASSWORD,
        membership_id: 1,
        recaptcha_token: 'local-test-token',
        state: 'NSW',
        dob: '1990-01-01',
      }),
    });
    memberToken = ((await member.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('refuses a NUL character in a body field, a query filter and a path id', async () => {
    const body = await signUp({ first_name: 'A\u0000da' });
    expect(body).toEqual({ status: 400, message: 'first_name: Text must not contain NUL characters or unpaired surrogates' });
    expect((await send(`/api/admin/members?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}`, { token: staffToken })).status).toBe(400);
    expect((await send('/items/pages?filter[path][_eq]=%00')).status).toBe(400);
    expect((await send('/api/team/invites/a%00b')).status).toBe(400);
    expect((await send('/api/admin/members/a%00b', { token: staffToken })).status).toBe(400);
  });

  it('refuses a lone UTF-16 surrogate in a JSON string and in a JSON key', async () => {
    expect((await signUp({ last_name: 'x\ud800' })).status).toBe(400);
    // Refused by the gate itself, naming the key (a route's schema would only say the key is unknown, or drop it).
    const r = await send('/api/update-user', {
      method: 'PATCH',
      token: memberToken,
      body: '{"first_name":"ok","\\udc00":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(r).toEqual({ status: 400, message: '\udc00: Text must not contain NUL characters or unpaired surrogates' });
    const nested = await send('/api/update-user', {
      method: 'PATCH',
      token: memberToken,
      body: '{"first_name":"ok","address":{"line\\u0000":"x"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nested).toEqual({ status: 400, message: 'address.line\u0000: Text must not contain NUL characters or unpaired surrogates' });
    expect((await send('/api/send-referee-email', { method: 'POST', token: memberToken, json: { email: 'a\ud83d@example.test' } })).status).toBe(400);
  });

  it('refuses malformed percent-escapes and overlong or surrogate UTF-8 in a path parameter', async () => {
    for (const segment of ['%ff', '%C0%AF', '%ED%A0%80', '%', '%zz']) {
      for (const path of [`/api/team/invites/${segment}`, `/api/admin/members/${segment}`, `/api/admin/projections/${segment}/verify`]) {
        const r = await send(path, { token: staffToken, method: path.endsWith('verify') ? 'POST' : 'GET' });
        expect(r.status, path).toBe(400);
        expect(r.message, path).toMatch(/malformed percent-escape/);
      }
    }
  });

  it('refuses JSON nested deeper than any form needs (a stack overflow once)', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const r = await send('/auth/login', { method: 'POST', body: deep, headers: { 'content-type': 'application/json' } });
    expect(r).toEqual({ status: 400, message: 'The request body is nested more than 32 levels deep.' });
    expect(
      (await send('/api/sign-up', { method: 'POST', body: `{"first_name":${deep}}`, headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
  });

  it('refuses a body that does not match its Content-Encoding, and an encoding it does not accept', async () => {
    const json = JSON.stringify({ email: 'a@example.test', password: 'x' });
    const plainAsGzip = await send('/auth/login', {
      method: 'POST',
      body: json,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(plainAsGzip.status).toBe(400);
    const unknown = await send('/auth/login', {
      method: 'POST',
      body: json,
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
    });
    expect(unknown).toEqual({ status: 415, message: 'The request body uses a Content-Encoding this server does not accept.' });
    // A body that really is gzip still works: the refusal is about the mismatch, not the encoding.
    const real = await fetch(`${api.url}/auth/login`, {
      method: 'POST',
      body: gzipSync(json),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(real.status).toBeLessThan(500);
    expect(real.status).not.toBe(400);
  });

  it('refuses integers beyond what an integer column holds, in bodies, filters and path ids', async () => {
    expect((await signUp({ email: 'big@example.test', membership_id: INT4_OVERFLOW })).status).toBe(400);
    expect((await send('/api/upgrade-plan', { method: 'POST', token: memberToken, json: { membership_id: INT4_OVERFLOW } })).status).toBe(400);
    expect((await send('/api/single-entry', { method: 'POST', token: memberToken, json: { membership_id: INT4_OVERFLOW } })).status).toBe(400);
    expect(
      (await send(`/api/admin/memberships?filter=${encodeURIComponent(JSON.stringify({ id: [INT4_OVERFLOW] }))}`, { token: staffToken })).status,
    ).toBe(400);
    expect(
      (await send(`/api/admin/memberships?range=${encodeURIComponent(JSON.stringify([0, INT4_OVERFLOW]))}`, { token: staffToken })).status,
    ).toBeLessThan(500);
    expect((await send(`/api/admin/memberships/${INT4_OVERFLOW}`, { token: staffToken })).status).toBe(404);
    expect((await send(`/items/membership?filter[id][_eq]=${INT4_OVERFLOW}`)).status).toBeLessThan(500);
    expect((await send(`/items/prizes?limit=${INT4_OVERFLOW}`)).status).toBe(400);
  });

  it('refuses dates JavaScript accepts and PostgreSQL does not', async () => {
    for (const date of ['+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00.000Z']) {
      const events = await send(`/api/admin/events?filter=${encodeURIComponent(JSON.stringify({ occurred_after: date }))}`, { token: staffToken });
      expect(events.status, date).toBe(400);
      const prize = await send('/api/admin/prizes', {
        method: 'POST',
        token: staffToken,
        json: {
          title: 'Odd date',
          slug: `odd-${date.slice(0, 3).replace(/\W/g, 'x')}`,
          prize_end_date: date,
          prize_value: 100,
          reason: 'Testing dates',
        },
      });
      expect(prize.status, date).toBe(400);
    }
    for (const dob of ['2020-13-45', '0000-01-01', '+27576-01-01']) {
      expect((await send('/api/update-user', { method: 'PATCH', token: memberToken, json: { dob } })).status, dob).toBe(400);
    }
  });
});
