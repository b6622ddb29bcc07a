import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { expectLedgerRow, signUpMember, waitForMail } from './members';

/**
 * Issue 4's team walk, in Chromium on the embedded default: a paying captain starts a team and
 * invites three mates; each mate opens the emailed invite, signs up, pays the one-time $50 on
 * the test-mode checkout page; all four see the complete team and their entries (30 per mate,
 * 40 for the captain).
 */
describe('a captain forms a team of four with three paying mates', () => {
  let app: RunningApp;
  let browser: Browser;
  const captain = { email: 'cap.captain@example.com.au', password: 'cedar-beacon-1' };
  const mates = ['mia.mate@example.com.au', 'max.mate@example.com.au', 'meg.mate@example.com.au'];
  const matePassword = 'indigo-ferry-85-saddle';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    await signUpMember(app.url, { email: captain.email, password: captain.password, membershipId: 3, firstName: 'Cap' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    return { context, page: await context.newPage() };
  }

  async function signIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage();
    await opened.page.goto(`${app.url}/login`);
    await opened.page.getByLabel('Email').fill(email);
    await opened.page.getByLabel('Password').fill(password);
    await opened.page.getByRole('button', { name: 'Login' }).click();
    await opened.page.waitForURL(/\/dashboard/);
    return opened;
  }

  async function inviteLink(email: string): Promise<string> {
    const mail = await waitForMail(app.dataDir, (m) => m.to.includes(email) && /\/team-prizes\?invite=/.test(m.text), `team invite to ${email}`);
    const link = mail.text.match(/https?:\/\/\S+\/team-prizes\?invite=[\w-]+/)![0];
    return link.replace(/^https?:\/\/[^/]+/, app.url);
  }

  it('shows the team draw copy and Join Now / Login to a visitor', async () => {
    const { context, page } = await newPage();
    await page.goto(`${app.url}/team-prizes`);
    await page.getByText(/invites 3 friends by email\. Each pays a one-time \$50 fee for 30 entries, 20% off merchandise/).waitFor();
    await page.getByText(/The inviter gets a bonus of 40 entries\. If anyone on the team wins, they must take the others along\./).waitFor();
    const panel = page.getByTestId('team-panel');
    await panel.getByRole('link', { name: 'Join Now' }).waitFor();
    await panel.getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('the captain starts a team and invites three mates (a bad email is refused inline)', async () => {
    const { context, page } = await signIn(captain.email, captain.password);
    await page.goto(`${app.url}/team-prizes`);
    await page.getByRole('button', { name: 'Start a team' }).click();
    const email = page.getByLabel('Invite a mate by email');
    await email.fill('mate@nowhere');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText('Please enter a valid email').waitFor();
    for (const [i, mate] of mates.entries()) {
      await email.fill(mate);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page.getByRole('list', { name: 'Team members' }).getByText(mate).waitFor();
      await page.getByText(`${2 - i} ${2 - i === 1 ? 'seat' : 'seats'} left`).waitFor();
    }
    // Full: no more invite form; three pending mates.
    await page.getByLabel('Invite a mate by email').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('list', { name: 'Team members' }).getByText('Pending').count()).toBe(3);
    await context.close();
  });

  it('each mate opens the emailed invite, signs up, comes back to it and pays $50', async () => {
    for (const [i, mate] of mates.entries()) {
      const link = await inviteLink(mate);
      const { context, page } = await newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: 'Cap invited you to their team' }).waitFor();
      await page.getByTestId('team-panel').getByText('$50', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sign up to join' }).click();
      await page.waitForURL(/\/sign-up\?/);
      await page.getByLabel('First name').fill(`Mate${i + 1}`);
      await page.getByLabel('Last name').fill('Teammate');
      await page.getByLabel('Email').fill(mate);
      await page.getByLabel('Password').fill(matePassword);
      await page.getByLabel('State or territory').selectOption('NSW');
      await page.getByLabel('Date of birth').fill('1990-01-01');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL(/\/team-prizes\?invite=/);
      await page.getByRole('button', { name: 'Join & pay $50' }).click();
      await page.waitForURL(/\/pay\/checkout\//);
      await page.locator('#number').fill('4242 4242 4242 4242');
      await page.locator('#expiry').fill('12/34');
      await page.locator('#cvc').fill('123');
      await page.locator('#name').fill(`Mate${i + 1} Teammate`);
      await page.getByRole('button', { name: /pay/i }).click();
      await page.waitForURL(/\/team-prizes\?invite=[\w-]+&paid=1/);
      await page.getByRole('heading', { name: 'Payment received' }).waitFor();
      // The page polls the team until the provider's webhook has recorded this payment.
      const summary = i === mates.length - 1 ? 'Team complete: entered in the team draw' : `${i + 2} of 4 joined`;
      await page.getByText(summary).waitFor({ timeout: 20_000 });
      await context.close();
    }
  });

  it('all four see the complete team on the dashboard and their team entries', async () => {
    for (const [email, password, entries] of [[captain.email, captain.password, '+40'], ...mates.map((m) => [m, matePassword, '+30'])] as const) {
      const { context, page } = await signIn(email, password);
      const box = page.getByTestId('team-box');
      await box.getByText('Team complete: entered in the team draw').waitFor({ timeout: 20_000 });
      for (const mate of mates) await box.getByText(mate).waitFor();
      await expect.poll(() => box.getByText('Joined').count()).toBe(3);
      // A paid mate's month of benefits (rewards access, 20% off merchandise) shows in the box.
      if (entries === '+30')
        await box.getByText(/Your team benefits: 20% off merchandise and rewards access until [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();
      else expect(await box.getByText(/Your team benefits/).count()).toBe(0);
      await expectLedgerRow(page, app.url, { source: 'Team draw', shows: entries });
      await context.close();
    }
  });
});
