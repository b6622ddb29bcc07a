import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, waitForMail } from './members';
import { signInStaffConsole } from './staff-console';

/**
 * Issue 11's walk, in Chromium on the embedded default: a platinum member (shop access) browses
 * the ROAR Store, filters, adds two variants of a polo and a digital gift card, applies a coupon,
 * sees GST and totals, pays with 4242 4242 4242 4242, finds the order in /dashboard/orders; staff
 * mark it shipped in the staff console and the member sees the tracking number. A declined card
 * lands on the failed page with the cart intact.
 */
describe('a member shops the pro shop, pays, and follows the order', () => {
  let app: RunningApp;
  let browser: Browser;
  const member = { email: 'sam.shopper@example.com.au', password: 'tangerine-shelf-1' };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    await signUpMember(app.url, { email: member.email, password: member.password, membershipId: 3, firstName: 'Sam' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return { context, page };
  }

  async function addToCart(page: Page, choices: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(choices)) await page.getByLabel(label, { exact: true }).selectOption(value);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
  }

  async function payOnHostedPage(page: Page, card: string): Promise<void> {
    await page.waitForURL(/\/pay\/checkout\//);
    await page.locator('#number').fill(card);
    await page.locator('#expiry').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Sam Citizen');
    await page.getByRole('button', { name: /^Pay / }).click();
  }

  it('browses, filters, adds two variants and a gift card, applies a coupon, pays, and sees the order shipped', async () => {
    const { context, page } = await signedIn();
    await page.getByRole('link', { name: 'ROAR Store' }).first().click();
    await page.waitForURL(/\/pro-shop$/);
    await page.getByRole('link', { name: /The summer range is in/ }).waitFor();

    await page.getByLabel('Category').selectOption('apparel');
    await page.waitForURL(/category=apparel/);
    const grid = page.getByRole('list', { name: 'Products' });
    await grid.getByRole('link', { name: /ROAR\+ Performance Polo/ }).waitFor();
    expect(await grid.getByRole('link', { name: /Stand Bag/ }).count()).toBe(0);
    await page.getByLabel('Search').fill('polo');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=polo/);
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    await grid.getByRole('link', { name: /ROAR\+ Performance Polo/ }).click();
    await page.waitForURL(/\/pro-shop\/product\/roar-performance-polo$/);
    await page.getByText('Price includes GST').waitFor();
    await addToCart(page, { Size: 'M', Colour: 'Navy' });
    await addToCart(page, { Size: 'L', Colour: 'White' });

    await page.goto(`${app.url}/pro-shop/product/roar-gift-card`);
    await page.getByText('Delivered by email as soon as your order is paid.').waitFor();
    await addToCart(page, { Value: '$50' });

    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(/\/pro-shop\/cart$/);
    const lines = page.getByRole('list', { name: 'Cart items' });
    await expect.poll(() => lines.getByRole('listitem').count()).toBe(3);
    await page.getByLabel('Coupon code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const summary = page.getByLabel('Order summary');
    // 7995 + 7995 merchandise and a $50 gift card; 10% of the merchandise; standard delivery $9.95.
    await summary.getByText('Coupon WELCOME10').waitFor();
    await expect.poll(() => summary.innerText()).toContain('-$15.99');
    const text = await summary.innerText();
    expect(text).toMatch(/Subtotal\s+\$209\.90/);
    expect(text).toMatch(/Shipping\s+\$9\.95/);
    expect(text).toMatch(/Total\s+\$203\.86/);
    // GST is 1/11 of the taxable part (merchandise after the coupon, plus delivery): 15,386 / 11 = 1,398.7 -> $13.99.
    expect(text).toMatch(/Includes GST of\s+\$13\.99/);

    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/pro-shop\/checkout$/);
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('First name').fill('Sam');
    await shipping.getByLabel('Last name').fill('Citizen');
    await shipping.getByLabel('Street address').fill('1 Fairway Drive');
    await shipping.getByLabel('Suburb').fill('Carlton');
    await shipping.getByLabel('State or territory').selectOption('VIC');
    await shipping.getByLabel('Postcode').fill('2000');
    await page.getByRole('button', { name: 'Pay $203.86' }).click();
    // The server checks the postcode against the state; its answer shows beside the field.
    await shipping.getByText('Enter the 4-digit postcode of this state').waitFor();
    await shipping.getByLabel('Postcode').fill('3053');
    await page.getByRole('button', { name: 'Pay $203.86' }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/pro-shop\/checkout\/success\?order=/);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await page.getByText(/^Order R-[0-9A-F]{8} is paid: \$203\.86\.$/).waitFor({ timeout: 20_000 });

    await page.goto(`${app.url}/dashboard/orders`);
    const orders = page.getByRole('list', { name: 'Your orders' });
    await orders.getByText('Paid').waitFor({ timeout: 20_000 });
    await orders.getByText('$203.86').waitFor();
    const invoice = await waitForMail(app.dataDir, (m) => m.to.includes(member.email) && m.subject.startsWith('Tax invoice'), 'tax invoice');
    expect(invoice.text).toContain('Total price includes GST.');

    // Staff mark it shipped in the staff console.
    const staff = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const admin = await staff.newPage();
    await signInStaffConsole(admin, app.url);
    await admin.getByRole('menuitem', { name: 'Shop orders' }).click();
    await admin.getByText(member.email).first().click();
    await admin.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Carrier').fill('Australia Post');
    await dialog.getByLabel('Tracking number').fill('AP123456789AU');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await admin.getByText('AP123456789AU').first().waitFor();
    await admin.getByText('OrderShipped').waitFor();
    await staff.close();

    await orders.getByText('Paid').waitFor();
    await page.reload();
    await orders.getByRole('link').first().click();
    await page.getByText('Shipped with Australia Post. Tracking number:').waitFor();
    await page.getByText('AP123456789AU').waitFor();
    await context.close();
  });

  it('a declined card lands on the failed page and keeps the cart', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${app.url}/pro-shop/product/roar-tour-cap`);
    await addToCart(page, { Colour: 'Black' });
    await page.goto(`${app.url}/pro-shop/checkout`);
    // The shipping address of the last save is kept on the cart.
    await expect.poll(() => page.getByRole('group', { name: 'Shipping address' }).getByLabel('Postcode').inputValue()).toBe('3053');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await payOnHostedPage(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL(/\/pro-shop\/checkout\/failed\?order=/);
    await page.getByRole('heading', { name: 'Payment did not go through' }).waitFor();
    await page.getByText('Your cart still holds 1 item(s).').waitFor();
    await page.getByRole('link', { name: 'Back to cart' }).click();
    await page.getByRole('list', { name: 'Cart items' }).getByText('ROAR+ Tour Cap').waitFor();
    await context.close();
  });
});
