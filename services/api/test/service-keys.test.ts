import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const put = async (name: string, body: unknown, who: StaffRoleName = 'admin') =>
  adminFetch(api, `/service-keys/${name}`, { method: 'PUT', token: staff[who].token, body: JSON.stringify(body) });
const tokens = async () => ((await (await fetch(`${api.url}/items/tokens`)).json()) as { data: Array<{ name: string; token: string }> }).data;

describe('service keys', () => {
  it('are edited by admins only, checked per key, and only public ones reach /items/tokens', async () => {
    expect((await put('tag_manager_id', { token: 'GTM-ABC1234', reason: 'Analytics' }, 'staff')).status).toBe(403);
    expect((await put('tag_manager_id', { token: '"><script>', reason: 'Bad' })).status).toBe(400);
    expect((await put('tag_manager_id', { token: 'GTM-ABC1234', reason: 'Analytics go-live' })).status).toBe(200);
    expect((await put('instagram_token', { token: 'secret-token', reason: 'Connect Instagram' })).status).toBe(200);
    const served = await tokens();
    expect(served).toContainEqual({ name: 'tag_manager_id', token: 'GTM-ABC1234' });
    expect(JSON.stringify(served)).not.toContain('secret-token');
    const shown = (await (await adminFetch(api, '/service-keys/instagram_token', { token: staff.admin.token })).json()) as {
      versions: Array<{ reason: string; data: unknown }>;
    };
    expect(shown.versions[0]).toMatchObject({ reason: 'Connect Instagram', data: {} });
  });

  it('serves the local sample posts until an Instagram token is set; an outage shows nothing', async () => {
    await put('instagram_token', { token: '', reason: 'Disconnect' });
    const local = (await (await fetch(`${api.url}/api/get-instagram-posts`)).json()) as { data: Array<{ image: string }> };
    expect(local.data).toHaveLength(4);
    expect(local.data.every((p) => p.image.startsWith('/instagram/'))).toBe(true);
    // With a token the Graph API is asked; this machine has no route to it, so the answer is empty, not an error.
    await put('instagram_token', { token: 'not-a-real-token', reason: 'Connect' });
    const r = await fetch(`${api.url}/api/get-instagram-posts`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
