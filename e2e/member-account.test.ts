import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';

/**
 * Member account screens against the real API process (PGlite, embedded default) in Chromium:
 * login errors, the password reset request, and private routes. Needs `npm run build` first.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${app.url}${path}`);
  return page;
}

describe('member login', () => {
  it("shows the server's first message for a wrong password and stores nothing", async () => {
    const page = await open('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toBe('Invalid user credentials.');
    expect(page.url()).toBe(`${app.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('roar.access_token'))).toBeNull();
    await page.close();
  });
});

describe('forgot password', () => {
  it('answers every address with the same confirmation', async () => {
    const page = await open('/forgot-password', 390);
    await expect.poll(() => page.title()).toBe('ROAR+ | Forgot Password');
    await page.getByLabel('Email').fill('unknown-member@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const status = page.getByRole('status').filter({ hasText: 'reset your password' });
    await status.waitFor();
    await expect.poll(() => status.textContent()).toBe('If an account exists for that email, we have sent a link to reset your password.');
    await page.close();
  });

  it('shows no error on a link without a token until the member submits (issue 14, defect 3), then refuses it', async () => {
    const page = await open('/change-password');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByLabel('New password').fill('a-new-password-1');
    await page.getByLabel('Confirm password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Could not update your password');
    await page.close();
  });
});

describe('private routes', () => {
  it('send a visitor to login, and back to the page asked for', async () => {
    const page = await open('/dashboard/settings/membership-plan');
    await page.waitForURL(/\/login\?redirectTo=%2Fdashboard%2Fsettings%2Fmembership-plan$/);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.close();
  });

  it('end a session whose token expired and cannot be refreshed', async () => {
    const page = await open('/');
    // Home's own calls (the next giveaway reads the stored token) must be done before the stale
    // session is planted: one still in flight would try the refresh and navigate to login itself.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      localStorage.setItem('roar.access_token', 'stale');
      localStorage.setItem('roar.refresh_token', 'not-a-real-refresh-token');
      localStorage.setItem('roar.expires', String(Date.now() - 1000));
      localStorage.setItem(
        'roar.user',
        JSON.stringify({
          id: 'u-1',
          email: 'jane@example.com',
          firstname: 'Jane',
          lastname: 'Citizen',
          status: 'active',
          membership_id: 1,
          membership_end_date: null,
          referral_code: null,
        }),
      );
    });
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(/\/login\?redirectTo=%2Fdashboard$/);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('roar.') && k !== 'roar.service_keys'));
    expect(stored).toEqual([]);
    await page.close();
  });
});
