import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPgSql } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import { ensureStaffUser } from '../services/api/src/auth/staff';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signInStaffConsole } from './staff-console';

/**
 * An auditor in the console, on the PostgreSQL deployment: they read the catalogue and the log
 * but are offered no way to change anything (and the API would refuse it anyway).
 */
describe('staff console for an auditor (PostgreSQL)', () => {
  let db: TestDatabase | null;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    db = await createTestDatabase('roar_e2e_admin');
    if (!db) return;
    app = await startApp({ DATABASE_URL: db.url });
    // The app created the staff table at start-up; the auditor is added beside the bootstrap admin.
    const sql = createPgSql({ connectionString: db.url, max: 1 });
    try {
      await ensureStaffUser(sql, { email: 'auditor@roarplus.test', password: 'indigo-ferry-1', role: 'auditor', name: 'Audrey Auditor' });
    } finally {
      await sql.close();
    }
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it('shows the catalogue and the event log without create or edit buttons', async (t) => {
    if (!app) return t.skip();
    await signInStaffConsole(page, app.url, { email: 'auditor@roarplus.test', password: 'indigo-ferry-1' });
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(4);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);

    await page.locator('table tbody tr', { hasText: 'Single Entry' }).click();
    await page.waitForURL(/\/admin\/memberships\/2\/show/);
    await page.getByText('$20.00').waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);

    // Typing the edit address does not open a form either.
    await page.goto(`${app.url}/admin/memberships/2`);
    // Wait for the console's decision (its access check is asynchronous), then look for the form.
    await page.getByText("You don't have the right permissions to access this page").waitFor();
    expect(await page.getByLabel('Reason').count()).toBe(0);

    await page.goto(`${app.url}/admin/events`);
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
  });

  it('verifies a read model but is offered no Rebuild', async (t) => {
    if (!app) return t.skip();
    await page.goto(`${app.url}/admin/projections/memberships/show`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^VERIFIED/).waitFor();
    expect(await page.getByRole('button', { name: 'Rebuild' }).count()).toBe(0);
  });
});
