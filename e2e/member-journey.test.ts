import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BOOTSTRAP_ADMIN, signInStaffConsole } from './staff-console';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { expectLedgerRow, waitForMail } from './members';

/**
 * Issue 3's walk, in Chromium on the embedded default: sign up for a paid plan, pay with a test
 * card, see entries and plan, upgrade, cancel, reset the password through the emailed link, log
 * in again; then staff find all of it in the staff console.
 */
describe('a member from sign-up to password reset, and staff seeing it', () => {
  let app: RunningApp;
  let browser: Browser;
  const email = 'journey@example.com.au';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function payWithTestCard(page: Page, number = '4242 4242 4242 4242') {
    await page.waitForURL(/\/pay\/checkout\//);
    await page.locator('#number').fill(number);
    await page.locator('#expiry').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Jane Citizen');
    await page.getByRole('button', { name: /pay/i }).click();
  }

  it('signs up for a single entry, is declined once, pays, then sees the plan and entries', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/sign-up?membership=2`);
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Citizen');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-password-1');
    await page.getByLabel('State or territory').selectOption('NSW');
    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await payWithTestCard(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await payWithTestCard(page);
    await page.waitForURL(/\/dashboard/);
    await page.getByText('Single Entry', { exact: false }).first().waitFor();
    await expectLedgerRow(page, app.url, { shows: 'Tickets 1-10' });
    await page.close();
  });

  it('upgrades to Platinum with a test card and sees the stacked entries', async () => {
    const page = await signIn('first-password-1');
    await page.goto(`${app.url}/membership`);
    await page
      .getByRole('button', { name: /upgrade/i })
      .first()
      .click();
    await payWithTestCard(page);
    await page.waitForURL(/\/dashboard/);
    await page
      .getByText(/Platinum/)
      .first()
      .waitFor();
    await expectLedgerRow(page, app.url, { shows: 'Tickets 11-60' });
    await page.close();
  });

  it('cancels and is told until when the benefits last', async () => {
    const page = await signIn('first-password-1');
    await page.goto(`${app.url}/dashboard/settings/membership-plan`);
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my membership' }).click();
    await page
      .getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)
      .first()
      .waitFor();
    await page.close();
  });

  it('resets the password through the emailed link and logs in with the new one', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const reset = await waitForMail(app.dataDir, (m) => m.to.includes(email) && /password/i.test(m.subject), 'password reset email');
    const link = reset.text.match(/https?:\/\/\S+\/change-password\?token=[\w-]+/)?.[0];
    expect(link, 'reset email with a link').toBeTruthy();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, app.url));
    await page.getByLabel('New password').fill('second-password-2');
    await page.getByLabel('Confirm password').fill('second-password-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL(/\/login/);
    await page.close();
    const again = await signIn('second-password-2');
    await again.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await again.close();
  });

  it('staff see the member, plan, entries and payments in the staff console', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The password, then the admin's second factor (enrolled at this first sign-in), as staff do it.
    await signInStaffConsole(page, app.url, BOOTSTRAP_ADMIN, { stay: 'dashboard' });
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await page.getByText(email).first().click();
    await page.waitForURL(/\/admin\/members\/[^/]+\/show/);
    await page.getByText(email).first().waitFor();
    // The member page opens on Profile; the plan, ledger and payments are tabs, as staff use them.
    await page.getByRole('tab', { name: 'Plan' }).click();
    await page.getByText('Platinum', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Entries' }).click();
    await page.locator('td', { hasText: 'single-entry' }).first().waitFor();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByText('visa •••• 4242').first().waitFor();
    await page.close();
  });

  async function signIn(password: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return page;
  }
});
