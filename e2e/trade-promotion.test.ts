import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AU_STATES } from '@roar/contracts/common';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { advanceClock, launchBrowser, startApp, type RunningApp, auditDraw } from './harness';
import { signUpMember, type SignedUp } from './members';
import { BOOTSTRAP_ADMIN, drawAction, signInStaffConsole, staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/work/notes/shots/walk22';
const WIDTHS = [390, 820, 1440] as const;
const PLATINUM = 3;
const PASSWORD = 'quartz-meadow-41-lantern';

/** The rows of a CSV the export writes (RFC 4180: CRLF, quoted fields). */
function csvRows(csv: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i += 1;
    } else if (c === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) out.push([...row, field]);
  return out;
}

/**
 * Issue 22's "Done when", walked in Chromium against the real process on the test clock: an
 * under-18 sign-up is refused; a draw open in NSW, VIC and QLD with a prize over the NSW threshold
 * is refused publication (naming NSW) until staff register a NSW permit; a member living in SA is
 * told the draw is not open to them and is absent from the committed list; the winner is notified,
 * the claim period runs out (the clock moves), the redraw is refused before its date and made after
 * it; the second winner claims on the claim page, staff verify and award in Prize claims and publish;
 * /winners shows "First L., STATE"; the regulator export holds every file; `audit:draw` says
 * VERIFIED for the draw and its redraw.
 */
