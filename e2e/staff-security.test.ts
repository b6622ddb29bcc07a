import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPgSql } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import { ensureStaffUser } from '../services/api/src/auth/staff';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember } from './members';
import { BOOTSTRAP_ADMIN, keepStaffSession, passSecondStep, signInStaffConsole, staffApiToken } from './staff-console';

const SECOND = { email: 'sam@roarplus.test', password: 'velvet-compass-62-tundra', name: 'Sam Second' } as const;
const WIDTHS = [390, 820, 1440] as const;

/**
 * Staff security in the console (PostgreSQL, so the test can add a second staff user beside the
 * bootstrap admin): the admin's first sign-in leads straight into enrolment with a QR code; the
 * next sign-in takes a code the test computes from the enrolled secret; the admin asks for a draw
 * run; a second staff user approves it under Approvals; the history names both. Screenshots at
 * 390, 820 and 1440 px go to STAFF_SECURITY_SCREENSHOTS when it is set.
 */
describe('staff two-factor and four-eyes approval in the browser (PostgreSQL)', () => {
  let db: TestDatabase | null;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let prizeId = '';
  const shots = process.env.STAFF_SECURITY_SCREENSHOTS;

  async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await ready().catch(async (error: unknown) => {
        await page.screenshot({ path: `${shots}/${name}-${width}-failed.png`, fullPage: true });
        throw error;
      });
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** One request on the Approvals page: a table row, or on a phone its card. */
  const request = (page: Page, summary: string) => page.locator('tr, [data-testid="approval-card"]', { hasText: summary });

  async function passwordStep(page: Page, who: { email: string; password: string }): Promise<void> {
    await page.goto(`${app!.url}/admin/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  beforeAll(async () => {
    db = await createTestDatabase('roar_e2e_staff_security');
    if (!db) return;
    app = await startApp({ DATABASE_URL: db.url });
    const sql = createPgSql({ connectionString: db.url, max: 1 });
    try {
      await ensureStaffUser(sql, { email: SECOND.email, password: SECOND.password, role: 'staff', name: SECOND.name });
    } finally {
      await sql.close();
    }
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });

  it('makes the bootstrap admin enrol at the first sign-in, with the QR code shown, before anything else', async (t) => {
    if (!app || !browser) return t.skip();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await passwordStep(page, BOOTSTRAP_ADMIN);
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    // Nothing else opens before the enrolment: the console's pages send back to the sign-in.
    expect(await page.getByRole('menuitem', { name: 'Prizes' }).count()).toBe(0);
    await passSecondStep(page, BOOTSTRAP_ADMIN.email, () => shoot(page, 'enrol', () => qr.waitFor()));
    await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
    const card = page.getByTestId('staff-security');
    await card.getByTestId('four-eyes-status').getByText('Four-eyes approval is on').waitFor();
    await card.getByText('Two-factor sign-in: 1 of 1 admins enrolled').waitFor();
    await page.close();
  });

  it('signs the admin in with a code computed from the secret, and a draw run waits for approval', async (t) => {
    if (!app || !browser) return t.skip();
    // A member with entries and a prize whose entries are closed (through the API, not under test here).
    await signUpMember(app.url, { email: 'wendy.winner@example.com.au', membershipId: 3, firstName: 'Wendy' });
    const token = await staffApiToken(app.url);
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${app!.url}/api/admin${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(r.status).toBeLessThan(300);
      return (await r.json()) as { id: string };
    };
    const end = new Date(Date.now() + 86_400_000).toISOString();
    prizeId = (
      await post('/prizes', {
        title: 'Four-eyes putter',
        slug: 'four-eyes-putter',
        prize_end_date: end,
        prize_value: 300,
        status: 'published',
        reason: 'Staff security walk',
      })
    ).id;
    await post(`/prizes/${prizeId}/schedule`, {});
    await post(`/prizes/${prizeId}/close`, { reason: 'Closing early for the walk' });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await passwordStep(page, BOOTSTRAP_ADMIN);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await shoot(page, 'verify', () => page.getByLabel('Authentication code').waitFor());
    await passSecondStep(page, BOOTSTRAP_ADMIN.email);
    await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
    // The admin stays signed in: the next walk continues this session (signInStaffConsole).
    await keepStaffSession(page, app.url, BOOTSTRAP_ADMIN.email);

    await page.goto(`${app.url}/admin/prizes/${encodeURIComponent(prizeId)}/show/draw`);
    await page.getByRole('button', { name: 'Draw winner', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Entries closed: time to draw');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Waiting for approval: another staff user approves "Draw the winner of Four-eyes putter" under Approvals.').waitFor();
    // Nothing was drawn: the Draw winner button is still there after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Draw winner', exact: true }).waitFor();

    await page.getByRole('menuitem', { name: 'Approvals' }).click();
    const row = request(page, 'Draw the winner of Four-eyes putter');
    await row.getByText('You asked: another staff user decides').waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await shoot(page, 'approvals-asked', () => row.waitFor());
    await page.close();
  });

  it('a second staff user approves it; the draw runs and the history shows both names', async (t) => {
    if (!app || !browser) return t.skip();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // A staff role signs in with the password alone (the club requires two-factor for admins).
    await passwordStep(page, SECOND);
    await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
    await page.getByTestId('figure-waiting-Approval requests').getByText('1').waitFor();
    await page.getByRole('menuitem', { name: 'Approvals' }).click();
    const row = request(page, 'Draw the winner of Four-eyes putter');
    await row.getByText('Entries closed: time to draw').waitFor();
    await shoot(page, 'approvals-queue', () =>
      request(page, 'Draw the winner of Four-eyes putter').getByText('Waiting for approval', { exact: true }).waitFor(),
    );
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved and carried out', { exact: true }).first().waitFor();

    // The history: the requests carried out, with who asked and who approved.
    await page.getByLabel('Show').click();
    await page.getByRole('option', { name: 'Approved and carried out' }).click();
    const done = request(page, 'Draw the winner of Four-eyes putter');
    await done.getByText('Administrator (admin@roarplus.test)').waitFor();
    await done.getByText(`Approved by ${SECOND.name} (${SECOND.email})`).waitFor();
    await done.getByText('Winner drawn').waitFor();
    await shoot(page, 'approvals-history', () => done.getByText('Winner drawn').waitFor());

    // The draw ran: the prize's draw tab offers what follows a drawn winner.
    await page.goto(`${app.url}/admin/prizes/${encodeURIComponent(prizeId)}/show/draw`);
    await page.getByRole('button', { name: 'Publish result', exact: true }).waitFor();
    await page.close();
  });

  it('shows a single-admin club switching four-eyes off on the dashboard', async (t) => {
    if (!app || !browser) return t.skip();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInStaffConsole(page, app.url, BOOTSTRAP_ADMIN, { stay: 'dashboard' });
    const card = page.getByTestId('staff-security');
    await card.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Staff security settings' });
    await dialog.getByLabel('Four-eyes approval').uncheck();
    await dialog.getByLabel('Reason').fill('Sam is leaving: one admin from now on');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // With Sam still able to approve, switching it off is itself a request.
    await page.getByText('Waiting for approval: another staff user approves "Switch four-eyes approval off" under Approvals.').waitFor();
    await card.getByTestId('four-eyes-status').getByText('Four-eyes approval is on').waitFor();
    const sam = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await passwordStep(sam, SECOND);
    await sam.getByRole('menuitem', { name: 'Approvals' }).click();
    await request(sam, 'Switch four-eyes approval off').getByRole('button', { name: 'Approve' }).click();
    await sam.getByText('Approved and carried out', { exact: true }).first().waitFor();
    await sam.close();
    await page.reload();
    await card.getByTestId('four-eyes-status').getByText('Four-eyes approval is off').waitFor();
    await card
      .getByText(`Switched off by Administrator (admin@roarplus.test), approved by ${SECOND.name} (${SECOND.email})`, { exact: false })
      .waitFor();
    await card.getByText('Sam is leaving: one admin from now on', { exact: false }).waitFor();
    await shoot(page, 'dashboard', () => card.waitFor());

    // Staff users (admins): with four-eyes off, a role change takes effect at once.
    await page.getByRole('menuitem', { name: 'Staff accounts' }).click();
    const samRow = page.locator('tr', { hasText: SECOND.email });
    await samRow.getByText('Staff', { exact: true }).waitFor();
    await shoot(page, 'staff-users', () => samRow.waitFor());
    await samRow.getByRole('button', { name: 'Change role' }).click();
    const roleDialog = page.getByRole('dialog', { name: `Change ${SECOND.name}'s role` });
    await roleDialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Auditor (read only)' }).click();
    await roleDialog.getByLabel('Reason').fill('Sam only audits from now on');
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Role changed').waitFor();
    await samRow.getByText('Auditor (read only)', { exact: true }).waitFor();
    await page.close();
  });
});
