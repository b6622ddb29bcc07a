import type { Page } from 'playwright-core';

/** Signs the bootstrap admin (the harness's STAFF_EMAIL / STAFF_PASSWORD) in to the staff console. */
export async function signInStaffConsole(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel(/email/i).fill('admin@roarplus.test');
  await page.getByLabel(/password/i).fill('staff-password-1');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.getByRole('menuitem', { name: 'Prizes', exact: true }).waitFor();
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
