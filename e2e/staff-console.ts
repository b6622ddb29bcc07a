import type { Page } from 'playwright-core';
import { nextTotpCode, rememberTwoFactor, staffSignIn } from '../services/api/src/admin/test-staff';
import { totpCode } from '../services/api/src/auth/staff-two-factor';

/** The first admin the harness creates (its STAFF_EMAIL / STAFF_PASSWORD). */
export const BOOTSTRAP_ADMIN = { email: 'admin@roarplus.test', password: 'staff-password-1' } as const;

/**
 * The staff console's second sign-in step, as a person does it: on the first sign-in of a role
 * that requires it, enrol (the set-up key shown beside the QR code is what the test's
 * "authenticator" keeps), then read the recovery codes and continue; later, type the code the
 * authenticator shows. Codes come from the kept secret (test-staff.ts), on the real clock.
 */
export async function passSecondStep(page: Page, email: string, onEnrol?: () => Promise<void>): Promise<void> {
  const dashboard = page.getByRole('heading', { name: 'Draw calendar' });
  const enrol = page.getByRole('heading', { name: 'Set up two-factor sign-in' });
  const verify = page.getByRole('heading', { name: 'Two-factor sign-in' });
  await dashboard.or(enrol).or(verify).first().waitFor();
  if (await enrol.isVisible()) {
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Set-up key').innerText()).replace(/\s+/g, '');
    await onEnrol?.();
    const at = new Date();
    rememberTwoFactor(email, secret, at);
    // The enrolment is confirmed with the current step's code, which becomes the last one used.
    await page.getByLabel('Authentication code').fill(totpCode(secret, at));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue to the console' }).click();
  } else if (await verify.isVisible()) {
    await page.getByLabel('Authentication code').fill(await nextTotpCode(email, () => new Date(), { wait: true }));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

/**
 * Signs a staff user (the bootstrap admin unless told) in to the staff console and waits for its
 * landing page, the dashboard; then, unless `stay` says so, opens the memberships list (where the
 * console used to land, and where the older walks start).
 */
export async function signInStaffConsole(
  page: Page,
  baseUrl: string,
  staff: { email: string; password: string } = BOOTSTRAP_ADMIN,
  options: { stay?: 'dashboard' } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await passSecondStep(page, staff.email);
  await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
  if (options.stay === 'dashboard') return;
  await page.getByRole('menuitem', { name: 'Memberships', exact: true }).click();
  await page.waitForURL(/\/admin\/memberships/);
}

/** A staff token through the API (password, then the second step), the bootstrap admin unless told. */
export async function staffApiToken(baseUrl: string, staff: { email: string; password: string } = BOOTSTRAP_ADMIN): Promise<string> {
  return (await staffSignIn(baseUrl, staff, () => new Date(), { wait: true })).token;
}

/**
 * The bootstrap admin is the club's only staff user in these walks: it switches four-eyes approval
 * off with a reason, as a single-admin club does (an event, shown on the dashboard), so it can run
 * draws alone. The four-eyes walk itself is in staff-security.test.ts.
 */
export async function switchOffFourEyesAsSingleAdmin(baseUrl: string, token?: string): Promise<void> {
  const auth = token ?? (await staffApiToken(baseUrl));
  const r = await fetch(`${baseUrl}/api/admin/staff-security`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
    body: JSON.stringify({ four_eyes: false, reason: 'We are a single-admin club' }),
  });
  if (r.status !== 200) throw new Error(`switching four-eyes off: ${r.status} ${await r.text()}`);
}

/** One action of a prize's Draw tab: the button, a reason, Confirm; then waits for the next step's button. */
export async function drawAction(page: Page, label: string, next: string | null): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(`e2e: ${label.toLowerCase()}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
  if (next) await page.getByRole('button', { name: next, exact: true }).waitFor();
}
