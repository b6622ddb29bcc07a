import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPgSql } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import { ensureStaffUser } from '../services/api/src/auth/staff';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { BOOTSTRAP_ADMIN, signInStaffConsole } from './staff-console';

/**
 * Issue 19, staff sessions in the console: Logout ends the session on the server, and an admin's
 * role change or suspension under Staff accounts ends the other person's session at once.
 * STAFF_SCREENSHOTS=<folder> keeps pictures of Staff accounts at 390, 820 and 1440 px.
 */
const PAT = { email: 'pat.desk@roarplus.test', password: 'violet-anchor-58-meadow' };

describe('staff sessions in the console (PostgreSQL)', () => {
  let db: TestDatabase | null;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    db = await createTestDatabase('roar_e2e_sessions');
    if (!db) return;
    app = await startApp({ DATABASE_URL: db.url });
    const sql = createPgSql({ connectionString: db.url, max: 1 });
    try {
      await ensureStaffUser(sql, { ...PAT, role: 'staff', name: 'Pat Desk' });
    } finally {
      await sql.close();
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  const staffToken = async (who: { email: string; password: string }): Promise<string> => {
    const r = await fetch(`${app!.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { token: string }).token;
  };
  const me = async (token: string) => (await fetch(`${app!.url}/api/admin/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('logs out on the server: the token the console held is refused afterwards', async (t) => {
    if (!app) return t.skip();
    await signInStaffConsole(page, app.url, BOOTSTRAP_ADMIN, { stay: 'dashboard' });
    const token = await page.evaluate(() => localStorage.getItem('roar-staff-token'));
    expect(token).toBeTruthy();
    expect(await me(token!)).toBe(200);
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/admin/auth/logout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /\(admin\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(200);
    await page.getByRole('heading', { name: 'ROAR+ staff sign-in' }).waitFor();
    expect(await me(token!)).toBe(401);
  });

  it("changes one's own password from the account menu: the policy says why it refuses one, and the other sessions end", async (t) => {
    if (!app) return t.skip();
    const elsewhere = await staffToken(BOOTSTRAP_ADMIN);
    await signInStaffConsole(page, app.url, BOOTSTRAP_ADMIN, { stay: 'dashboard' });
    await page.getByRole('button', { name: /\(admin\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    await page.getByLabel('Current password').fill(BOOTSTRAP_ADMIN.password);
    await page.getByLabel(/^New password/).fill('12345678');
    await page.getByLabel('Confirm new password').fill('12345678');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This is a heavily used password. Add a few more words that are not common.').waitFor();
    const shots = process.env.STAFF_SCREENSHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [390, 820, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/staff-password-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.getByLabel(/^New password/).fill('harbour-lantern-47-quill');
    await page.getByLabel('Confirm new password').fill('harbour-lantern-47-quill');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Your other sessions have ended.').waitFor();
    expect(await me(elsewhere)).toBe(401);
    const own = await page.evaluate(() => localStorage.getItem('roar-staff-token'));
    expect(await me(own!)).toBe(200);
    // Put the bootstrap password back for the next test, through the same route.
    const back = await fetch(`${app.url}/api/admin/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own!}` },
      body: JSON.stringify({ current_password: 'harbour-lantern-47-quill', password: BOOTSTRAP_ADMIN.password }),
    });
    expect(back.status).toBe(200);
  });

  it('an admin changes a role or suspends under Staff accounts, and that session ends at once', async (t) => {
    if (!app) return t.skip();
    const patToken = await staffToken(PAT);
    await signInStaffConsole(page, app.url, BOOTSTRAP_ADMIN, { stay: 'dashboard' });
    await page.getByRole('menuitem', { name: 'Staff accounts' }).click();
    const row = page.locator('table tbody tr', { hasText: PAT.email });
    await row.waitFor();

    const shots = process.env.STAFF_SCREENSHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [390, 820, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await row.waitFor();
        await page.screenshot({ path: `${shots}/staff-accounts-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // A role change waits for a second staff user under four-eyes (on in a fresh install); Pat approves it.
    await row.getByRole('button', { name: 'Change role' }).click();
    const roleDialog = page.getByRole('dialog', { name: "Change Pat Desk's role" });
    await roleDialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Auditor (read only)' }).click();
    await roleDialog.getByLabel('Reason').fill('Pat only audits from now on');
    if (shots) await page.screenshot({ path: `${shots}/staff-account-role-1440.png`, fullPage: true });
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Waiting for approval/).waitFor();
    expect(await me(patToken)).toBe(200);
    const waiting = (await (
      await fetch(`${app.url}/api/admin/approvals?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`, {
        headers: { authorization: `Bearer ${patToken}` },
      })
    ).json()) as { id: string }[];
    expect(waiting).toHaveLength(1);
    const approved = await fetch(`${app.url}/api/admin/approvals/${waiting[0]!.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${patToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    await page.reload();
    await page.locator('table tbody tr', { hasText: PAT.email }).getByText('Auditor (read only)').waitFor();
    expect(await me(patToken)).toBe(401);
    const asAuditor = await staffToken(PAT);
    expect(await me(asAuditor)).toBe(200);

    await page.locator('table tbody tr', { hasText: PAT.email }).click();
    await page.getByLabel('Suspended').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/staff-users$/);
    await expect.poll(() => me(asAuditor)).toBe(401);
    const refused = await fetch(`${app.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PAT),
    });
    expect(refused.status).toBe(403);
  });
});
