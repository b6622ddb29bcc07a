import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPgSql } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import { ERASURE_KEPT, WRONG_PASSWORD_TO_DELETE } from '@roar/contracts/erasure';
import { ensureStaffUser } from '../services/api/src/auth/staff';
import { launchBrowser, shotsDir, startApp, type RunningApp } from './harness';
import { signUpMember, waitForMail } from './members';
import { passSecondStep } from './staff-console';

const SECOND = { email: 'sam@roarplus.test', password: 'velvet-compass-62-tundra', name: 'Sam Second' } as const;
const ADMIN = { email: 'admin@roarplus.test', password: 'staff-password-1' } as const;
const WIDTHS = [390, 820, 1440] as const;
const DELETED_SUBJECT = 'Your ROAR+ account has been deleted';

/**
 * Deleting an account in the browser (issue 24, PostgreSQL so a second staff user can approve): a
 * member reads what is deleted and kept under Password & Security, confirms with their password and
 * lands signed out on the page saying it is done; an admin erases another member on their written
 * request, a second staff user approves it, and the member's page then reads "Erased member".
 * Screenshots at 390, 820 and 1440 px go to SCREENSHOTS_DIR/account-erasure.
 */
describe('deleting an account in the browser (PostgreSQL)', () => {
  let db: TestDatabase | null;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const shots = shotsDir('account-erasure');

  async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
    mkdirSync(shots, { recursive: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  async function staffSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
    await page.goto(`${app!.url}/admin/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await passSecondStep(page, who.email);
    await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
  }

  beforeAll(async () => {
    db = await createTestDatabase('roar_e2e_account_erasure');
    if (!db) return;
    app = await startApp({ DATABASE_URL: db.url });
    const sql = createPgSql({ connectionString: db.url, max: 1 });
    try {
      await ensureStaffUser(sql, { email: SECOND.email, password: SECOND.password, role: 'staff', name: SECOND.name });
    } finally {
      await sql.close();
    }
    // Sign-ups need the catalogue's plans: wait until the seeded catalogue is projected.
    await vi.waitFor(
      async () => {
        const plans = (await (await fetch(`${app!.url}/items/membership?filter[status][_eq]=published`)).json()) as { data: { id: number }[] };
        if (!plans.data.some((p) => p.id === 3)) throw new Error('the catalogue is not projected yet');
      },
      { timeout: 60_000, interval: 200 },
    );
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it('a member reads what is deleted and kept, confirms with their password, and is signed out on the done page', async (t) => {
    if (!app || !browser) return t.skip();
    const member = await signUpMember(app.url, { email: 'leaving@example.test', membershipId: 3, firstName: 'Lee' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${app.url}/dashboard/settings/password-and-security`);
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.waitFor();
    // What is kept and why shows before anything is asked.
    for (const kept of ERASURE_KEPT) await section.getByText(kept.why).waitFor();
    await shoot(page, 'member-delete-section', () => section.getByRole('button', { name: 'Delete my account' }).waitFor());

    await section.getByLabel('Your password, to confirm').fill('not-my-password-9');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toBe(WRONG_PASSWORD_TO_DELETE);
    expect(page.url()).toContain('/dashboard/settings/password-and-security');

    await section.getByLabel('Your password, to confirm').fill(member.password);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/account-deleted$/);
    const done = page.getByRole('heading', { name: 'Your account has been deleted' });
    await done.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('roar.access_token'))).toBeNull();
    await shoot(page, 'member-account-deleted', () => done.waitFor());

    const mail = await waitForMail(app.dataDir, (m) => m.subject === DELETED_SUBJECT && m.to.includes(member.email), 'the account-deleted email');
    expect(mail.text).toContain('Hi Lee,');
    // Signing in again is refused as for an unknown account.
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid user credentials.');
    await page.close();
  }, 180_000);

  it('an admin erases a member on their written request; a second staff user approves; the page reads "Erased member"', async (t) => {
    if (!app || !browser) return t.skip();
    const member = await signUpMember(app.url, { email: 'wrote-in@example.test', membershipId: 3, firstName: 'Wren' });
    const memberId = String(member.user.id);
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await staffSignIn(admin, ADMIN);
    await admin.goto(`${app.url}/admin/members/${memberId}/show/support`);
    const dialog = admin.getByRole('dialog', { name: "Erase personal data (member's written request)" });
    // The console lays itself out again at each width: the dialog is opened at each one for its screenshot.
    mkdirSync(shots, { recursive: true });
    for (const width of WIDTHS) {
      // Each width opens the page afresh: the console's layout switching under a resized page (its sidebar becomes a
      // modal drawer below 600 px) could leave the page hidden from the accessibility tree on a loaded machine.
      await admin.setViewportSize({ width, height: 900 });
      await admin.goto(`${app.url}/admin/members/${memberId}/show/support`);
      await admin
        .getByRole('button', { name: "Erase personal data (member's written request)" })
        // The member's page loads its tabs' data first: under load that takes longer than an idle machine's few seconds.
        .click({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          await admin.screenshot({ path: `${shots}/staff-erase-dialog-${width}-failed.png`, fullPage: true });
          throw error;
        });
      for (const kept of ERASURE_KEPT) await dialog.getByText(kept.why, { exact: false }).waitFor();
      await dialog.getByLabel('Written request: reference and reason').fill('Letter of 20 Nov, ref WR-7');
      await admin.screenshot({ path: `${shots}/staff-erase-dialog-${width}.png`, fullPage: true });
      if (width !== 1440) {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    await dialog.getByRole('button', { name: 'Erase personal data', exact: true }).click();
    await admin.getByText('Erasure requested: another staff user must approve it (Approvals).').waitFor();

    const second = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await staffSignIn(second, SECOND);
    await second.getByRole('menuitem', { name: 'Approvals' }).click();
    const row = second.locator('tr, [data-testid="approval-card"]', { hasText: `Erase the personal data of member ${memberId}` });
    await row.getByRole('button', { name: 'Approve' }).click();
    await second.getByText('Approved and carried out', { exact: true }).first().waitFor();

    await waitForMail(app.dataDir, (m) => m.subject === DELETED_SUBJECT && m.to.includes(member.email), 'the account-deleted email');
    await admin.goto(`${app.url}/admin/members/${memberId}/show`);
    const erased = admin.getByTestId('member-erased');
    await shoot(admin, 'staff-erased-member', () => erased.waitFor());
    // No personal field on the page, its title included.
    await admin.getByText(`Erased member (${memberId})`).first().waitFor();
    expect(await admin.getByText(member.email).count()).toBe(0);
    await admin.close();
    await second.close();
  }, 240_000);
});
