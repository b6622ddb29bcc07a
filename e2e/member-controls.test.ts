import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPgSql, type Sql } from '@roar/platform';
import { createTestDatabase, type TestDatabase } from '@roar/platform/testing';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, waitForMail } from './members';
import { staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';
import { listSentMail } from '@roar/workers';

const WIDTHS = [390, 820, 1440] as const;

/**
 * Issue 23's walk, in Chromium against the real process on PostgreSQL (the local payment provider's
 * billing clock charges renewals there): a visitor sets a $0 limit at sign-up and cannot buy a single
 * entry; raises it and is told when the new limit applies; a monthly member takes a 7-day break and
 * can neither buy nor be renewed (a member beside them, not on a break, is renewed by the same clock);
 * the member downloads their data and finds their payments, entries and orders in it.
 * SCREENSHOTS_DIR keeps the screenshots.
 */
describe('members in control: a limit, a break, their own data', () => {
  let app: RunningApp;
  let browser: Browser;
  let db: TestDatabase;
  let sql: Sql;
  const shots = process.env.SCREENSHOTS_DIR;
  const breaker = { email: 'bea.break@example.com.au', password: 'harbour-pebble-73-violet' };
  const steady = { email: 'stu.steady@example.com.au', password: 'copper-orchard-58-willow' };

  beforeAll(async () => {
    const created = await createTestDatabase('roar_e2e_controls');
    if (!created) throw new Error('PostgreSQL is not reachable: this walk needs it for the billing clock');
    db = created;
    sql = createPgSql({ connectionString: db.url, max: 2 });
    app = await startApp({ DATABASE_URL: db.url, LOCAL_BILLING_INTERVAL_MS: '500' });
    browser = await launchBrowser();
    if (shots) mkdirSync(shots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await sql?.close();
    await db?.drop();
  });

  async function signedIn(who: { email: string; password: string }, width = 1440): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return page;
  }
  async function shoot(page: Page, name: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}px`).toBeLessThanOrEqual(width);
      if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }
  async function buySingleEntry(page: Page): Promise<void> {
    await page.goto(`${app.url}/membership`);
    await page
      .getByRole('button', { name: /^Buy single entry:/ })
      .first()
      .click();
  }
  const eventCount = async (memberId: string, type: string) =>
    (
      await sql.query<{ n: number }>('select count(*)::int as n from es.events where stream_id = $1 and event_type = $2', [
        `member-${memberId}`,
        type,
      ])
    ).rows[0]?.n ?? 0;

  it('a $0 limit set at sign-up refuses a single entry before any payment page; a raise says when it applies', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.url}/sign-up?membership=1`);
    await page.getByLabel('First name').fill('Lola');
    await page.getByLabel('Last name').fill('Limit');
    await page.getByLabel('Email').fill('lola.limit@example.com.au');
    await page.getByLabel('Password').fill('Fairway-Birdie-2026!');
    await page.getByLabel('State or territory').selectOption('VIC');
    await page.getByLabel('Date of birth').fill('1988-04-12');
    await page.getByLabel('Monthly limit on draw purchases (optional)').fill('0');
    await page.getByLabel('Tell me when a new draw opens').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/dashboard/);

    await buySingleEntry(page);
    await page.getByText('Your monthly limit is $0. This purchase would go over it. You can spend $0 more on draws this month.').waitFor();
    expect(page.url()).not.toMatch(/\/pay\/checkout\//);
    await shoot(page, 'single-entry-refused');

    await page.goto(`${app.url}/dashboard/settings/limits-and-breaks`);
    await page.getByText('Your monthly limit is $0.').waitFor();
    await page.getByLabel('Monthly limit on draw purchases ($)').fill('50');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await page.getByText(/^Your new limit of \$50 applies from /).waitFor();
    await shoot(page, 'limits-raised');
    // Until then the $0 limit stands.
    await buySingleEntry(page);
    await page.getByText(/^Your monthly limit is \$0\. This purchase would go over it\./).waitFor();
    await page.context().close();
  });

  it('a 7-day break refuses a purchase and its renewal, while a member beside it is renewed by the same clock', async () => {
    const bea = await signUpMember(app.url, { email: breaker.email, password: breaker.password, membershipId: 3, firstName: 'Bea' });
    const stu = await signUpMember(app.url, { email: steady.email, password: steady.password, membershipId: 3, firstName: 'Stu' });
    const page = await signedIn(breaker);
    await page.goto(`${app.url}/dashboard/settings/limits-and-breaks`);
    await page.getByLabel('Take a break or exclude yourself').selectOption('7-days');
    await page.getByLabel('Your plan during it').selectOption('pause');
    await page.getByRole('button', { name: 'Start' }).click();
    const breakSentence = page.getByText(/^You are on a break until .+\. Purchases and renewals are paused\.$/);
    await breakSentence.waitFor();
    const sentence = (await breakSentence.innerText()).trim();
    // It cannot be ended early: the form to start one is gone and nothing offers to end it.
    expect(await page.getByRole('button', { name: 'Start' }).count()).toBe(0);
    await shoot(page, 'limits-break');

    await buySingleEntry(page);
    await page.getByText(sentence, { exact: true }).waitFor();
    expect(page.url()).not.toMatch(/\/pay\/checkout\//);

    // Both paid months end now: the billing clock renews the member without a break and not the other. The
    // clock takes every due subscription in one pass and writes its charge before the webhook goes out, so
    // once Stu's renewal has arrived, Bea's pass is over too.
    const beaId = String(bea.user.id);
    const stuId = String(stu.user.id);
    const charges = async (customer: string) =>
      (await sql.query<{ n: number }>('select count(*)::int as n from local_payments.payments where customer = $1', [customer])).rows[0]!.n;
    const beaCharges = await charges(beaId);
    await sql.query("update local_payments.subscriptions set current_period_end = now() - interval '1 second' where customer = any($1)", [
      [beaId, stuId],
    ]);
    await expect.poll(() => eventCount(stuId, 'MembershipRenewed'), { timeout: 30_000 }).toBe(1);
    expect(await charges(beaId)).toBe(beaCharges);
    expect(await eventCount(beaId, 'MembershipRenewed')).toBe(0);
    await page.context().close();
  });

  it("sees their entry statement, and the cancel page's forfeit sentence, which the cancellation email repeats word for word", async () => {
    const page = await signedIn(steady);
    const plan = page.locator('[data-testid="statement-line"]');
    await expect
      .poll(
        async () => {
          await page.goto(`${app.url}/dashboard/total-entries`);
          await page.getByRole('heading', { name: 'Entry Statement' }).waitFor();
          // The heading paints before the statement arrives: wait for a line, then count.
          await plan
            .first()
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
          return plan.count();
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(2);
    // The first month and the renewal the billing clock charged, each with where it came from.
    expect(await plan.filter({ hasText: 'Membership' }).count()).toBe(1);
    expect(await plan.filter({ hasText: 'Monthly renewal' }).count()).toBe(1);
    await shoot(page, 'entry-statement');

    await page.goto(`${app.url}/dashboard/settings/membership-plan`);
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    const notice = page.getByTestId('cancel-notice');
    await notice.waitFor();
    const words = (await notice.innerText()).trim();
    expect(words).toMatch(/^Your benefits end on \d{1,2} [A-Z][a-z]+ \d{4}\. /);
    expect(words).toMatch(/You forfeit /);
    await shoot(page, 'cancel-notice');
    await page.getByRole('button', { name: 'Yes, cancel my membership' }).click();
    await page.getByText('Your membership is cancelled.').waitFor();
    const mail = await waitForMail(app.dataDir, (m) => m.to.includes(steady.email) && m.subject.includes('is cancelled'), 'cancellation email');
    expect(mail.text.replace(/\s+/g, ' ')).toContain(words);
    await page.context().close();
  });

  it("self-excludes for 6 months in settings, and a new draw's promotional email reaches a member who agreed, not them", async () => {
    const ella = { email: 'ella.excluded@example.com.au', password: 'saltbush-ember-41-lantern' };
    const signUp = await fetch(`${app.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Ella',
        last_name: 'Excluded',
        email: ella.email,
        password: ella.password,
        membership_id: 1,
        recaptcha_token: 'local-test-token',
        marketing_opt_in: true,
      }),
    });
    expect(signUp.status).toBe(201);
    const page = await signedIn(ella);
    await page.goto(`${app.url}/dashboard/settings/limits-and-breaks`);
    await page.getByLabel('Take a break or exclude yourself').selectOption('6-months');
    await page.getByLabel('Your plan during it').selectOption('cancel');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^You have excluded yourself until /).waitFor();
    await shoot(page, 'limits-self-excluded');
    await page.context().close();

    // Staff publish a new draw: Lola (who ticked the box at sign-up) is told; Ella is not.
    const token = await staffApiToken(app.url);
    await switchOffFourEyesAsSingleAdmin(app.url, token);
    const created = await fetch(`${app.url}/api/admin/prizes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'A dozen tour balls',
        slug: 'dozen-tour-balls',
        status: 'published',
        prize_end_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        prize_value: 80,
        open_states: ['NSW', 'VIC', 'QLD'],
        reason: 'A small draw for the month',
      }),
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const told = await waitForMail(
      app.dataDir,
      (m) => m.to.includes('lola.limit@example.com.au') && m.subject === 'A new draw is open',
      'new-draw email to Lola',
    );
    // Every email about a draw links the draw and its terms (issue 22).
    expect(told.text).toContain(`${app.url}/events/dozen-tour-balls/terms`);
    // The reactor decides every recipient of the event in one pass: once its checkpoint is past the
    // event, Ella's email would have been sent already.
    const published = (
      await sql.query<{ commit: string; prepare: string }>(
        "select transaction_id::text as commit, global_position::text as prepare from es.events where event_type = 'PrizePublished' order by global_position desc limit 1",
      )
    ).rows[0]!;
    const pastPublished = async () => {
      const r = await sql.query<{ position: string }>("select position from jobs.reactor_checkpoints where reactor = 'promotional-emails'");
      const [commit, prepare] = (r.rows[0]?.position ?? '-1/-1').split('/').map(BigInt) as [bigint, bigint];
      const [c, p] = [BigInt(published.commit), BigInt(published.prepare)];
      return commit > c || (commit === c && prepare >= p);
    };
    await expect.poll(pastPublished, { timeout: 30_000 }).toBe(true);
    const toElla = (await listSentMail(app.dataDir)).filter((m) => m.to.includes(ella.email));
    expect(toElla.length, 'her welcome email at least: the outbox is read').toBeGreaterThan(0);
    expect(toElla.filter((m) => m.subject === 'A new draw is open')).toEqual([]);
  });

  it('downloads their data and finds their payments, entries and orders in it', async () => {
    const page = await signedIn(breaker);
    // The pro shop sells goods, not draws: a break does not stop an order.
    await page.goto(`${app.url}/pro-shop/product/roar-tour-cap`);
    await page.getByLabel('Colour', { exact: true }).selectOption('Black');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto(`${app.url}/pro-shop/checkout`);
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('First name').fill('Bea');
    await shipping.getByLabel('Last name').fill('Break');
    await shipping.getByLabel('Street address').fill('1 Fairway Drive');
    await shipping.getByLabel('Suburb').fill('Carlton');
    await shipping.getByLabel('State or territory').selectOption('VIC');
    await shipping.getByLabel('Postcode').fill('3053');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/pay\/checkout\//);
    await page.locator('#number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Bea Break');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/pro-shop\/checkout\/success\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await page.getByText(/^Order R-[0-9A-F]{8} is paid: /).waitFor({ timeout: 30_000 });

    // On a phone the settings index is the list of settings pages: the profile is one tap away.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${app.url}/dashboard/settings`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(/\/dashboard\/settings\/profile$/);
    await page.getByRole('button', { name: 'Download my data' }).waitFor();
    await shoot(page, 'profile');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    const dir = mkdtempSync(join(tmpdir(), 'roar-my-data-'));
    try {
      const zip = join(dir, 'my-data.zip');
      await download.saveAs(zip);
      execFileSync('unzip', ['-q', zip, '-d', join(dir, 'out')]);
      const files = readdirSync(join(dir, 'out'), { recursive: true }).map(String);
      expect(files).toEqual(expect.arrayContaining(['payments.json', 'payments.csv', 'entries.json', 'entries.csv', 'orders.json', 'orders.csv']));
      const read = (name: string) => readFileSync(join(dir, 'out', name), 'utf8');
      const payments = JSON.parse(read('payments.json')) as unknown[];
      const entries = JSON.parse(read('entries.json')) as unknown[];
      const orders = JSON.parse(read('orders.json')) as Array<Record<string, unknown>>;
      // The plan's first month and the cap: two payments; the plan's entries; the cap's order.
      expect(payments.length).toBeGreaterThanOrEqual(2);
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(orders.map((o) => String(o.id))).toContain(orderId);
      expect(read('orders.csv')).toContain(orderId);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.context().close();
  });
});
