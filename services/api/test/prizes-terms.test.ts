import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

interface Terms {
  readonly version: number;
  readonly html: string;
  readonly issued_at: string;
}

/** GET /api/prizes/{slug}/terms: 404 before publish, version 1 on publish, a new version only when the terms' HTML changes. */
describe('draw terms per prize', () => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;

  beforeAll(async () => {
    const started = await startTestApi({ database: 'pglite' });
    if (!started) throw new Error('no database for this test');
    api = started;
    staff = await signInStaff(api);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const send = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const r = await adminFetch(api, path, { method, token: staff.staff.token, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as { id: string } };
  };
  const terms = async (slug: string) => {
    const r = await fetch(`${api.url}/api/prizes/${slug}/terms`);
    return { status: r.status, body: (await r.json()) as Terms };
  };

  it('publish gives version 1; a title edit version 2; the same edit again stays at 2', async () => {
    const created = await send('POST', '/prizes', {
      title: 'Terms trip',
      slug: 'terms-trip',
      prize_end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      prize_value: 2500,
      reason: 'Terms test',
    });
    expect(created.status).toBe(201);
    expect((await terms('terms-trip')).status).toBe(404);

    expect((await send('PUT', `/prizes/${created.body.id}`, { status: 'published', reason: 'Publish' })).status).toBe(200);
    const v1 = await terms('terms-trip');
    expect(v1.status).toBe(200);
    expect(v1.body.version).toBe(1);
    expect(v1.body.html).toContain('Terms of entry: Terms trip');
    expect(v1.body.html).toContain('npm run audit:draw');
    expect(Number.isNaN(Date.parse(v1.body.issued_at))).toBe(false);

    expect((await send('PUT', `/prizes/${created.body.id}`, { title: 'Terms trip two', reason: 'Rename' })).status).toBe(200);
    const v2 = await terms('terms-trip');
    expect(v2.body.version).toBe(2);
    expect(v2.body.html).toContain('Terms of entry: Terms trip two');

    expect((await send('PUT', `/prizes/${created.body.id}`, { title: 'Terms trip two', reason: 'Same again' })).status).toBe(200);
    expect((await terms('terms-trip')).body.version).toBe(2);
    expect((await terms('no-such-prize')).status).toBe(404);
  }, 60_000);
});
