import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp, shotsDir } from './harness';
import { signUpMember, type SignedUp } from './members';
import { staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

const SHOTS = shotsDir('member22');
const WIDTHS = [390, 820, 1440] as const;
const PLATINUM = 3;

interface UserDrawAnswer {
  prize: { id: string; slug: string; entries_total: number; terms_url: string };
  entries: number;
  eligible: boolean;
  reason: string | null;
  won: boolean;
  claim_by?: string | null;
  claim_outcome?: string | null;
}

/**
 * Issue 22, what members see of a draw open in NSW, VIC and QLD: a visitor reads the pool and the
 * terms in force at /events/{slug}/terms; a member living in SA reads that the draw is not open to
 * them (and is not in the pool); a NSW member reads their odds against the pool; once drawn and
 * notified, the winner sees the claim countdown and declines the prize after a confirm step.
 */
describe('the draw pages members see (issue 22)', () => {
  let app: RunningApp;
  let browser: Browser;
  let staff = '';
  let nsw: SignedUp;
  let qld: SignedUp;
  let sa: SignedUp;
  let prizeId = '';
  const slug = `club-putter-${Date.now().toString(36)}`;
  const title = 'A club putter, fitted';

  const userDraw = async (member: SignedUp): Promise<UserDrawAnswer> => {
    const r = await fetch(`${app.url}/api/user-draws`, { headers: { authorization: `Bearer ${member.access_token}` } });
    expect(r.status).toBe(200);
    const found = ((await r.json()) as { data: UserDrawAnswer[] }).data.find((d) => d.prize.id === prizeId);
    if (!found) throw new Error('the draw is not in /api/user-draws');
    return found;
  };

  async function signIn(member: SignedUp, width = 1440): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 1000 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return page;
  }

  async function shots(page: Page, name: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }

  const staffPost = async (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
    staff = await staffApiToken(app.url);
    await switchOffFourEyesAsSingleAdmin(app.url, staff);
    nsw = await signUpMember(app.url, { email: 'nsw.putter@example.com.au', membershipId: PLATINUM, firstName: 'Sam' });
    qld = await signUpMember(app.url, { email: 'qld.putter@example.com.au', membershipId: PLATINUM, firstName: 'Kim' });
    sa = await signUpMember(app.url, { email: 'sa.putter@example.com.au', membershipId: PLATINUM, firstName: 'Ade' });
    for (const [member, state] of [
      [qld, 'QLD'],
      [sa, 'SA'],
    ] as const) {
      const moved = await fetch(`${app.url}/api/update-user`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.access_token}` },
        body: JSON.stringify({ state }),
      });
      expect(moved.status).toBe(200);
    }
    const created = await staffPost('/api/admin/prizes', {
      title,
      slug,
      description: '<p>A putter fitted to you at the club.</p>',
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 450,
      prize_type_id: 'normal',
      open_states: ['NSW', 'VIC', 'QLD'],
      status: 'published',
      reason: 'Member pages walk',
    });
    expect(created.status).toBe(201);
    prizeId = ((await created.json()) as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a visitor sees the pool and opens the terms in force from the event page', async () => {
    // The pool is every entry that would be drawn now: the NSW and QLD members', not the SA member's.
    const [mine, theirs] = [await userDraw(nsw), await userDraw(qld)];
    expect(mine.eligible && theirs.eligible).toBe(true);
    const pool = mine.entries + theirs.entries;
    expect(mine.prize.terms_url).toBe(`/events/${slug}/terms`);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/events/${slug}`);
    await page.getByRole('heading', { name: title }).waitFor();
    // Fresh within a minute: the page is read again until the pool counts both members.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('draw-pool').innerText();
        },
        { timeout: 70_000, interval: 2_000 },
      )
      .toBe(`${pool.toLocaleString('en-AU')} entries in the draw`);
    await shots(page, 'event-visitor');
    await page.getByTestId('draw-terms-link').click();
    await page.waitForURL(new RegExp(`/events/${slug}/terms$`));
    await expect.poll(() => page.getByTestId('draw-terms-version').innerText()).toMatch(/^Version 1, issued /);
    const terms = page.getByTestId('draw-terms');
    await expect.poll(() => terms.innerText()).toContain(title);
    expect(await terms.locator('script').count()).toBe(0);
    await shots(page, 'terms');
    await page.close();
  }, 120_000);

  it('a member living in SA is told the draw is not open to them, not a count that will not be drawn', async () => {
    expect((await userDraw(sa)).reason).toBe('This draw is not open to residents of SA');
    const page = await signIn(sa);
    await page.goto(`${app.url}/events/${slug}`);
    const line = page.getByTestId('my-entries');
    await line.waitFor();
    await expect.poll(() => line.innerText()).toBe('This draw is not open to residents of SA');
    expect(await page.getByTestId('my-odds').count()).toBe(0);
    await shots(page, 'event-not-open-sa');
    await page.close();
  }, 60_000);

  it('a NSW member reads their entries against the pool: "You hold N of M entries (about 1 in K)"', async () => {
    const mine = await userDraw(nsw);
    const pool = mine.entries + (await userDraw(qld)).entries;
    const page = await signIn(nsw);
    await page.goto(`${app.url}/events/${slug}`);
    const odds = page.getByTestId('my-odds');
    await odds.waitFor();
    const k = pool / mine.entries;
    const oneIn = k < 10 ? String(Math.round(k * 10) / 10) : Math.round(k).toLocaleString('en-AU');
    await expect
      .poll(() => odds.innerText())
      .toBe(`You hold ${mine.entries.toLocaleString('en-AU')} of ${pool.toLocaleString('en-AU')} entries (about 1 in ${oneIn})`);
    await shots(page, 'event-odds');
    await page.close();
  }, 60_000);

  it('the winner sees the claim countdown, then declines the prize after confirming', async () => {
    for (const action of ['schedule', 'close', 'draw', 'notify']) {
      const r = await staffPost(`/api/admin/prizes/${encodeURIComponent(prizeId)}/${action}`, { reason: `e2e: ${action}` });
      expect(r.status, `${action}: ${await r.clone().text()}`).toBe(200);
    }
    const [a, b] = [await userDraw(nsw), await userDraw(qld)];
    expect([a.won, b.won].filter(Boolean)).toHaveLength(1);
    const winner = a.won ? nsw : qld;
    const claimBy = (a.won ? a : b).claim_by;
    expect(claimBy).toBeTruthy();
    // The club's default claim period: 60 days from the notice.
    expect(Math.round((Date.parse(claimBy!) - Date.now()) / 86_400_000)).toBe(60);

    const page = await signIn(winner);
    // The dashboard tells the winner, with the countdown and the way to the claim page.
    const notice = page.getByTestId('claim-notice');
    await notice.waitFor();
    await expect.poll(() => notice.innerText()).toMatch(new RegExp(`^You won ${title}! (59 days 23 hours|60 days) left to claim\\.`));
    await shots(page, 'dashboard-claim-notice');
    await page.goto(`${app.url}/dashboard/my-draws`);
    await page.getByTestId('my-draw').filter({ hasText: title }).getByTestId('claim-page-link').click();
    await page.waitForURL(new RegExp(`/dashboard/my-draws/${slug}/claim$`));
    const countdown = page.getByTestId('claim-countdown');
    await countdown.waitFor();
    await expect.poll(() => countdown.innerText()).toMatch(/^(59 days 23 hours|60 days) left to claim \(until /);
    await page.getByTestId('claim-identity').getByText('Jan 1, 1990').waitFor();
    await shots(page, 'claim');

    await page.getByRole('button', { name: 'Decline this prize' }).click();
    const confirm = page.getByRole('group', { name: 'Decline this prize' });
    await confirm.waitFor();
    await shots(page, 'claim-decline-confirm');
    // Keep it first: nothing is sent.
    await confirm.getByRole('button', { name: 'Keep my prize' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await userDraw(winner)).won).toBe(true);
    await page.getByRole('button', { name: 'Decline this prize' }).click();
    await confirm.getByRole('button', { name: 'Yes, decline the prize' }).click();
    await expect.poll(() => page.getByTestId('claim-status').innerText()).toBe('You declined this prize. It will be drawn again as the terms state.');
    await shots(page, 'claim-declined');
    expect((await userDraw(winner)).claim_outcome).toBe('declined');

    // A second decline, or a claim, is refused in words.
    const again = await fetch(`${app.url}/api/claim-prize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${winner.access_token}` },
      body: JSON.stringify({ prize_id: prizeId, state: 'NSW' }),
    });
    expect(again.status).toBe(409);
    // Only the winner may decline.
    const loser = winner === nsw ? qld : nsw;
    const refused = await fetch(`${app.url}/api/decline-prize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${loser.access_token}` },
      body: JSON.stringify({ prize_id: prizeId }),
    });
    expect(refused.status).toBe(403);
    await page.close();
  }, 120_000);

  it('the dashboard residence prompt goes as soon as the member answers, and stays gone', async () => {
    // A free plan needs no state or date of birth at sign-up: the dashboard asks once.
    const email = 'free.prompt@example.com.au';
    const password = 'Fairway-Birdie-2026!';
    const signedUp = await fetch(`${app.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Pat', last_name: 'Free', email, password, membership_id: 1, recaptcha_token: 'local-test-token' }),
    });
    expect(signedUp.status).toBe(201);
    const page = await signIn({ email, password } as SignedUp);
    const prompt = page.getByRole('region', { name: 'Where you live and your date of birth' });
    await prompt.waitFor();
    await prompt.getByLabel('State or territory').selectOption('VIC');
    await prompt.getByLabel('Date of birth').fill('1985-06-15');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await prompt.waitFor({ state: 'detached' });
    // The prompt renders with the welcome line, from the same stored user: once the line shows, so would the prompt.
    await page.reload();
    await page.getByText('Welcome back, Pat').waitFor();
    expect(await prompt.count()).toBe(0);
    await page.goto(`${app.url}/dashboard/my-draws`);
    await page.getByRole('heading', { name: 'My Draws' }).waitFor();
    await page.goto(`${app.url}/dashboard`);
    await page.getByText('Welcome back, Pat').waitFor();
    expect(await prompt.count()).toBe(0);
    await page.close();
  }, 60_000);
});
