import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signInStaffConsole } from './staff-console';

/**
 * Issue 20, defects 12, 18 and 19 in Chromium: testimonials and the home blocks have a Preview of
 * the unsaved form, Restore puts the restored home-block copy back in the form, the dashboard of a
 * default install says what to set before selling, and the product list shows the brand, category
 * and stock in the words staff read elsewhere rather than raw ids.
 */
describe('staff console: content previews, restore, before-you-sell checklist, product list', () => {
  let app: RunningApp;
  let browser: Browser;
  let staff: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    staff = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signInStaffConsole(staff, app.url, undefined, { stay: 'dashboard' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('previews a testimonial as members will read it, before it is saved', async () => {
    await staff.goto(`${app.url}/admin/content-testimonials`);
    await staff.getByText('A set of irons in my second month of stacked entries.').click();
    const quote = staff.getByLabel('Quote');
    await expect.poll(() => quote.inputValue(), { timeout: 10_000 }).toBe('A set of irons in my second month of stacked entries.');
    await quote.fill('Two new drivers from the monthly draws.');
    await staff.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = staff.getByRole('region', { name: 'Preview' });
    await preview.getByText('“Two new drivers from the monthly draws.”').waitFor();
    await preview.getByText('Illustrative member, Geelong').waitFor();
  });

  it('previews the home blocks, and after Restore the form shows the restored copy', async () => {
    await staff.goto(`${app.url}/admin/content-home-blocks`);
    await staff.getByText(/Choose your membership/).click();
    const firstTitle = staff.getByLabel(/^Title/).first();
    await expect.poll(() => firstTitle.inputValue(), { timeout: 10_000 }).toBe('Choose your membership');
    await firstTitle.fill('Pick your plan');
    await staff.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = staff.getByRole('region', { name: 'Preview' });
    await preview.getByText('Pick your plan', { exact: true }).waitFor();
    await preview.getByText('Unlock discounts', { exact: true }).waitFor();

    await staff.getByLabel('Reason').fill('e2e: shorter first step');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('e2e: back to the launch copy');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await staff.getByRole('button', { name: 'Restore version 2' }).waitFor();
    await expect.poll(() => firstTitle.inputValue()).toBe('Choose your membership');
    await preview.getByText('Choose your membership', { exact: true }).waitFor();
  });

  it('lists products with their brand and category names and the stock in words', async () => {
    await staff.goto(`${app.url}/admin/shop-products`);
    const row = staff.getByRole('row', { name: /Fairway Basics Cart Bag/ });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Fairway Basics');
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(/Bags/);
    expect(text).toMatch(/In stock|Low stock|Out of stock/);
    expect(text).not.toMatch(/fairway-basics|in_stock|low_stock|out_of_stock|\bbags\b|physical/);
  });

  it('on a default install the dashboard opens with the before-you-sell checklist; each item links to how', async () => {
    await staff.goto(`${app.url}/admin`);
    const checklist = staff.getByRole('region', { name: 'Before you sell' });
    await checklist.getByText('5 settings are still in test mode. Set them before the club takes real money.').waitFor();
    const abn = checklist.getByTestId('launch-check-abn');
    await abn.getByText('Your ABN is on every tax invoice (BUSINESS_ABN)').waitFor();
    await abn.getByText('To do').waitFor();
    for (const id of ['public-address', 'payment-keys', 'mail-transport'])
      await checklist.getByTestId(`launch-check-${id}`).getByRole('link', { name: 'How to set it' }).waitFor();
    // Staff two-factor: the admin enrolled at sign-in, but the club does not yet require it of every staff user.
    const twoFactor = checklist.getByTestId('launch-check-staff-two-factor');
    await twoFactor.getByText('To do').waitFor();
    await twoFactor.getByRole('link', { name: 'How to set it' }).waitFor();

    await abn.getByRole('link', { name: 'How to set it' }).click();
    await staff.waitForURL(/\/admin\/before-you-sell#abn$/);
    const section = staff.getByRole('region', { name: 'ABN' });
    await section.getByText(/Set BUSINESS_ABN to the club's 11-digit ABN/).waitFor();
    await expect.poll(() => section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
  });
});
