import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, type SignedUp } from './members';

/**
 * Issue 20: the defects a new member meets today, as a browser shows them. A platinum member
 * (shop access, no handicap yet) and a free member. Needs `npm run build` first.
 */
let app: RunningApp;
let browser: Browser;
let pat: SignedUp;
let fran: SignedUp;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  pat = await signUpMember(app.url, { email: 'pat.platinum@example.com.au', password: 'pat-password-1', membershipId: 3, firstName: 'Pat' });
  fran = await signUpMember(app.url, { email: 'fran.free@example.com.au', password: 'fran-password-1', membershipId: 1, firstName: 'Fran' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signIn(who: SignedUp, width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/);
  return { context, page };
}

/** One navy Tour Cap (delivered, not digital) as a cart line. */
async function capLine(who: SignedUp): Promise<{ product: string; sku: string; qty: number; delivery_method: string }> {
  const r = await fetch(`${app.url}/api/shop/products/by-slug/roar-tour-cap`, { headers: { authorization: `Bearer ${who.access_token}` } });
  const cap = ((await r.json()) as { data: { id: string; variants: Array<{ sku: string }> } }).data;
  return { product: cap.id, sku: cap.variants[0]!.sku, qty: 1, delivery_method: 'standard' };
}

const saveCart = (who: SignedUp, body: unknown) =>
  fetch(`${app.url}/api/shop/update-cart`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${who.access_token}` }, body: JSON.stringify(body) });

describe('issue 20: what a new member meets', () => {
  it('defect 13: a signed-in member who opens /login or /sign-up is sent on to the dashboard (or where login was asked to go)', async () => {
    const { context, page } = await signIn(pat);
    await page.goto(`${app.url}/login`);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/sign-up`);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/login?redirectTo=%2Fdashboard%2Forders`);
    await page.waitForURL(/\/dashboard\/orders$/);
    await context.close();
  });

  it('defect 6: a free member on the store pages sees the locked store, and the shop API is never called', async () => {
    const { context, page } = await signIn(fran);
    const shopCalls: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/shop/')) shopCalls.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    for (const path of ['/pro-shop', '/pro-shop/cart', '/pro-shop/checkout', '/pro-shop/product/roar-tour-cap']) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: 'The ROAR Store is locked' }).waitFor();
      await page.getByRole('link', { name: 'Memberships' }).first().waitFor();
    }
    expect(shopCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('defect 3: without an approved handicap the scorecard page says so before the form', async () => {
    const { context, page } = await signIn(pat);
    await page.goto(`${app.url}/dashboard/clubhouse/scorecards/submit/new`);
    const gate = page.getByTestId('scorecard-gate');
    await gate.getByRole('heading', { name: 'Scores need an approved handicap' }).waitFor();
    await gate.getByText('Request a new official handicap, or transfer the one you hold at another club.').waitFor();
    expect(await gate.getByRole('link', { name: 'Request a handicap' }).getAttribute('href')).toBe('/dashboard/clubhouse/request');
    expect(await page.getByLabel('Hole 1', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit scorecard' }).count()).toBe(0);
    await context.close();
  });

  it('defect 5: the empty cart, empty checkout and empty claims list say what is empty and what to do next', async () => {
    const { context, page } = await signIn(pat);
    const cases: Array<[string, string, string, string | null]> = [
      ['/pro-shop/cart', 'Your cart is empty', 'then come back here to check out', 'Browse the ROAR Store'],
      ['/pro-shop/checkout', 'There is nothing to check out', 'Add items in the ROAR Store first', 'Browse the ROAR Store'],
      ['/dashboard/clubhouse/cashback', 'No cashback claims yet', 'Claim up to $20 back on its green fee with the form above', null],
    ];
    for (const [path, title, hint, action] of cases) {
      await page.goto(`${app.url}${path}`);
      const empty = page.getByTestId('empty-state');
      await empty.getByText(title, { exact: true }).waitFor();
      await empty.getByText(hint, { exact: false }).waitFor();
      if (action) expect(await empty.getByRole('link', { name: action }).getAttribute('href')).toBe('/pro-shop');
      expect(await page.getByText('No Results', { exact: true }).count(), path).toBe(0);
    }
    await context.close();
  });

  it('defect 8: the cart flags a delivered item without a shipping address, and still leads to checkout', async () => {
    expect((await saveCart(pat, { items: [await capLine(pat)], shipping_address: null })).status).toBe(200);
    const { context, page } = await signIn(pat);
    await page.goto(`${app.url}/pro-shop/cart`);
    await page.getByTestId('shipping-flag').getByText('Add a shipping address: some items in your cart are delivered.').waitFor();
    const checkout = page.getByRole('button', { name: 'Checkout' });
    expect(await checkout.isEnabled()).toBe(true);
    await checkout.click();
    await page.waitForURL(/\/pro-shop\/checkout$/);
    await page.getByRole('group', { name: 'Shipping address' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay / }).isEnabled()).toBe(true);
    await context.close();
    expect((await saveCart(pat, { items: [] })).status).toBe(200);
  });

  it('defect 4: on a phone the Help button covers no select, product card or text', async () => {
    expect((await saveCart(pat, { items: [await capLine(pat)] })).status).toBe(200);
    const { context, page } = await signIn(pat, 390);
    const help = page.getByRole('button', { name: 'Help' });
    for (const [path, targets] of [
      ['/pro-shop', '.product-card, select, p'],
      ['/pro-shop/cart', 'select, .cart-line, p'],
      ['/dashboard/clubhouse/cashback', 'select, input, p'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.locator(targets).first().waitFor();
      await help.waitFor();
      const elements = await page.locator(targets).all();
      for (const element of elements) {
        if (!(await element.isVisible())) continue;
        // Scrolled so the element sits at the bottom of the screen, where a floating button would be.
        await element.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        const [a, b] = await Promise.all([element.boundingBox(), help.boundingBox()]);
        if (!a || !b) continue;
        const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlaps, `${path}: Help covers ${await element.evaluate((el) => `${el.tagName.toLowerCase()}.${el.className}`)}`).toBe(false);
      }
    }
    // Still there to press: in the footer, with the email and phone.
    await help.click();
    await page.getByRole('dialog', { name: 'Get support' }).getByRole('link', { name: /@/ }).waitFor();
    await context.close();
    expect((await saveCart(pat, { items: [] })).status).toBe(200);
  });
});
