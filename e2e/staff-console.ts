import type { Page } from 'playwright-core';

/** The first admin the harness creates (its STAFF_EMAIL / STAFF_PASSWORD). */
export const BOOTSTRAP_ADMIN = { email: 'admin@roarplus.test', password: 'staff-password-1' } as const;

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
  await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
  if (options.stay === 'dashboard') return;
  await page.getByRole('menuitem', { name: 'Memberships', exact: true }).click();
  await page.waitForURL(/\/admin\/memberships/);
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
