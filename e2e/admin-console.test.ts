import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { passSecondStep } from './staff-console';

const STAFF_EMAIL = 'admin@roarplus.test';
const STAFF_PASSWORD = 'staff-password-1';

/**
 * The staff console as a staff member uses it: the built web-admin served by the real process
 * at /admin, on the embedded default (PGlite, in-process projections).
 */
describe('staff console in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp({ STAFF_EMAIL, STAFF_PASSWORD });
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('draws the sign-in page before any script runs (issue 25), and hydrates it as drawn', async () => {
    // Without JavaScript: the form, labelled as ever, under the console's policy and its style nonce.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      for (const path of ['/admin/login', '/admin/login/']) {
        const response = await page.goto(`${app.url}${path}`);
        expect(response?.status()).toBe(200);
        const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
        expect(await page.locator('meta[name="csp-nonce"]').getAttribute('content')).toBe(nonce);
        await page.getByRole('heading', { name: 'ROAR+ staff sign-in' }).waitFor();
        expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
        expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
        // Styled by its stylesheet: the button in the console's blue.
        const button = page.getByRole('button', { name: 'Sign in' });
        expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(21, 101, 192)');
      }
    } finally {
      await bare.close();
    }

    // With JavaScript, the script held back until the form is filled in (a slow phone, a password
    // manager): the page hydrates with what was typed, signs in with it, and logs no hydration error.
    const live = await browser.newContext();
    try {
      const page = await live.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        // The wrong password's 401 is the one error expected.
        if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/admin\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${app.url}/admin/login?next=/admin/memberships`, { waitUntil: 'commit' });
      await page.getByLabel('Email').fill(STAFF_EMAIL);
      await page.getByLabel('Password').fill('not-the-password');
      release();
      // Hydrated: React has taken the form over (its props on the element; a test-only look inside).
      await expect.poll(() => page.evaluate("Object.keys(document.querySelector('form')).some((k) => k.startsWith('__reactProps'))")).toBe(true);
      expect(problems).toEqual([]);
      expect(await page.getByLabel('Password').inputValue()).toBe('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Invalid email or password.').waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(STAFF_EMAIL);
      expect(problems).toEqual([]);
    } finally {
      await live.close();
    }
  });

  it('refuses a wrong password with the API message', async () => {
    await page.goto(`${app.url}/admin/`);
    await page.getByRole('heading', { name: 'ROAR+ staff sign-in' }).waitFor();
    await page.getByLabel('Email').fill(STAFF_EMAIL);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    expect(page.url()).toContain('/admin/login');
  });

  it('signs in to the dashboard and lists the four membership tiers', async () => {
    await page.getByLabel('Email').fill(STAFF_EMAIL);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The admin's first sign-in enrols a second factor (staff-console.ts does what a person does).
    await passSecondStep(page, STAFF_EMAIL);
    await page.getByRole('heading', { name: 'Draw calendar' }).waitFor();
    // On a phone the dashboard fits the screen, charts and all: nothing scrolls sideways.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.recharts-surface').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    // So do the widest lists: their tables scroll inside their own box, the console stays put.
    for (const list of ['events', 'memberships']) {
      await page.goto(`${app.url}/admin/${list}`);
      await page.locator('table tbody tr').first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    }
    if (desktop) await page.setViewportSize(desktop);
    await page.getByRole('menuitem', { name: 'Memberships', exact: true }).click();
    await page.waitForURL(/\/admin\/memberships/);
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    // The status filter starts empty: every tier, archived included, sorted by `sort`.
    await expect.poll(() => rows.count()).toBe(4);
    const tiers = await rows.locator('td.column-tier').allTextContents();
    expect(tiers).toEqual(['Free', 'Single Entry', 'Platinum', 'Platinum Member']);
    await expect.poll(() => rows.nth(2).locator('td.column-price_cents').textContent()).toBe('$29.99');
  });

  it('edits a price with a reason and shows the change and its event', async () => {
    await page.locator('table tbody tr', { hasText: 'Platinum' }).first().click();
    await page.waitForURL(/\/admin\/memberships\/3\/show/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/memberships\/3$/);

    const price = page.getByLabel('Price (AUD)');
    await price.waitFor();
    await expect.poll(() => price.inputValue()).toBe('29.99');
    await price.fill('24.99');
    // Without a reason the form refuses to send anything.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Required').first().waitFor();
    expect(page.url()).toMatch(/\/admin\/memberships\/3$/);

    await page.getByLabel('Reason').fill('Spring promotion');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/memberships\/3\/show/);
    await page.getByText('$24.99').waitFor();

    await page.getByRole('menuitem', { name: 'Event log' }).click();
    await page.waitForURL(/\/admin\/events/);
    const newest = page.locator('table tbody tr').first();
    await newest.waitFor();
    await expect.poll(() => newest.locator('td.column-event_type').textContent()).toBe('MembershipTierRevised');
    await expect.poll(() => newest.locator('td.column-reason').textContent()).toBe('Spring promotion');
    await expect.poll(() => newest.locator('td.column-stream_id').textContent()).toBe('membership-3');

    await newest.click();
    await page.waitForURL(/\/admin\/events\/[0-9a-f-]{36}\/show/);
    const payload = page.locator('pre').first();
    await payload.waitFor();
    expect(JSON.parse((await payload.textContent()) ?? 'null')).toEqual({ membershipId: 3, changes: { price_cents: 2499 } });
    const metadata = JSON.parse((await page.locator('pre').nth(1).textContent()) ?? 'null') as Record<string, unknown>;
    expect(metadata).toMatchObject({ reason: 'Spring promotion', actor: { type: 'staff', role: 'admin' }, schemaVersion: 1 });
  });

  it('filters the event log by stream', async () => {
    await page.goto(`${app.url}/admin/events`);
    await page.getByRole('textbox', { name: 'Stream', exact: true }).fill('membership-1');
    await expect.poll(() => page.locator('table tbody tr td.column-stream_id').allTextContents(), { timeout: 10_000 }).toEqual(['membership-1']);
  });
});
