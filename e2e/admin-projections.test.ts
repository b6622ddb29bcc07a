import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signInStaffConsole } from './staff-console';

/** An admin operating the read models and the failed-jobs queue in the console (embedded default). */
describe('staff console: read models and failed jobs', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('dialog', (d) => void d.accept());
    await signInStaffConsole(page, app.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the read models, verifies one, and rebuilds it with progress', async () => {
    await page.getByRole('menuitem', { name: 'Read models' }).click();
    await page.waitForURL(/\/admin\/projections/);
    const row = page.locator('table tbody tr', { hasText: 'memberships' });
    await row.waitFor();
    await expect.poll(() => row.locator('td.column-state').textContent()).toBe('active');
    await row.click();
    await page.waitForURL(/\/admin\/projections\/memberships\/show/);

    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^VERIFIED: the rows match a replay of \d+ events\.$/).waitFor();

    await page.getByRole('button', { name: 'Rebuild' }).click();
    await expect.poll(() => page.getByTestId('rebuild-state').textContent(), { timeout: 15_000 }).toMatch(/^done: \d+ events$/);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^VERIFIED/).waitFor();
  });

  it('shows the failed-jobs page (empty on a healthy start)', async () => {
    await page.getByRole('menuitem', { name: 'Failed jobs' }).click();
    await page.waitForURL(/\/admin\/jobs-failed/);
    await page.getByText(/No Failed jobs yet|No results found/i).waitFor();
  });
});
