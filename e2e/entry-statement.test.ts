import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp, shotsDir } from './harness';
import { signUpMember, waitForMail, type SignedUp } from './members';
import { staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

const SHOTS = shotsDir('stmt');
const WIDTHS = [390, 820, 1440] as const;
const REASON = 'Goodwill for the rained-out round';

/**
 * Issue 23: a member with a plan and a staff adjustment reads their entry statement, opens the
 * cancel step and reads what happens to their entries, cancels, and the cancellation email says
 * the same words. Needs `npm run build` first.
 */
describe('entry statement and the cancel notice', () => {
  let app: RunningApp;
  let browser: Browser;
  let member: SignedUp;

  const createPrize = async (token: string, title: string, closesAt: Date) => {
    const r = await fetch(`${app.url}/api/admin/prizes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title,
        slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        prize_end_date: closesAt.toISOString(),
        prize_value: 500,
        status: 'published',
        reason: 'Statement walk',
      }),
    });
    expect(r.status, await r.clone().text()).toBe(201);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
    const token = await staffApiToken(app.url);
    await switchOffFourEyesAsSingleAdmin(app.url, token);
    await createPrize(token, 'Statement Ute', new Date(Date.now() + 3 * 86_400_000));
    // Closes after the first paid month ends: a cancelled member's plan entries will not count there.
    await createPrize(token, 'Statement Boat', new Date(Date.now() + 45 * 86_400_000));
    member = await signUpMember(app.url, { email: 'stella.statement@example.com.au', membershipId: 3, firstName: 'Stella' });
    const adjusted = await fetch(`${app.url}/api/admin/entry-adjustments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ memberId: String(member.user.id), count: 15, reason: REASON }),
    });
    expect(adjusted.status, await adjusted.clone().text()).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const signIn = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return page;
  };

  it('shows the statement month by month, with the adjustment, its reason and the draws it counts in', async () => {
    const page = await signIn();
    const adjustment = page.locator('[data-testid="statement-line"]', { hasText: REASON });
    await expect
      .poll(
        async () => {
          await page.goto(`${app.url}/dashboard/total-entries`);
          await page.getByRole('heading', { name: 'Entry Statement' }).waitFor();
          return (await adjustment.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          ))
            ? (await adjustment.innerText()).replace(/\s+/g, ' ')
            : '';
        },
        { timeout: 40_000, interval: 500 },
      )
      .toContain('+15');
    const text = (await adjustment.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Adjustment');
    expect(text).toContain('Statement Ute');
    expect(text).toContain('Statement Boat');
    const plan = page.locator('[data-testid="statement-line"]', { hasText: 'Membership' });
    await plan.first().waitFor();
    expect((await plan.first().innerText()).replace(/\s+/g, ' ')).toContain('Statement Ute');
    // Months are headed in the club's calendar.
    await page.locator('.statement-month__title').first().waitFor();
    expect(await page.locator('.statement-month__title').first().innerText()).toMatch(/[A-Z][a-z]+ \d{4}/);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/statement-${width}.png`, fullPage: true });
    }
    await page.close();
  });

  it('says before cancelling what happens to the entries, and the cancellation email says the same words', async () => {
    const page = await signIn();
    await page.goto(`${app.url}/dashboard/settings/membership-plan`);
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    const notice = page.getByTestId('cancel-notice');
    await notice.waitFor();
    const words = (await notice.innerText()).trim();
    expect(words).toMatch(/^Your benefits end on \d{1,2} [A-Z][a-z]+ \d{4}\. /);
    expect(words).toMatch(/keep their place in .*Statement Ute \(\d+ entries, closes/);
    expect(words).toMatch(/You forfeit .*\d+ entries in Statement Boat \(closes [^)]*, after your benefits end\)/);
    expect(words).toMatch(/entries your plan would have added at its renewal on \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/cancel-confirm-${width}.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Yes, cancel my membership' }).click();
    await page.getByText('Your membership is cancelled.').waitFor();
    expect((await page.getByTestId('cancel-notice-done').innerText()).trim()).toBe(words);

    const mail = await waitForMail(app.dataDir, (m) => m.to.includes(member.email) && m.subject.includes('is cancelled'), 'cancellation email');
    expect(mail.text.replace(/\s+/g, ' ')).toContain(words);
    await page.close();
  });

  it('tells the member how to ask for what only the club can change', async () => {
    const page = await signIn();
    await page.goto(`${app.url}/dashboard/settings`);
    const hint = page.getByTestId('email-how-to-change');
    await hint.waitFor();
    expect(await hint.innerText()).toContain('To change it, ask us through Support');
    expect(await hint.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support-center');
    // At 1440 the settings index is the profile (on a phone it is the list of settings pages).
    await page.screenshot({ path: `${SHOTS}/profile-1440.png`, fullPage: true });
    await page.close();
  });
});
