import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { expectLedgerRow, openAvatarMenu, signUpMember, waitForMail } from './members';

/**
 * Issue 4's referral walk, in Chromium on the embedded default: a paying member opens the
 * referral modal and copies their link; a visitor opens it, signs up for a paid plan through it
 * and pays with a test card; both see their referral bonus entries in the ledger.
 */
describe('a member refers a friend who joins and pays', () => {
  let app: RunningApp;
  let browser: Browser;
  const referrer = { email: 'ann.referrer@example.com.au', password: 'amber-quarry-1' };
  const visitorEmail = 'ben.referee@example.com.au';
  let link = '';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    // Ann pays for Platinum (id 3: referrer 40, referee 20 bonus entries in the launch catalogue).
    await signUpMember(app.url, { email: referrer.email, password: referrer.password, membershipId: 3, firstName: 'Ann' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signedIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return { context, page };
  }

  it('opens the referral modal from the avatar menu, copies the link and checks an invite email', async () => {
    const { context, page } = await signedIn(referrer.email, referrer.password);
    const menu = await openAvatarMenu(page, /Account menu for Ann/, 'Refer Friends');
    await menu.getByRole('menuitem', { name: 'Refer Friends' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Refer Friends' }).waitFor();
    const linkField = modal.getByLabel('Your referral link');
    await expect.poll(() => linkField.inputValue()).toMatch(new RegExp(`^${app.url}/refer/[\\w-]{8,}$`));
    link = await linkField.inputValue();
    await modal.getByRole('button', { name: 'Copy link' }).click();
    await modal.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // 'Copied!' lasts 1.5 s.
    await modal.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 3000 });
    // The benefits section is open by default and lists the tiers' bonus entries.
    await modal.getByText('You get 40 bonus entries, your friend gets 20').waitFor();
    await modal.getByRole('button', { name: /Referral benefits/ }).click();
    await modal.getByText('You get 40 bonus entries, your friend gets 20').waitFor({ state: 'hidden' });
    // A malformed email is refused inline, without a request; editing clears the error.
    const email = modal.getByLabel('Invite a friend by email');
    await email.fill('not-an-email@example');
    await modal.getByRole('button', { name: 'Send' }).click();
    await modal.getByText('Please enter a valid email').waitFor();
    await email.fill('carol.friend@example.com.au');
    await modal.getByText('Please enter a valid email').waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Send' }).click();
    await modal.getByRole('button', { name: 'Sent' }).waitFor();
    // 'Sent' resets after 3 s.
    await modal.getByRole('button', { name: 'Send' }).waitFor({ timeout: 5000 });
    await modal.getByRole('button', { name: 'Close' }).click();
    await context.close();
    // The invite went out through the job queue with Ann's share link.
    const invite = await waitForMail(app.dataDir, (m) => m.to.includes('carol.friend@example.com.au'), 'referral invite');
    expect(invite.subject).toBe('Ann invited you to ROAR+');
    expect(invite.text).toContain(link.replace(app.url, ''));
  });

  it('an empty or unknown code says so on /refer', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/refer/`);
    await page.getByText('Invalid referral code.').waitFor();
    await page.goto(`${app.url}/refer/no-such-code-123`);
    await page.getByText('Invalid referral code.').waitFor();
    expect(await page.getByRole('button', { name: 'Join Now' }).count()).toBe(0);
    await page.close();
  });

  it('a visitor follows the link, signs up for Platinum, pays, and both get their bonus entries', async () => {
    expect(link, 'the link copied in the first test').not.toBe('');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByText(/Ann invited you to ROAR\+/).waitFor();
    await page.getByRole('button', { name: 'Join Now' }).click();
    await page.waitForURL(/\/membership$/);
    expect(await page.evaluate(() => window.localStorage.getItem('referral_code'))).toBe(link.split('/refer/')[1]);
    await page.getByRole('article', { name: 'Platinum', exact: true }).getByRole('link', { name: 'Join Now' }).click();
    await page.waitForURL(/\/sign-up\?membership=3/);
    await page.getByLabel('First name').fill('Ben');
    await page.getByLabel('Last name').fill('Referee');
    await page.getByLabel('Email').fill(visitorEmail);
    await page.getByLabel('Password').fill('cobalt-fairway-61');
    await page.getByLabel('State or territory').selectOption('NSW');
    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/pay\/checkout\//);
    expect(await page.evaluate(() => window.localStorage.getItem('referral_code'))).toBeNull();
    await page.locator('#number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Ben Referee');
    await page.getByRole('button', { name: /pay/i }).click();
    await page.waitForURL(/\/dashboard/);
    await expectLedgerRow(page, app.url, { source: 'Referral bonus', shows: '+20' });
    await context.close();

    const ann = await signedIn(referrer.email, referrer.password);
    await expectLedgerRow(ann.page, app.url, { source: 'Referral bonus', shows: '+40' });
    await ann.context.close();
  });
});
