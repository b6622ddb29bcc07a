import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, type SignedUp } from './members';
import { staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

const PLATINUM = 3;
const WIDTHS = [390, 820, 1440];

/**
 * Issue 24 in Chromium: a draw closed (its entry list committed as a Merkle tree) and drawn; the
 * public /events/{slug}/verify page recomputes it in the browser and says VERIFIED; the member's
 * "Check my entries" on /dashboard/my-draws checks their inclusion proofs and says Verified.
 * Screenshots at 390, 820 and 1440 px go to SCREENSHOTS_DIR when it is set.
 */
describe('a draw anyone can verify, and entries a member can check', () => {
  let app: RunningApp;
  let browser: Browser;
  let member: SignedUp;
  const slug = `proof-week-${Date.now().toString(36)}`;
  const shots = process.env.SCREENSHOTS_DIR;

  beforeAll(async () => {
    app = await startApp({ TRANSPARENCY_HEAD_INTERVAL_MS: '300' });
    await switchOffFourEyesAsSingleAdmin(app.url);
    browser = await launchBrowser();
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const staff = async (token: string, path: string, body: unknown) => {
    const r = await fetch(`${app.url}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(r.status, `${path}: ${await r.clone().text()}`).toBeLessThan(300);
    return (await r.json()) as Record<string, unknown>;
  };

  it('closes and draws a giveaway while its verify page watches: the page turns VERIFIED by itself; the close records the entry root and the tree head it saw', async () => {
    member = await signUpMember(app.url, { email: 'verify-draw@example.com.au', membershipId: PLATINUM, firstName: 'Vera' });
    // The sealer signs its first tree head within moments: the close commits to it.
    await expect
      .poll(async () => ((await (await fetch(`${app.url}/api/transparency/tree-heads?limit=1`)).json()) as { data: unknown[] }).data.length, {
        timeout: 30_000,
      })
      .toBe(1);
    const token = await staffApiToken(app.url);
    const created = await staff(token, '/prizes', {
      title: 'Proof week for two',
      slug,
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 500,
      status: 'published',
      reason: 'Issue 24 walk',
    });
    await staff(token, `/prizes/${String(created.id)}/schedule`, {});
    // Live: the verify page, open before the close, follows the draw by itself (server-sent events).
    const watcher = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await watcher.goto(`${app.url}/events/${slug}/verify`);
    const verdict = watcher.getByTestId('verify-verdict');
    await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 20_000 }).toBe('waiting');
    expect(await watcher.getByTestId('verify-root').textContent()).toBe('-');
    for (const action of ['close', 'draw']) await staff(token, `/prizes/${String(created.id)}/${action}`, {});
    await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 20_000 }).toBe('verified');
    expect(await watcher.getByTestId('verify-root').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await watcher.close();
    const verify = (await (await fetch(`${app.url}/api/draws/${slug}/verify`)).json()) as {
      data: { closed: { entry_root: string | null; entry_count: number; tree_head: { size: number } | null }; winners: unknown[] };
    };
    expect(verify.data.closed.entry_root).toMatch(/^[0-9a-f]{64}$/);
    expect(verify.data.closed.entry_count).toBeGreaterThanOrEqual(1);
    expect(verify.data.closed.tree_head?.size).toBeGreaterThan(0);
    expect(verify.data.winners).toHaveLength(1);
  });

  it('the public verify page recomputes the draw in the browser and says VERIFIED', async () => {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.url}/events/${slug}/verify`);
      const verdict = page.getByTestId('verify-verdict');
      await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 20_000 }).toBe('verified');
      expect(await verdict.textContent()).toBe('VERIFIED');
      expect(await page.locator('.verify-draw__fail').count()).toBe(0);
      expect(await page.getByText(/recomputes\.$/).count()).toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: `${shots}/verify-${width}.png`, fullPage: true });
      await context.close();
    }
  });

  it("the member's Check my entries verifies their entries in the committed list", async () => {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.url}/login`);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/dashboard/);
      await page.goto(`${app.url}/dashboard/my-draws`);
      const card = page.getByTestId('my-draw').filter({ hasText: 'Proof week for two' });
      await card.getByRole('button', { name: 'Check my entries' }).click();
      const result = card.getByTestId('entry-check');
      await expect
        .poll(() => result.textContent(), { timeout: 20_000 })
        .toMatch(/^Verified: your \d+ (entries are|entry is) in the committed list of \d+\.$/);
      if (shots) {
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/check-entries-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  });
});
