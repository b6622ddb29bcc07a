import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { listSentMail } from '@roar/workers';
import { launchBrowser, startApp, type RunningApp, shotsDir } from './harness';

const SHOTS = shotsDir('mydata');
const WIDTHS = [390, 820, 1440] as const;

/** Issue 23: consent to the new-draw email at sign-up, and a large data file emailed as a link (threshold 0: every file is large). */
describe('my data: the emailed link', () => {
  let app: RunningApp;
  let browser: Browser;
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-e2e-mydata-'));
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp({ DATA_DIR: dataDir, MY_DATA_JOB_THRESHOLD_BYTES: '0' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs up with the new-draw box ticked, asks for their data, is told a link is coming, and the emailed link downloads the zip', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/sign-up?membership=1`);
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Data');
    await page.getByLabel('Email', { exact: true }).fill('dana.data@example.com.au');
    await page.getByLabel('Password').fill('Fairway-Birdie-2026!');
    await page.getByLabel('Tell me when a new draw opens').check();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/sign-up-${width}.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/dashboard/);

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${app.url}/dashboard/settings`);
    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByText('We are preparing your file and will email you a link.').waitFor({ timeout: 20_000 });
    // Below the desktop width this URL shows the settings list, not the profile (a known defect, reported).
    await page.screenshot({ path: `${SHOTS}/profile-emailed-1440.png`, fullPage: true });

    const subject = 'Your ROAR+ data is ready to download';
    await expect
      .poll(async () => (await listSentMail(dataDir)).filter((m) => m.to.includes('dana.data@example.com.au') && m.subject === subject).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const mail = (await listSentMail(dataDir)).find((m) => m.subject === subject)!;
    const link = /https?:\/\/\S+\/api\/my-data\/download\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const answer = await fetch(link!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    await page.close();
  });
});
