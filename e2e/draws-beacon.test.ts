import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { QUICKNET, ROUND_123, startFakeDrand, type FakeDrand } from '../services/api/src/draws/test-drand';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember } from './members';
import { drawAction, signInStaffConsole, staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

/**
 * A draw on the public beacon (DRAW_RANDOMNESS=drand), in Chromium on the embedded default, against
 * a local drand serving the real quicknet round 123: staff schedule it in the staff console and see
 * the chain and round it is committed to; once the round is out they draw, see the round's
 * signature and randomness, and Verify draw says VERIFIED.
 */
describe('a giveaway drawn from the drand beacon, in the staff console', () => {
  let drand: FakeDrand;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let prizeId = '';
  let end = new Date();

  beforeAll(async () => {
    drand = await startFakeDrand();
    app = await startApp({ DRAW_RANDOMNESS: 'drand', DRAND_URL: drand.url, DRAND_CHAIN_HASH: QUICKNET.hash, DRAND_TIMEOUT_MS: '3000' });
    browser = await launchBrowser();
    const token = await staffApiToken(app.url);
    await switchOffFourEyesAsSingleAdmin(app.url, token);
    await signUpMember(app.url, { email: 'drand.member@example.com.au', membershipId: 3, firstName: 'Dee' });
    // Near, but after the staff have scheduled it: the draw waits for the round published two
    // seconds after the close.
    end = new Date(Date.now() + 30_000);
    drand.aimRound123At(end);
    const created = await fetch(`${app.url}/api/admin/prizes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Drand putter',
        slug: 'drand-putter',
        prize_end_date: end.toISOString(),
        prize_value: 300,
        status: 'published',
        reason: 'Beacon walk',
      }),
    });
    expect(created.status).toBe(201);
    prizeId = ((await created.json()) as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await drand?.close();
  });

  it('schedules the draw and shows the chain and the round it is committed to', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 1600 }, timezoneId: 'UTC' });
    await signInStaffConsole(page, app.url);
    await page.goto(`${app.url}/admin/prizes/${encodeURIComponent(prizeId)}/show/draw`);
    await drawAction(page, 'Schedule draw', 'Close entries');
    const beacon = page.getByLabel('drand beacon');
    await beacon.getByText(QUICKNET.hash, { exact: true }).waitFor();
    await beacon.getByText('123', { exact: true }).waitFor();
    await beacon.getByText('Not drawn yet', { exact: true }).waitFor();
    await expect.poll(() => beacon.innerText()).toContain(QUICKNET.schemeID);
  });

  it('after the round is out, draws from it and shows its signature; Verify draw says VERIFIED', async () => {
    await drawAction(page, 'Close entries', 'Draw winner');
    const wait = end.getTime() + 3_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await drawAction(page, 'Draw winner', 'Notify winner');
    const beacon = page.getByLabel('drand beacon');
    await beacon.getByText(ROUND_123.signature, { exact: true }).waitFor();
    await page.getByText(ROUND_123.randomness, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Verify draw' }).click();
    await expect.poll(() => page.getByLabel('Verification report').innerText()).toMatch(/^VERIFIED$/m);
    expect(drand.rounds).toBeGreaterThan(0);
  }, 90_000);

  it("issue 24: the public verify page checks drand round 123's BLS signature in the browser and says VERIFIED", async () => {
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`${app.url}/events/drand-putter/verify`);
    const verdict = visitor.getByTestId('verify-verdict');
    await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 30_000 }).toBe('verified');
    expect(await visitor.getByText("drand round 123's BLS signature verifies against the chain's public key.").count()).toBe(1);
    await visitor.close();
  });
});
