import type { TestApi } from '../../test/setup';
import { ensureStaffUser, migrateStaffAuth } from '../auth/staff';

export type StaffRoleName = 'admin' | 'staff' | 'auditor';
export interface StaffLogin {
  readonly token: string;
  readonly id: string;
}

/** Test helper: one signed-in staff user per role, and a fetch against `/api/admin` with a token. */
export async function signInStaff(api: TestApi): Promise<Record<StaffRoleName, StaffLogin>> {
  await migrateStaffAuth(api.ctx.sql);
  const out: Partial<Record<StaffRoleName, StaffLogin>> = {};
  for (const role of ['admin', 'staff', 'auditor'] as const) {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const user = await ensureStaffUser(api.ctx.sql, { email, password: 'correct horse battery', role, name: `The ${role}` });
    const r = await adminFetch(api, '/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'correct horse battery' }) });
    const body = (await r.json()) as { token: string };
    out[role] = { token: body.token, id: user.id };
  }
  return out as Record<StaffRoleName, StaffLogin>;
}

export function adminFetch(api: TestApi, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${api.url}/api/admin${path}`, { ...init, headers });
}
