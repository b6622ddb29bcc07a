import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp, shotsDir } from './harness';

const SHOTS = shotsDir('residence');
const WIDTHS = [390, 820, 1440] as const;

/** Issue 22, who may enter: an under-18 paid sign-up is refused; an adult signs up with state and dob; a member without them answers the dashboard prompt. */
describe('residence: state and date of birth', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('refuses an under-18 sign-up for a paid plan with the sentence, then an adult signs up', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/sign-up?membership=3`);
    await page.getByLabel('First name').fill('Young');
    await page.getByLabel('Last name').fill('Golfer');
    await page.getByLabel('Email').fill('young@example.com.au');
    await page.getByLabel('Password').fill('Fairway-Birdie-2026!');
    await page.getByLabel('State or territory').selectOption('VIC');
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 15);
    await page.getByLabel('Date of birth').fill(minor.toISOString().slice(0, 10));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/sign-up-${width}.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('You must be 18 or over to enter.').count()).toBe(1);
    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/pay\/checkout\//);
    await page.close();
  });
});