describe('a trade promotion from sign-up to a verified redraw (issue 22)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-trade-promotion-'));
  let app: RunningApp;
  let browser: Browser;
  let nsw: SignedUp;
  let qld: SignedUp;
  let sa: SignedUp;
  let prizeId = '';
  let secondWinner: SignedUp;
  let secondState = '';
  /** The test clock's lead over the real one: TOTP codes and staff sessions are checked on it. */
  let offset = 0;
  const appNow = () => new Date(Date.now() + offset);
  const slug = `hunter-ute-${Date.now().toString(36)}`;
  const title = 'A ute for the Hunter Valley';

  /** Full-page shots at each width; `fullPage: false` keeps the console's fixed notification in the frame. */
  async function shoot(page: Page, name: string, ready: () => Promise<unknown>, fullPage = true): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await ready();
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }

  async function advance(days: number): Promise<void> {
    const moved = await advanceClock(app, { advanceDays: days });
    offset = moved.getTime() - Date.now();
  }

  /** A staff console page signed in as the bootstrap admin, its second step typed from the app's (moved) clock. */
  async function staffConsole(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, timezoneId: 'UTC', acceptDownloads: true });
    await signInStaffConsole(page, app.url, undefined, { stay: 'dashboard', now: appNow });
    return page;
  }

  async function drawTab(page: Page): Promise<void> {
    await page.goto(`${app.url}/admin/prizes/${encodeURIComponent(prizeId)}/show`);
    await page.getByRole('tab', { name: 'Draw' }).click();
  }

  async function memberPage(member: SignedUp): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return page;
  }

  /** The prize as the staff api reads it, with a token signed in on the app's clock. */
  async function adminPrize(): Promise<{
    status: string;
    draw_status: string;
    entrant_count: number;
    winners: { member_ids: string[]; redrawn_reason: string | null }[];
  }> {
    const token = await staffApiToken(app.url, BOOTSTRAP_ADMIN, appNow);
    const r = await fetch(`${app.url}/api/admin/prizes/${encodeURIComponent(prizeId)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    return (await r.json()) as never;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp({ DATA_DIR: dataDir, NODE_ENV: 'test', TEST_CLOCK: '1' });
    await switchOffFourEyesAsSingleAdmin(app.url);
    browser = await launchBrowser();
    nsw = await signUpMember(app.url, {
      email: 'sam.nsw@example.com.au',
      password: PASSWORD,
      membershipId: PLATINUM,
      firstName: 'Sam',
      state: 'NSW',
    });
    qld = await signUpMember(app.url, {
      email: 'kim.qld@example.com.au',
      password: PASSWORD,
      membershipId: PLATINUM,
      firstName: 'Kim',
      state: 'QLD',
    });
    sa = await signUpMember(app.url, { email: 'ade.sa@example.com.au', password: PASSWORD, membershipId: PLATINUM, firstName: 'Ade', state: 'SA' });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an under-18 sign-up for a paid plan: "You must be 18 or over to enter."', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/sign-up?membership=3`);
    await page.getByLabel('First name').fill('Young');
    await page.getByLabel('Last name').fill('Golfer');
    await page.getByLabel('Email').fill('young@example.com.au');
    await page.getByLabel('Password').fill('Fairway-Birdie-2026!');
    await page.getByLabel('State or territory').selectOption('NSW');
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 15);
    await page.getByLabel('Date of birth').fill(minor.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('You must be 18 or over to enter.').count()).toBe(1);
    expect(page.url()).not.toMatch(/\/pay\/checkout\//);
    await page.close();
  }, 60_000);

  it('refuses to publish a draw open in NSW, VIC and QLD over the NSW threshold until a NSW permit is registered', async () => {
    const page = await staffConsole();
    await page.goto(`${app.url}/admin/prizes/create`);
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Slug/).fill(slug);
    await page.getByLabel(/^Prize type/).click();
    await page.getByRole('option', { name: 'normal' }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('A dual-cab ute, registered and on the road.');
    const sydney = new Intl.DateTimeFormat('sv-SE', {
      timeZone: CLUB_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    await page.getByLabel(/^Entries close/).fill(sydney.format(new Date(Date.now() + 2 * 86_400_000)).replace(' ', 'T'));
    await page.getByLabel(/^Prize value/).fill('25000');
    await page.getByLabel('Claim period (days)').fill('14');
    for (const state of AU_STATES) await page.getByRole('checkbox', { name: state, exact: true }).setChecked(['NSW', 'VIC', 'QLD'].includes(state));
    await page.getByLabel(/^Reason/).fill('Summer trade promotion');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/prizes\/[^/]+\/show/);
    prizeId = decodeURIComponent(/\/admin\/prizes\/([^/]+)\/show/.exec(page.url())![1]!);

    const publish = async () => {
      await page.goto(`${app.url}/admin/prizes/${encodeURIComponent(prizeId)}/edit`);
      await page.getByLabel(/^Status/).click();
      await page.getByRole('option', { name: 'published' }).click();
      await page.getByLabel(/^Reason/).fill('Launch the promotion');
      await page.getByRole('button', { name: 'Save' }).click();
    };
    await publish();
    const refusal = page
      .getByText(/A draw open in NSW with prizes over \$10,000 needs a NSW permit covering \d+ \w+ \d{4} to \d+ \w+ \d{4}\./)
      .first();
    await refusal.waitFor();
    await shoot(page, 'publish-refused', () => refusal.waitFor(), false);
    expect((await adminPrize()).status).toBe('draft');

    // The NSW authority, registered in the console (as e2e/staff-compliance.test.ts).
    await page.goto(`${app.url}/admin/permits`);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('State or territory').click();
    await page.getByRole('option', { name: 'NSW', exact: true }).click();
    await page.getByLabel('Permit number').fill('TP/24680');
    await page.getByLabel('Holder').fill('ROAR+ Golf Club Ltd');
    await page.getByLabel('Valid from').fill(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel('Valid to').fill(new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel('Conditions').fill('Draw at the clubhouse before a witness.');
    await page.getByLabel('Reason').fill('NSW authority granted');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/permits$/);
    await page.getByRole('row').filter({ hasText: 'TP/24680' }).waitFor();

    await publish();
    await page.waitForURL(/\/admin\/prizes\/[^/]+\/show/);
    await expect.poll(async () => (await adminPrize()).status).toBe('published');
    await page.close();
  }, 180_000);

  it('tells a member living in SA that the draw is not open to them', async () => {
    const page = await memberPage(sa);
    await page.goto(`${app.url}/events/${slug}`);
    const line = page.getByTestId('my-entries');
    await line.waitFor();
    await expect.poll(() => line.innerText()).toBe('This draw is not open to residents of SA');
    expect(await page.getByTestId('my-odds').count()).toBe(0);
    await shoot(page, 'not-open-sa', () => line.waitFor());
    await page.close();
  }, 60_000);

  it('closes and draws without the SA member, notifies the winner, marks the prize unclaimed and redraws only after its date', async () => {
    let page = await staffConsole();
    await drawTab(page);
    await drawAction(page, 'Schedule draw', 'Close entries');
    await drawAction(page, 'Close entries', 'Draw winner');
    await drawAction(page, 'Draw winner', 'Notify winner');
    await page.getByText('Entry list SHA-256').waitFor();
    await drawAction(page, 'Notify winner', 'Redraw');
    await page.close();
    const drawn = await adminPrize();
    expect(drawn.entrant_count).toBe(2);
    const first = drawn.winners[0]!.member_ids[0]!;
    expect([String(nsw.user.id), String(qld.user.id)]).toContain(first);

    // The 14-day claim period runs out: the sweep marks the prize unclaimed; its redraw is due 2 months after the draw.
    await advance(15);
    const loser = first === String(nsw.user.id) ? nsw : qld;
    const missed = await memberPage(loser);
    await missed.goto(`${app.url}/dashboard/my-draws/${slug}/claim`);
    await expect.poll(() => missed.getByTestId('claim-status').innerText()).toBe("This prize's claim period has ended.");
    await missed.close();

    page = await staffConsole();
    await drawTab(page);
    await page.getByRole('button', { name: 'Redraw', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Unclaimed');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText(/This prize cannot be redrawn before \d{4}-\d{2}-\d{2}\./)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await adminPrize()).winners).toHaveLength(1);
    await page.close();

    await advance(50);
    page = await staffConsole();
    await drawTab(page);
    await page.getByRole('button', { name: 'Redraw', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Unclaimed');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Notify winner', exact: true }).waitFor();
    await drawAction(page, 'Notify winner', 'Publish result');
    await page.close();
    const redrawn = await adminPrize();
    expect(redrawn.winners).toHaveLength(2);
    expect(redrawn.winners[0]!.redrawn_reason).toBe('Unclaimed');
    const second = redrawn.winners[1]!.member_ids[0]!;
    expect(second).not.toBe(first);
    secondWinner = second === String(nsw.user.id) ? nsw : qld;
    secondState = secondWinner === nsw ? 'NSW' : 'QLD';
  }, 300_000);

  it('the second winner claims on the claim page; staff verify and award in Prize claims, then publish', async () => {
    const page = await memberPage(secondWinner);
    await page.goto(`${app.url}/dashboard/my-draws/${slug}/claim`);
    const countdown = page.getByTestId('claim-countdown');
    await countdown.waitFor();
    await expect.poll(() => countdown.innerText()).toMatch(/left to claim \(until /);
    await page.getByLabel(/^Delivery/).fill('12 Fairway Road, Cessnock');
    await page.getByLabel(/These are my details/).check();
    await shoot(page, 'claim', () => countdown.waitFor());
    await page.getByRole('button', { name: 'Claim my prize' }).click();
    await expect.poll(() => page.getByTestId('claim-status').innerText()).toMatch(/^Prize claimed\./);
    await page.close();

    const staff = await staffConsole();
    await staff.getByRole('menuitem', { name: 'Prize claims', exact: true }).click();
    const row = staff.getByRole('row').filter({ hasText: title });
    await row.getByText('Verify identity and age').waitFor();
    expect(await row.innerText()).toContain(secondState);
    await row.getByRole('button', { name: 'Verify' }).click();
    const verify = staff.getByRole('dialog', { name: /Verify/ });
    await verify.getByLabel("I saw the winner's identity").check();
    await verify.getByLabel('I saw proof the winner is 18 or over').check();
    await verify.getByRole('button', { name: 'Verify' }).click();
    await row.getByText('Award the prize').waitFor();
    await row.getByRole('button', { name: 'Award' }).click();
    const award = staff.getByRole('dialog', { name: /Award/ });
    await award.getByLabel('Delivery note').fill('Delivered to Cessnock, signed for');
    await award.getByRole('button', { name: 'Award' }).click();
    await award.waitFor({ state: 'hidden' });
    await row.getByText('awarded').waitFor();

    await drawTab(staff);
    await drawAction(staff, 'Publish result', null);
    await expect.poll(async () => (await adminPrize()).draw_status).toBe('published');
    await staff.close();
  }, 180_000);

  it('/winners shows the winner as first name, initial and state', async () => {
    const expected = `${secondWinner === nsw ? 'Sam' : 'Kim'} C., ${secondState}`;
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/winners`);
    const listed = page.getByTestId('winner').filter({ hasText: title });
    await listed.waitFor();
    await expect.poll(() => listed.innerText()).toContain(expected);
    await shoot(page, 'winners', () => listed.waitFor());
    await page.close();
  }, 60_000);

  it("the prize's regulator export holds every file, with the SA member absent from the committed list", async () => {
    const page = await staffConsole();
    await page.goto(`${app.url}/admin/prizes/${encodeURIComponent(prizeId)}/show/records`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Regulator export' }).click()]);
    const out = mkdtempSync(join(tmpdir(), 'roar-export-'));
    try {
      const zip = join(out, download.suggestedFilename());
      await download.saveAs(zip);
      execFileSync('unzip', ['-q', '-o', zip, '-d', join(out, 'files')]);
      const dir = join(out, 'files');
      expect(readdirSync(dir).sort()).toEqual(['draw.csv', 'entrants.csv', 'permits.csv', 'summary.txt', 'terms.csv', 'terms.html', 'winners.csv']);
      const read = (name: string) => readFileSync(join(dir, name), 'utf8');
      const entrants = csvRows(read('entrants.csv'));
      expect(entrants[0]).toEqual(['position', 'entrant_id', 'tickets', 'first_ticket', 'last_ticket', 'state']);
      expect(
        entrants
          .slice(1)
          .map((e) => e[5])
          .sort(),
      ).toEqual(['NSW', 'QLD']);
      expect(read('entrants.csv')).not.toContain(String(sa.user.id));
      expect(csvRows(read('permits.csv'))[1]!.slice(0, 3)).toEqual(['NSW', 'yes', 'TP/24680']);
      const [header, ...winners] = csvRows(read('winners.csv'));
      const byName = winners.map((w) => Object.fromEntries(header!.map((h, i) => [h, w[i]])));
      expect(byName).toHaveLength(2);
      expect(byName[0]).toMatchObject({ redrawn_reason: 'Unclaimed', claimed_at: '' });
      expect(byName[0]!.unclaimed_at).not.toBe('');
      expect(byName[1]!.claimed_at).not.toBe('');
      expect(byName[1]!.verified_at).not.toBe('');
      expect(byName[1]!.awarded_at).not.toBe('');
      expect(read('summary.txt')).toContain(`Regulator export: ${title}`);
      const openStates = /^Open states: (.+)$/m.exec(read('summary.txt'))?.[1] ?? '';
      expect(openStates.split(', ').sort()).toEqual(['NSW', 'QLD', 'VIC']);
      expect(read('terms.html')).toContain('TP/24680');
      expect(csvRows(read('draw.csv'))[1]![0]).toBe('commit-reveal');
    } finally {
      rmSync(out, { recursive: true, force: true });
      await page.close();
    }
  }, 120_000);

  it('audit:draw on the stopped app says VERIFIED for the draw and its redraw', async () => {
    await app.stop();
    const audit = await auditDraw(dataDir, slug);
    expect(audit.output).toMatch(/^VERIFIED$/m);
    expect(audit.output).toMatch(/Redraw 1 \(Unclaimed\)/);
    expect(audit.code).toBe(0);
  }, 120_000);
});
