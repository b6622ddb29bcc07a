import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStaffUser, migrateStaffAuth, type StaffRole } from '../src/auth/staff';
import { staffSignIn } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 19, "Logging out ends the session", staff side: a staff token names a server-side session,
 * so logging out, a password change, a suspension or a role change refuse it on the next request,
 * not when its 8 hours run out.
 */
const PASSWORD = 'ledger-kettle-92-orbit';

describe.each(['pglite', 'postgres'] as const)('staff sessions on %s', (database) => {
  let api: TestApi | null;
  beforeAll(async () => {
    api = await startTestApi({ database, seed: false });
    if (api) await migrateStaffAuth(api.ctx.sql);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const call = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const r = await fetch(`${api!.url}/api/admin${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  /** The password, then the second factor for an admin (enrolled at the first sign-in, as the console does). */
  const signIn = async (email: string, password = PASSWORD): Promise<string> =>
    (await staffSignIn(api!.url, { email, password }, api!.ctx.now)).token;
  const account = async (role: StaffRole) => {
    const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
    const user = await ensureStaffUser(api!.ctx.sql, { email, password: PASSWORD, role, name: `Pat ${role}` });
    return { ...user, email };
  };
  const me = (token: string) => call('/auth/me', { token });

  it('logout ends that session at once; another session of the same account goes on', async (t) => {
    if (!api) return t.skip();
    const pat = await account('staff');
    const [desk, laptop] = [await signIn(pat.email), await signIn(pat.email)];
    expect((await me(desk)).status).toBe(200);
    expect(await call('/auth/logout', { body: {}, token: desk })).toEqual({ status: 200, body: {} });
    expect((await me(desk)).status).toBe(401);
    expect((await call('/auth/logout', { body: {}, token: desk })).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
  });

  it('a password change ends every other session; the new password must pass the policy', async (t) => {
    if (!api) return t.skip();
    const pat = await account('staff');
    const [desk, laptop] = [await signIn(pat.email), await signIn(pat.email)];
    const change = (current_password: string, password: string) => call('/auth/password', { body: { current_password, password }, token: desk });
    expect(await change('not it', 'violet-anchor-58-meadow')).toMatchObject({
      status: 400,
      body: { errors: [{ message: 'Your current password is not right.' }] },
    });
    expect(await change(PASSWORD, 'password1')).toMatchObject({
      status: 400,
      body: { errors: [{ message: 'This is a commonly used password. Add a few more words that are not common.' }] },
    });
    expect(await change(PASSWORD, `${pat.email.split('@')[0]}-2026`)).toMatchObject({
      status: 400,
      body: { errors: [{ message: 'Do not build your password from your name or email address.' }] },
    });
    expect((await me(laptop)).status).toBe(200);
    expect(await change(PASSWORD, 'violet-anchor-58-meadow')).toEqual({ status: 200, body: {} });
    expect((await me(laptop)).status).toBe(401);
    expect((await me(desk)).status).toBe(200);
    expect((await call('/auth/login', { body: { email: pat.email, password: PASSWORD } })).status).toBe(401);
    await signIn(pat.email, 'violet-anchor-58-meadow');
  });

  it('a suspension ends the sessions and refuses sign-in until reinstated', async (t) => {
    if (!api) return t.skip();
    const admin = await signIn((await account('admin')).email);
    const pat = await account('staff');
    const token = await signIn(pat.email);
    expect(await call(`/staff-users/${pat.id}`, { method: 'PUT', body: { role: 'staff', suspended: true }, token: admin })).toMatchObject({
      status: 200,
      body: { id: pat.id, suspended: true },
    });
    expect((await me(token)).status).toBe(401);
    expect(await call('/auth/login', { body: { email: pat.email, password: PASSWORD } })).toMatchObject({
      status: 403,
      body: { errors: [{ message: 'This staff account is suspended. Ask an administrator.' }] },
    });
    expect((await call(`/staff-users/${pat.id}`, { method: 'PUT', body: { role: 'staff', suspended: false }, token: admin })).status).toBe(200);
    expect((await me(await signIn(pat.email))).status).toBe(200);
  });

  it('a role change ends the sessions; the next sign-in carries the new role', async (t) => {
    if (!api) return t.skip();
    const adminUser = await account('admin');
    const admin = await signIn(adminUser.email);
    const pat = await account('staff');
    const token = await signIn(pat.email);
    // Saving the same role and status changes nothing and ends nothing.
    expect((await call(`/staff-users/${pat.id}`, { method: 'PUT', body: { role: 'staff', suspended: false }, token: admin })).status).toBe(200);
    expect((await me(token)).status).toBe(200);
    // Four-eyes (on in a fresh install) holds the role change until a second staff user approves it.
    const asked = await call(`/staff-users/${pat.id}`, { method: 'PUT', body: { role: 'auditor', suspended: false }, token: admin });
    expect(asked.status).toBe(202);
    expect((await me(token)).status).toBe(200);
    const approver = await signIn((await account('staff')).email);
    expect((await call(`/approvals/${(asked.body.approval as { id: string }).id}/approve`, { body: {}, token: approver })).body).toMatchObject({
      status: 'carried_out',
    });
    expect((await me(token)).status).toBe(401);
    expect((await me(await signIn(pat.email))).body).toMatchObject({ id: pat.id, role: 'auditor' });
    // Admins only, and never on their own account (no admin locks themselves out by a slip).
    expect((await call('/staff-users', { token })).status).toBe(401);
    expect((await call('/staff-users', { token: await signIn(pat.email) })).status).toBe(403);
    expect(await call(`/staff-users/${adminUser.id}`, { method: 'PUT', body: { role: 'staff', suspended: false }, token: admin })).toMatchObject({
      status: 403,
    });
    const list = await call('/staff-users', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: pat.id, role: 'auditor', suspended: false })]));
  });

  it('refuses a token without a session, and staff accounts with a weak password', async (t) => {
    if (!api) return t.skip();
    const pat = await account('staff');
    const token = await signIn(pat.email);
    // The same claims with a made-up session id: signed with the right key, but no such session.
    const { signStaffToken } = await import('../src/auth/staff');
    expect((await me(signStaffToken(api.ctx.jwtSecret, pat, randomUUID()))).status).toBe(401);
    expect((await me(token)).status).toBe(200);
    await expect(ensureStaffUser(api.ctx.sql, { email: 'weak@example.test', password: 'qwertyui', role: 'staff', name: 'Weak' })).rejects.toThrow(
      /commonly used password/,
    );
  });
});
