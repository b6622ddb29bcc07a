import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp, shotsDir } from './harness';
import { signInStaffConsole, staffApiToken } from './staff-console';
import { clubDay } from '@roar/contracts/time';

const SHOTS = shotsDir('records22');
const WIDTHS = [390, 820, 1440] as const;
const DAY = 86_400_000;
/** The club's day (Australia's time zone, as the product counts days), not UTC's: they differ for 10-11 hours of every day. */
const day = (ms: number) => clubDay(new Date(ms));

/**
 * Issue 22, the regulator's records in the staff console: the dashboard's compliance calendar lists
 * a permit expiring and a draw open in SA that needs a licence (with its lead time), each linking to
 * its page; the prize's Records tab takes a regulator export (a zip download) and then lists it.
 * Screenshots at 390, 820 and 1440 px go to /work/notes/shots/records22.
 */
describe("the regulator's records in the staff console", () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';
  let draftId = '';

  const api = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const r = await fetch(`${app.url}/api/admin${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { id: string };
  };

  async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await ready().catch(async (error: unknown) => {
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-failed.png`, fullPage: true });
        throw error;
      });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
    token = await staffApiToken(app.url);
    const now = Date.now();
    await api('POST', '/permits', {
      jurisdiction: 'ACT',
      number: 'ACT-2026-0077',
      holder: 'ROAR+ Pty Ltd',
      valid_from: day(now - 300 * DAY),
      valid_to: day(now + 20 * DAY),
      conditions: '',
      document: null,
      reason: 'ACT permit',
    });
    const draft = await api('POST', '/prizes', {
      title: 'Adelaide boat and trailer',
      slug: 'adelaide-boat',
      prize_type_id: 'normal',
      prize_end_date: new Date(now + 30 * DAY).toISOString(),
      prize_value: 9000,
      open_states: ['SA', 'VIC'],
      status: 'draft',
      reason: 'Autumn draw',
    });
    draftId = draft.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the compliance calendar on the dashboard, each item linking to its page', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInStaffConsole(page, app.url, undefined, { stay: 'dashboard' });
    const card = page.getByTestId('compliance-calendar');
    const permitItem = card.getByRole('link', { name: 'ACT permit ACT-2026-0077 expires' });
    await permitItem.waitFor();
    await card.getByRole('link', { name: 'Adelaide boat and trailer: a SA permit is needed' }).waitFor();
    await card.getByRole('link', { name: 'Adelaide boat and trailer: SA lead time runs out' }).waitFor();
    expect(await card.getByText('in 20 days').count()).toBe(1);
    // By text, not role: on a phone the console's drawer hides the page from the accessibility tree while it slides.
    await shoot(page, 'dashboard-calendar', () => card.locator('a', { hasText: 'ACT permit ACT-2026-0077 expires' }).waitFor());
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 1000 });
      await card.locator('a', { hasText: 'ACT permit ACT-2026-0077 expires' }).waitFor();
      await card.screenshot({ path: `${SHOTS}/calendar-card-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
    await card.locator('a', { hasText: 'Adelaide boat and trailer: a SA permit is needed' }).click();
    await page.waitForURL(new RegExp(`/admin/prizes/${draftId}/show`));
    await page.getByText('Adelaide boat and trailer').first().waitFor();
    await page.close();
  }, 60_000);

  it("takes a regulator export from the prize's Records tab and lists it", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    await signInStaffConsole(page, app.url, undefined, { stay: 'dashboard' });
    await page.goto(`${app.url}/admin/prizes/${draftId}/show/records`);
    await page.getByText('No regulator export taken yet.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Regulator export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^regulator-export-adelaide-boat-\d{4}-\d{2}-\d{2}\.zip$/);
    const exports = page.getByRole('table', { name: 'Regulator exports taken' });
    await exports.waitFor();
    expect(await exports.getByRole('row').count()).toBe(2);
    const logged = page.getByRole('table', { name: 'Draw history' }).getByRole('link', { name: 'RegulatorExportTaken' });
    await logged.waitFor();
    expect(await logged.getAttribute('href')).toMatch(/^\/admin\/events\/.+\/show$/);
    await shoot(page, 'prize-records', () => page.locator('table[aria-label="Regulator exports taken"]').waitFor());
    await page.close();
  }, 60_000);
});
