import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFetch, signInStaff, staffSignIn, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 20, defect 18, with issue 19's staff two-factor: the "before you sell" item for staff
 * two-factor is done only once the club requires a second factor of every staff user (admins always
 * need one) and every staff account has enrolled.
 */
describe('before you sell: staff two-factor', () => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;
  beforeAll(async () => {
    const started = await startTestApi({ database: 'pglite' });
    if (!started) throw new Error('PGlite always starts');
    api = started;
    staff = await signInStaff(api);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const twoFactorDone = async (): Promise<boolean> => {
    const r = await adminFetch(api, '/launch-checklist', { token: staff.auditor.token });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { checks: { id: string; done: boolean }[]; complete: boolean };
    expect(body.complete).toBe(false);
    return body.checks.find((c) => c.id === 'staff-two-factor')!.done;
  };

  it('is to do while only admins must use it, and done once every staff account has enrolled under an all-staff rule', async () => {
    expect(staff.admin.totpSecret).not.toBeNull();
    expect(await twoFactorDone()).toBe(false);
    const tighten = await adminFetch(api, '/staff-security', {
      method: 'PUT',
      token: staff.admin.token,
      body: JSON.stringify({ two_factor_required_for: 'all-staff', reason: 'Before we take real money' }),
    });
    expect(tighten.status).toBe(200);
    // Required now, but the staff user and the auditor have not enrolled yet.
    expect(await twoFactorDone()).toBe(false);
    for (const role of ['staff', 'auditor'] as const) {
      const session = await staffSignIn(api.url, { email: staff[role].email, password: staff[role].password }, api.ctx.now);
      expect(session.totpSecret).not.toBeNull();
    }
    expect(await twoFactorDone()).toBe(true);
  });
});
