import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, waitForMail } from './members';
import { signInStaffConsole } from './staff-console';

/**
 * Issue 12's clubhouse walk, in Chromium on the embedded default: a member requests a handicap,
 * staff approve it with a Golf Link number, the member submits three scorecards that another member
 * attests and sees the index the rules give (15.3), then a fourth, exceptional round with its
 * reduction explained and the history chart; a transfer is rejected with a reason and resubmitted.
 * With CLUBHOUSE_SCREENSHOTS=<dir> it also saves the pages at 390, 820 and 1440 px.
 */
describe('the clubhouse: handicap request, scorecards, WHS index, transfer', () => {
  let app: RunningApp;
  let browser: Browser;
  const ana = { email: 'ana.golfer@example.com.au', password: 'willow-canyon-1' };
  const bo = { email: 'bo.marker@example.com.au', password: 'bo-password-1' };
  const tom = { email: 'tom.transfer@example.com.au', password: 'pebble-harvest-1' };
  // Moore Park, blue tee (sample data): CR 70.0, slope 124, par 71.
  const pars = [4, 3, 4, 5, 4, 4, 3, 4, 4, 4, 4, 3, 5, 4, 3, 4, 4, 5];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    await signUpMember(app.url, { ...ana, membershipId: 3, firstName: 'Ana' });
    await signUpMember(app.url, { ...bo, membershipId: 3, firstName: 'Bo' });
    await signUpMember(app.url, { ...tom, membershipId: 3, firstName: 'Tom' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signIn(who: { email: string; password: string }, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return { context, page };
  }

  async function fillRequest(page: Page, extra: Record<string, string> = {}) {
    const fields: Record<string, string> = {
      Mobile: '0412 345 678',
      'Date of birth (D/MM/YYYY)': '4/05/1990',
      Address: '1 Pitt St, Sydney NSW 2000',
      'Playing golf since (MM/YYYY, optional)': '03/2015',
      ...extra,
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  }

  async function staffReview(page: Page, lastName: string, action: 'Approve' | 'Reject', values: Record<string, string>) {
    await page.goto(`${app.url}/admin/handicaps`);
    await page.getByRole('cell', { name: lastName, exact: true }).first().click();
    await page.getByRole('button', { name: action }).click();
    const dialog = page.getByRole('dialog');
    for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label).fill(value);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async function submitCard(page: Page, playedOn: string, scores: number[]) {
    await page.goto(`${app.url}/dashboard/clubhouse/scorecards/submit/new`);
    await page.getByLabel('Course').selectOption({ label: 'Moore Park Golf Course (sample data)' });
    await page.getByLabel('Tee').selectOption({ label: 'Blue (men) · CR 70.0 / slope 124' });
    await page.getByLabel('Date played').fill(playedOn);
    await page.getByLabel('Marker’s email').fill(bo.email);
    for (const [i, s] of scores.entries()) await page.getByLabel(`Hole ${i + 1}`, { exact: true }).fill(String(s));
    await expect.poll(() => page.getByTestId('totals').textContent()).toContain(`Gross ${scores.reduce((a, b) => a + b, 0)}`);
    await page.getByRole('button', { name: 'Submit scorecard' }).click();
    await page.waitForURL(/\/dashboard\/clubhouse\/scorecards$/);
  }

  async function attestAll(count: number) {
    const { context, page } = await signIn(bo);
    await page.goto(`${app.url}/dashboard/clubhouse`);
    for (let left = count; left > 0; left--) {
      await expect.poll(() => page.getByTestId('card-to-attest').count()).toBe(left);
      await page.getByTestId('card-to-attest').first().getByRole('button', { name: 'Attest score' }).click();
    }
    await expect.poll(() => page.getByTestId('card-to-attest').count()).toBe(0);
    await context.close();
  }

  it('a member requests a handicap, staff approve it, three attested cards give 15.3, an exceptional fourth gives 1.6', async () => {
    const { context, page } = await signIn(ana);
    await page.goto(`${app.url}/dashboard/clubhouse`);
    await page.getByTestId('next-step').getByText('Request a new official handicap').waitFor();
    await page.getByRole('link', { name: 'Request a handicap' }).click();
    await page.waitForURL(/\/dashboard\/clubhouse\/request$/);
    // Field by field: a landline is refused as the field is left.
    await page.getByLabel('Mobile', { exact: true }).fill('02 9999 0000');
    await page.getByLabel('Address', { exact: true }).focus();
    await page.getByText('Enter an Australian mobile number, like 0412 345 678.').waitFor();
    await fillRequest(page);
    await page.getByRole('button', { name: 'Send request for review' }).click();
    await page.waitForURL(/\/dashboard\/clubhouse$/);
    await page.getByText('Waiting for review').waitFor();

    const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staffPage = await admin.newPage();
    await signInStaffConsole(staffPage, app.url);
    await staffReview(staffPage, 'Citizen', 'Approve', { 'Golf Link number': '1234567890', 'Official GA Handicap': '15.2' });
    await staffPage.getByText('HandicapRequestApproved').waitFor();
    await waitForMail(app.dataDir, (m) => m.to.includes(ana.email) && m.subject === 'Your handicap request is approved', 'approval email');

    await page.goto(`${app.url}/dashboard/clubhouse`);
    await expect.poll(() => page.getByTestId('official-handicap').textContent()).toBe('15.2');
    // Before an index the most a hole counts is par + 5; the screen says so as the member types.
    await page.goto(`${app.url}/dashboard/clubhouse/scorecards/submit/new`);
    await page.getByLabel('Course').selectOption({ label: 'Moore Park Golf Course (sample data)' });
    await page.getByLabel('Hole 1', { exact: true }).fill('12');
    await expect.poll(() => page.getByTestId('limit-1').textContent()).toBe('counts as 9');
    // Three rounds at par + 1 (+1 more on one and two holes): differentials 17.3, 18.2, 19.1.
    await submitCard(
      page,
      '2026-04-01',
      pars.map((p) => p + 1),
    );
    await submitCard(
      page,
      '2026-04-02',
      pars.map((p, i) => p + (i === 0 ? 2 : 1)),
    );
    await submitCard(
      page,
      '2026-04-03',
      pars.map((p, i) => p + (i < 2 ? 2 : 1)),
    );
    await attestAll(3);

    await page.goto(`${app.url}/dashboard/clubhouse/scorecards`);
    await expect.poll(() => page.getByTestId('computed-index').textContent()).toBe('15.3');
    await page.getByTestId('index-why').getByText('The best 1 of your 3 most recent scores count, minus 2.0.').waitFor();
    expect(await page.getByTestId('scorecard-row').count()).toBe(3);

    // A 75 (4 over par): differential 4.6, 10.7 below 15.3, so 2.0 comes off every counted differential.
    await submitCard(
      page,
      '2026-04-04',
      pars.map((p, i) => p + (i < 4 ? 1 : 0)),
    );
    await attestAll(1);
    await page.goto(`${app.url}/dashboard/clubhouse/scorecards`);
    await expect.poll(() => page.getByTestId('computed-index').textContent()).toBe('1.6');
    await page.getByTestId('index-why').getByText('every counted differential was reduced by 2.0').waitFor();
    await page.getByText('exceptional -2.0').waitFor();
    await page.getByRole('figure', { name: 'Computed handicap index history' }).locator('.recharts-line-dot').nth(1).waitFor();
    expect(await page.getByRole('figure', { name: 'Computed handicap index history' }).locator('.recharts-line-dot').count()).toBe(2);
    await page.getByText('The two differ').waitFor();

    await page.goto(`${app.url}/dashboard/settings/handicap`);
    await page.getByTestId('handicap-record').getByText('1234567890').waitFor();
    await page.getByTestId('handicap-record').getByText('4/05/1990').waitFor();

    const shots = process.env.CLUBHOUSE_SCREENSHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [390, 820, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, path] of [
          ['clubhouse', '/dashboard/clubhouse'],
          ['scorecards', '/dashboard/clubhouse/scorecards'],
          ['submit', '/dashboard/clubhouse/scorecards/submit/new'],
          ['settings', '/dashboard/settings/handicap'],
          ['request', '/dashboard/clubhouse/transfer'],
        ] as const) {
          await page.goto(`${app.url}${path}`);
          await page.locator('.clubhouse, .settings-page').first().waitFor();
          await page.getByText('Loading...').waitFor({ state: 'detached' });
          await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
        }
      }
      await page.goto(`${app.url}/dashboard`);
      await page.getByText('Clubhouse: handicap and scorecards').waitFor();
      await page.screenshot({ path: `${shots}/dashboard-1440.png` });
      await staffPage.goto(`${app.url}/admin/scorecards`);
      await staffPage.getByText('Moore Park Golf Course').first().waitFor();
      await staffPage.screenshot({ path: `${shots}/admin-scorecards-1440.png` });
      await staffPage.goto(`${app.url}/admin/handicaps?filter=${encodeURIComponent(JSON.stringify({ status: 'approved' }))}`);
      await staffPage.getByRole('cell', { name: 'Citizen', exact: true }).first().click();
      await staffPage.getByText('HandicapIndexRevised').first().waitFor();
      await staffPage.screenshot({ path: `${shots}/admin-handicap-1440.png`, fullPage: true });
    }
    await admin.close();
    await context.close();
    // Four cards typed hole by hole and two consoles: minutes on a loaded 2-core machine.
  }, 300_000);

  it('a transfer without its Golf Link number is refused; staff reject it with a reason; the member resubmits', async () => {
    const { context, page } = await signIn(tom);
    await page.goto(`${app.url}/dashboard/clubhouse/transfer`);
    await fillRequest(page, { 'Previous golf club': 'Bondi Golf Club' });
    await page.getByRole('button', { name: 'Send transfer for review' }).click();
    await page.getByText('A Golf Link number has exactly 10 digits.').first().waitFor();
    const shots = process.env.CLUBHOUSE_SCREENSHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [390, 820, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/transfer-form-${width}.png`, fullPage: true });
      }
    }
    await page.getByLabel('Golf Link number at that club (10 digits)').fill('2011223344');
    await page.getByRole('button', { name: 'Send transfer for review' }).click();
    await page.waitForURL(/\/dashboard\/clubhouse$/);
    await page.getByText('Waiting for review').waitFor();

    const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staffPage = await admin.newPage();
    await signInStaffConsole(staffPage, app.url);
    await staffReview(staffPage, 'Citizen', 'Reject', { Reason: 'Bondi has no golfer with Golf Link number 2011223344' });
    await staffPage.getByText('HandicapRequestRejected').waitFor();
    await waitForMail(app.dataDir, (m) => m.to.includes(tom.email) && m.subject === 'Your handicap transfer needs another look', 'rejection email');

    await page.goto(`${app.url}/dashboard/clubhouse`);
    await page.getByText('Reason: Bondi has no golfer with Golf Link number 2011223344').waitFor();
    await page.getByRole('link', { name: 'Correct and resubmit' }).click();
    await page.waitForURL(/\/dashboard\/clubhouse\/transfer$/);
    await page.getByLabel('Golf Link number at that club (10 digits)').fill('2011223345');
    await page.getByRole('button', { name: 'Send transfer for review' }).click();
    await page.waitForURL(/\/dashboard\/clubhouse$/);
    await page.getByText('Waiting for review').waitFor();
    await admin.close();
    await context.close();
  }, 180_000);
});
