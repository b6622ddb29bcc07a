import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { membershipTierStreamId } from '@roar/domain';
import { startTestApi, type TestApi } from '../../test/setup';
import { ensureStaffUser, migrateStaffAuth, STAFF_AUDIENCE, STAFF_ISSUER } from '../auth/staff';
import { staffSignIn } from './test-staff';

const PASSWORD = 'correct horse battery';

interface Staff {
  readonly token: string;
  readonly id: string;
}

/**
 * The staff API over HTTP against the real app: given the seeded catalogue streams, when a staff
 * request, then the response and the events appended (or not).
 */
describe.each(['postgres', 'pglite'] as const)('staff API on %s', (database) => {
  let api: TestApi | null;
  const staff: Record<'admin' | 'staff' | 'auditor', Staff> = {} as never;

  const call = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.body) headers.set('Content-Type', 'application/json');
    return fetch(`${api!.url}/api/admin${path}`, { ...init, headers });
  };
  const login = (email: string, password: string) => call('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
  const streamEvents = async (id: number) => api!.ctx.store.readStream(membershipTierStreamId(id));

  beforeAll(async () => {
    api = await startTestApi({ database });
    if (!api) return;
    await migrateStaffAuth(api.ctx.sql);
    for (const role of ['admin', 'staff', 'auditor'] as const) {
      const user = await ensureStaffUser(api.ctx.sql, { email: `${role}@example.test`, password: PASSWORD, role, name: `The ${role}` });
      const { token } = await staffSignIn(api.url, { email: `${role}@example.test`, password: PASSWORD }, api.ctx.now);
      staff[role] = { token, id: user.id };
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it('signs staff in with a pinned-HS256 token for the staff audience, and refuses wrong credentials', async (t) => {
    if (!api) return t.skip();
    const ok = await login('Admin@Example.test', PASSWORD);
    expect(ok.status).toBe(200);
    // The password alone gives an admin no token: the second step does (staff-two-factor.test.ts).
    const first = (await ok.json()) as { token?: string; two_factor: string; user: Record<string, unknown> };
    expect(first).toMatchObject({
      two_factor: 'verify',
      user: { id: staff.admin.id, email: 'admin@example.test', name: 'The admin', role: 'admin' },
    });
    expect(first.token).toBeUndefined();
    const body = await staffSignIn(api!.url, { email: 'Admin@Example.test', password: PASSWORD }, api!.ctx.now);
    const decoded = jwt.decode(body.token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    expect(decoded?.payload).toMatchObject({ sub: staff.admin.id, aud: STAFF_AUDIENCE });
    const me = await call('/auth/me', { token: body.token });
    expect(await me.json()).toMatchObject({ id: staff.admin.id, role: 'admin' });

    for (const [email, password] of [
      ['admin@example.test', 'wrong password'],
      ['nobody@example.test', PASSWORD],
    ]) {
      const bad = await login(email!, password!);
      expect(bad.status).toBe(401);
      expect(await bad.json()).toMatchObject({ errors: [{ message: 'Invalid email or password.' }] });
    }
    expect((await call('/auth/login', { method: 'POST', body: JSON.stringify({ email: 'x' }) })).status).toBe(400);
  });

  it('delays sign-in on an email after six failures', async (t) => {
    if (!api) return t.skip();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login('limited@example.test', 'guess')).status);
    expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
    expect(statuses[6]).toBe(429);
    // Another email from the same address is still let through.
    expect((await login('auditor@example.test', PASSWORD)).status).toBe(200);
  });

  it('refuses missing, alg:none, foreign-key and wrong-audience tokens with 401', async (t) => {
    if (!api) return t.skip();
    const claims = { role: 'admin', sub: staff.admin.id, aud: STAFF_AUDIENCE, iss: STAFF_ISSUER };
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const foreign = jwt.sign(claims, 'some-other-secret-that-is-long-enough!!', { algorithm: 'HS256', expiresIn: 600 });
    const member = jwt.sign({ ...claims, aud: 'roar-member' }, api.ctx.jwtSecret, { algorithm: 'HS256', expiresIn: 600 });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, api.ctx.jwtSecret, { algorithm: 'HS256' });
    for (const token of [undefined, none, foreign, member, expired, 'garbage']) {
      const r = await call('/memberships', { token });
      expect(r.status, String(token)).toBe(401);
    }
  });

  it('lists memberships the simple-rest way: sort, range, filter, Content-Range and getMany', async (t) => {
    if (!api) return t.skip();
    const q = (o: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)])));
    const page = await call(`/memberships?${q({ sort: ['price_cents', 'DESC'], range: [0, 1], filter: {} })}`, { token: staff.auditor.token });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('memberships 0-1/4');
    expect(page.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const rows = (await page.json()) as Array<{ code: string; price: number; price_cents: number }>;
    expect(rows.map((r) => r.code)).toEqual(['platinum', 'single-entry']);
    expect(rows[0]).toMatchObject({ price: 29.99, price_cents: 2999 });

    const second = await call(`/memberships?${q({ sort: ['price_cents', 'DESC'], range: [2, 3] })}`, { token: staff.auditor.token });
    expect(second.headers.get('content-range')).toBe('memberships 2-3/4');
    expect(((await second.json()) as Array<{ code: string }>).map((r) => r.code)).toEqual(['platinum-member', 'free']);

    const published = await call(`/memberships?${q({ filter: { status: 'published' }, sort: ['sort', 'ASC'], range: [0, 9] })}`, {
      token: staff.staff.token,
    });
    expect(published.headers.get('content-range')).toBe('memberships 0-2/3');

    const many = await call(`/memberships?${q({ filter: { id: [4, 2] } })}`, { token: staff.staff.token });
    expect(((await many.json()) as Array<{ id: number }>).map((r) => r.id)).toEqual([2, 4]);

    const one = await call('/memberships/3', { token: staff.auditor.token });
    expect(await one.json()).toMatchObject({ id: 3, code: 'platinum', tier: 'Platinum' });
    expect((await call('/memberships/99', { token: staff.auditor.token })).status).toBe(404);

    for (const bad of ['sort=["password","ASC"]', 'sort=not-json', 'range=[5,1]', 'filter={"price":1}', 'filter={oops', 'bogus=1']) {
      const r = await call(`/memberships?${bad}`, { token: staff.auditor.token });
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as { errors: unknown[] }).errors.length, bad).toBeGreaterThan(0);
    }
  });

  it('lets no auditor change anything, and only admins create tiers', async (t) => {
    if (!api) return t.skip();
    const before = (await streamEvents(2)).length;
    const edit = await call('/memberships/2', {
      method: 'PUT',
      token: staff.auditor.token,
      body: JSON.stringify({ price: 1, reason: 'Audit attempt' }),
    });
    expect(edit.status).toBe(403);
    const create = await call('/memberships', { method: 'POST', token: staff.staff.token, body: JSON.stringify({ reason: 'New tier' }) });
    expect(create.status).toBe(403);
    expect(await streamEvents(2)).toHaveLength(before);
  });

  it('refuses an edit without a reason, or with an unknown field, and appends nothing', async (t) => {
    if (!api) return t.skip();
    const before = await streamEvents(3);
    for (const body of [
      { price: 19.99 },
      { price: 19.99, reason: 'no' },
      { price: 19.99, reason: 'Promo', pricee: 1 },
      { price: -1, reason: 'Negative' },
    ]) {
      const r = await call('/memberships/3', { method: 'PUT', token: staff.staff.token, body: JSON.stringify(body) });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(await streamEvents(3)).toHaveLength(before.length);
  });

  it('turns an edit with a reason into events with the staff actor and the reason, shown in the event log', async (t) => {
    if (!api) return t.skip();
    const current = (await (await call('/memberships/3', { token: staff.staff.token })).json()) as Record<string, unknown>;
    // The console sends the whole record back, read-only fields included.
    const body = { ...current, price: 24.99, status: 'draft', reason: 'Spring promotion' };
    const r = await call('/memberships/3', {
      method: 'PUT',
      token: staff.staff.token,
      body: JSON.stringify(body),
      headers: { 'X-Correlation-Id': 'corr-spring-2026' },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ id: 3, price: 24.99, price_cents: 2499, status: 'draft' });

    const events = await streamEvents(3);
    const appended = events.slice(-2);
    expect(appended.map((e) => e.type)).toEqual(['MembershipTierRevised', 'MembershipTierStatusChanged']);
    expect(appended[0]!.data).toEqual({ membershipId: 3, changes: { price_cents: 2499 } });
    for (const e of appended) {
      expect(e.metadata).toMatchObject({
        actor: { type: 'staff', id: staff.staff.id, role: 'staff' },
        reason: 'Spring promotion',
        correlationId: 'corr-spring-2026',
      });
    }
    // Read-your-writes: the list shows the new price right away.
    const after = (await (await call('/memberships/3', { token: staff.auditor.token })).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ price_cents: 2499, status: 'draft' });

    const filter = encodeURIComponent(JSON.stringify({ stream_id: membershipTierStreamId(3), event_type: 'MembershipTierRevised' }));
    const log = await call(`/events?filter=${filter}&sort=${encodeURIComponent('["position","DESC"]')}&range=[0,9]`, { token: staff.auditor.token });
    expect(log.status).toBe(200);
    expect(log.headers.get('content-range')).toBe('events 0-0/1');
    const [entry] = (await log.json()) as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({
      id: appended[0]!.id,
      event_type: 'MembershipTierRevised',
      stream_id: 'membership-3',
      reason: 'Spring promotion',
      actor: `staff:${staff.staff.id} (staff)`,
      payload: { membershipId: 3, changes: { price_cents: 2499 } },
      metadata: { schemaVersion: 1, correlationId: 'corr-spring-2026' },
    });
    const shown = await call(`/events/${appended[0]!.id}`, { token: staff.auditor.token });
    expect(await shown.json()).toMatchObject({ id: appended[0]!.id, reason: 'Spring promotion' });

    // An edit that changes nothing appends nothing.
    const same = await call('/memberships/3', { method: 'PUT', token: staff.staff.token, body: JSON.stringify({ price: 24.99, reason: 'No-op' }) });
    expect(same.status).toBe(200);
    expect(await streamEvents(3)).toHaveLength(events.length);
  });

  it('filters the event log by time and type, newest first, and is read-only', async (t) => {
    if (!api) return t.skip();
    const q = (filter: object, extra = '') =>
      call(`/events?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,49]${extra}`, { token: staff.auditor.token });
    const all = (await (await q({})).json()) as Array<{ event_type: string; position: string }>;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const seeded = (await (await q({ occurred_before: '2026-11-02T00:00:00Z', event_type: 'MembershipTierDefined' })).json()) as Array<{
      stream_id: string;
    }>;
    expect(seeded.map((e) => e.stream_id)).toEqual(['membership-4', 'membership-3', 'membership-2', 'membership-1']);
    const future = await q({ occurred_after: '2099-01-01T00:00:00Z' });
    expect(future.headers.get('content-range')).toBe('events */0');
    expect((await q({ occurred_after: 'yesterday-ish' })).status).toBe(400);
    expect((await call('/events/00000000-0000-4000-8000-000000000000', { token: staff.auditor.token })).status).toBe(404);
    expect((await call('/events', { method: 'POST', token: staff.admin.token, body: '{}' })).status).toBe(404);
  });

  it('lets an admin define a new tier as a draft, once', async (t) => {
    if (!api) return t.skip();
    const tier = {
      id: 7,
      tier: 'Gold',
      code: 'gold',
      status: 'draft',
      type: 'monthly-subscription',
      sort: 7,
      visible: false,
      colour: '#FFD700',
      price: 9.5,
      initial_tickets: 5,
      cumulative_tickets: 5,
      bonus_draws: false,
      weekly_draws: false,
      rewards_access: true,
      shop_access: true,
      referee_entries: 1,
      referrer_entries: 1,
      rewards_days: 30,
      cashback_maximum_value: 0,
      items: [{ title: 'Gold things' }],
      reason: 'Trial tier',
    };
    const r = await call('/memberships', { method: 'POST', token: staff.admin.token, body: JSON.stringify(tier) });
    expect(r.status).toBe(201);
    expect(await r.json()).toMatchObject({ id: 7, code: 'gold', price_cents: 950, status: 'draft' });
    const [defined] = await streamEvents(7);
    expect(defined?.metadata).toMatchObject({ actor: { type: 'staff', id: staff.admin.id, role: 'admin' }, reason: 'Trial tier' });
    const again = await call('/memberships', { method: 'POST', token: staff.admin.token, body: JSON.stringify(tier) });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errors: [{ message: 'Membership 7 already exists.' }] });
  });

  it('lists failed jobs for every role and lets only writers retry one', async (t) => {
    if (!api) return t.skip();
    const list = await call('/jobs-failed?range=[0,24]', { token: staff.auditor.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^jobs-failed (\*|\d+-\d+)\/\d+$/);
    expect(Array.isArray(await list.json())).toBe(true);
    const id = encodeURIComponent('email/no-such-job');
    expect((await call(`/jobs-failed/${id}/retry`, { method: 'POST', token: staff.auditor.token })).status).toBe(403);
    expect((await call(`/jobs-failed/${id}/retry`, { method: 'POST', token: staff.staff.token })).status).toBe(404);
  });
});
