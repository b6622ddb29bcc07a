import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/setup';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from './test-staff';

interface Projection {
  name: string;
  state: string;
  position: string | null;
  rebuild: { state: string; events: number; total: number | null } | null;
}
interface Verification {
  verdict: string;
  difference_count: number;
  differences: { table: string; kind: string; columns: string[] }[];
}

/** Read-model operations over HTTP: status for all, verify for all, rebuild for admins only. */
describe.each(['postgres', 'pglite'] as const)('staff projections on %s', (database) => {
  let api: TestApi | null;
  let staff: Record<StaffRoleName, StaffLogin>;
  const call = (path: string, role: StaffRoleName, init: RequestInit = {}) => adminFetch(api!, path, { ...init, token: staff[role].token });

  beforeAll(async () => {
    api = await startTestApi({ database });
    if (api) staff = await signInStaff(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('lists every projector with its checkpoint to every staff role', async (t) => {
    if (!api) return t.skip();
    const r = await call('/projections', 'auditor');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toMatch(/^projections 0-\d+\/\d+$/);
    const list = (await r.json()) as Projection[];
    expect(list.map((p) => p.name)).toEqual(expect.arrayContaining(['event_log', 'memberships']));
    expect(list.every((p) => p.position !== null)).toBe(true);
    expect((await adminFetch(api, '/projections')).status).toBe(401);
    expect((await call('/projections/nope', 'staff')).status).toBe(404);
  });

  it('verifies: VERIFIED when the rows match a replay, the differing rows after tampering', async (t) => {
    if (!api) return t.skip();
    const ok = (await (await call('/projections/memberships/verify', 'auditor', { method: 'POST' })).json()) as Verification;
    expect(ok).toMatchObject({ verdict: 'VERIFIED', difference_count: 0 });

    await api.ctx.sql.query(`update read.memberships set tier = 'Tampered' where id = (select min(id) from read.memberships)`);
    const bad = (await (await call('/projections/memberships/verify', 'staff', { method: 'POST' })).json()) as Verification;
    expect(bad.verdict).toBe('DIFFERENT');
    expect(bad.difference_count).toBe(1);
    expect(bad.differences[0]).toMatchObject({ table: 'memberships', kind: 'different', columns: ['tier'] });
  });

  it('rebuilds for admins only, reports progress, and the rebuilt model verifies', async (t) => {
    if (!api) return t.skip();
    for (const role of ['auditor', 'staff'] as const) {
      expect((await call('/projections/memberships/rebuild', role, { method: 'POST' })).status).toBe(403);
    }
    const started = await call('/projections/memberships/rebuild', 'admin', { method: 'POST' });
    expect(started.status).toBe(202);
    let current = (await started.json()) as Projection;
    const deadline = Date.now() + 20_000;
    while (current.rebuild?.state === 'running' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      current = (await (await call('/projections/memberships', 'auditor')).json()) as Projection;
    }
    expect(current.rebuild).toMatchObject({ state: 'done' });
    expect(current.rebuild!.events).toBeGreaterThan(0);
    expect(current.rebuild!.total).toBeGreaterThanOrEqual(current.rebuild!.events);
    const after = (await (await call('/projections/memberships/verify', 'admin', { method: 'POST' })).json()) as Verification;
    expect(after.verdict).toBe('VERIFIED');
    const { rows } = await api.ctx.sql.query<{ n: number }>(`select count(*)::int as n from read.memberships where tier = 'Tampered'`);
    expect(rows[0]?.n).toBe(0);
  });

  it('documents the staff routes in the OpenAPI document', async (t) => {
    if (!api) return t.skip();
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary: string }>> };
    for (const path of [
      '/api/admin/projections',
      '/api/admin/projections/{name}/verify',
      '/api/admin/projections/{name}/rebuild',
      '/api/admin/jobs-failed/{id}/retry',
      '/api/admin/memberships/{id}',
      '/api/admin/events',
      '/api/admin/members',
      '/api/admin/members/{id}',
      '/api/admin/entry-adjustments',
      '/api/admin/payments',
      '/api/admin/payments/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/admin/memberships/{id}']!.put!.summary).toMatch(/reason/);
    const adjustment = doc.paths['/api/admin/entry-adjustments']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(adjustment.requestBody.content['application/json'].schema.required).toEqual(['memberId', 'count', 'reason']);
  });
});
