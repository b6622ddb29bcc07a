import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, waitForMail, type SignedUp } from './members';
import { signInStaffConsole } from './staff-console';

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
  pat = await signUpMember(app.url, { email: 'pat.platinum@example.com.au', password: 'maple-circuit-64-harbor', membershipId: 3, firstName: 'Pat' });
  fran = await signUpMember(app.url, { email: 'fran.free@example.com.au', password: 'silver-thistle-27-canyon', membershipId: 1, firstName: 'Fran' });
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
  fetch(`${app.url}/api/shop/update-cart`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.access_token}` },
    body: JSON.stringify(body),
  });

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
    // Orders (from the account menu) are the member's own record: answered, and empty says so.
    const orderAnswers: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/shop/orders') orderAnswers.push(r.status());
    });
    await page.goto(`${app.url}/dashboard/orders`);
    await page.getByTestId('empty-state').getByText('No orders yet', { exact: true }).waitFor();
    expect(orderAnswers).toEqual([200]);
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

describe('issue 20: the launch pages and the support desk', () => {
  it('defect 21: how-it-works shows the four steps with their images, benefits its tiles, the support centre finds answers by topic and search', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${app.url}/how-it-works`);
    const steps = page.getByRole('region', { name: 'The four steps' }).getByRole('listitem');
    await expect.poll(() => steps.count()).toBe(4);
    for (const title of ['Choose your membership', 'Unlock discounts', 'Win prizes', 'Receive your official handicap'])
      await page.getByRole('heading', { name: title }).waitFor();
    await expect
      .poll(() => page.locator('.walk__image').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length))
      .toBe(4);

    await page.goto(`${app.url}/benefits`);
    await expect.poll(() => page.getByTestId('benefit-tile').count()).toBe(6);
    await page.getByText('Members get discounts of 5% to 30% on golf gear, groceries and fuel.').waitFor();
    await page.getByText('Cashback on one round of golf a month (up to $20 on green fees).').waitFor();
    await expect
      .poll(() => page.locator('.tile__image').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length))
      .toBe(6);

    await page.goto(`${app.url}/support-center`);
    await page.getByRole('button', { name: /Cashback and rewards/ }).click();
    await page.getByRole('button', { name: 'How does the green-fee cashback work?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Do my entries stack?' }).count()).toBe(0);
    await page.getByRole('button', { name: /Cashback and rewards/ }).click();
    await page.getByLabel('Search the answers').fill('cancel');
    await page.getByRole('button', { name: 'Can I cancel any time?' }).waitFor();
    await expect.poll(() => page.locator('.accordion').count()).toBe(1);
    await page.getByLabel('Search the answers').fill('zebra crossing');
    await page.getByText('No answer matches yet').waitFor();
    await page.close();
  });

  it('defect 21: the contact form reaches staff as a support request tied to the member; staff answer by email from the console', async () => {
    const { context, page } = await signIn(pat);
    await page.goto(`${app.url}/contact-us`);
    // The page is drawn by the server for any visitor; the member's address is filled in once the app
    // has taken the page over, which it does after the first frame (start-after-paint.js), not by `load`.
    await expect.poll(() => page.getByLabel('Email').inputValue(), { timeout: 15_000 }).toBe(pat.email);
    await page.getByLabel('Topic').selectOption('shop');
    await page.getByLabel('Message').fill('Where is my order? It has been a week since I paid.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: /your message is with our team/ }).waitFor();
    await context.close();

    const staff = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInStaffConsole(staff, app.url);
    await staff.getByRole('menuitem', { name: 'Support requests' }).click();
    await staff.getByRole('cell', { name: /Where is my order\?/ }).click();
    await staff.getByText('Pat Citizen').first().waitFor();
    await staff.getByLabel(`Answer by email to ${pat.email}`).fill('It left our warehouse today: the tracking number is on your order page.');
    await staff.getByRole('button', { name: 'Send answer' }).click();
    await staff.getByTestId('support-reply').waitFor();
    const mail = await waitForMail(
      app.dataDir,
      (m) => m.to.includes(pat.email) && m.subject === 'Re: your message to ROAR+ support',
      'support reply',
    );
    expect(mail.text).toContain('It left our warehouse today');
    expect(mail.text).toContain('> Where is my order? It has been a week since I paid.');
    await staff.getByRole('button', { name: 'Close request' }).click();
    await staff.getByRole('button', { name: 'Reopen' }).waitFor();
    await staff.close();
  });

  it('defect 11: staff Change plan for a Platinum member says why there is no plan to move to', async () => {
    const staff = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInStaffConsole(staff, app.url);
    await staff.goto(`${app.url}/admin/members/${String(pat.user.id)}/show`);
    await staff.getByRole('tab', { name: 'Support' }).click();
    await staff.getByRole('button', { name: 'Change plan' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog
      .getByTestId('no-plan-moves')
      .getByText(/Platinum is the top plan: there is no plan to move up to/)
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Start checkout' }).count()).toBe(0);
    await staff.close();
  });

  it('looks right at 390, 820 and 1440 px (DEFECTS_SCREENSHOTS=<dir> saves them)', async () => {
    const dir = process.env.DEFECTS_SCREENSHOTS;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const width of [390, 820, 1440]) {
      const { context, page } = await signIn(pat, width);
      for (const [name, path] of [
        ['how-it-works', '/how-it-works'],
        ['benefits', '/benefits'],
        ['support-center', '/support-center'],
        ['contact-us', '/contact-us'],
        ['cart-empty', '/pro-shop/cart'],
        ['checkout-empty', '/pro-shop/checkout'],
        ['cashback', '/dashboard/clubhouse/cashback'],
        ['scorecard-gate', '/dashboard/clubhouse/scorecards/submit/new'],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
      }
      await context.close();
      const staff = await browser.newPage({ viewport: { width, height: 900 } });
      await signInStaffConsole(staff, app.url, undefined, { stay: 'dashboard' });
      await staff.goto(`${app.url}/admin/support-requests?filter=${encodeURIComponent(JSON.stringify({ status: ['open', 'answered', 'closed'] }))}`);
      await staff.getByRole('cell', { name: /Where is my order/ }).waitFor();
      await staff.screenshot({ path: `${dir}/admin-support-list-${width}.png`, fullPage: true });
      await staff.getByRole('cell', { name: /Where is my order/ }).click();
      await staff.getByTestId('support-reply').waitFor();
      await staff.screenshot({ path: `${dir}/admin-support-show-${width}.png`, fullPage: true });
      await staff.close();
    }
  });
});
