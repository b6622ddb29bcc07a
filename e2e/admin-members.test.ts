import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEventRegistry } from '@roar/domain';
import { createPgSql, createPostgresEventStore, type EventStore, type Sql } from '@roar/platform';
import { createTestDatabase, productStore, TEST_PERSONAL_DATA_MASTER_KEY, type TestDatabase } from '@roar/platform/testing';
import { seedPaidMember, type SeededMember } from '../services/api/src/members/admin/test-members';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signInStaffConsole } from './staff-console';

/**
 * Staff working on members in the console (PostgreSQL deployment, so the test can record a paid
 * member in the same store the running app projects from): search, show, adjust entries, payments.
 */
describe('staff console: members, entries and payments', () => {
  let db: TestDatabase | null;
  let app: RunningApp | undefined;
  let sql: Sql | undefined;
  let store: EventStore | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let ada: SeededMember;

  beforeAll(async () => {
    db = await createTestDatabase('roar_e2e_members');
    if (!db) return;
    // The test seals personal fields as the app does: under one master key.
    app = await startApp({ DATABASE_URL: db.url, PERSONAL_DATA_KEY: TEST_PERSONAL_DATA_MASTER_KEY.toString('base64') });
    sql = createPgSql({ connectionString: db.url, max: 2 });
    const registry = createEventRegistry();
    store = (await productStore(await createPostgresEventStore(sql), sql, registry)).store;
    ada = await seedPaidMember(store, registry, { email: 'ada@example.test', firstname: 'Ada', lastname: 'Lovelace' });
    await seedPaidMember(store, registry, { email: 'bob@example.test', firstname: 'Bob', lastname: 'Builder' });
    browser = await launchBrowser();
    page = await browser.newPage();
    await signInStaffConsole(page, app.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await store?.close();
    await sql?.close();
    await db?.drop();
  });

  it('finds a member by name and shows plan, ledger, payments and history', async (t) => {
    if (!app) return t.skip();
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await page.waitForURL(/\/admin\/members/);
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByPlaceholder('Name or email').fill('lovelace');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await page.waitForURL(new RegExp(`/admin/members/${ada.memberId}/show`));
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    // The title reads "Ada Lovelace <ada@example.test>"; the email field holds the address alone.
    await page.getByText('ada@example.test', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Plan' }).click();
    await page.getByText('Platinum', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Entries' }).click();
    await page.locator('td', { hasText: 'initial' }).waitFor();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByText('visa •••• 4242').waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('td', { hasText: 'MembershipActivated' }).waitFor();
  });

  it('grants entries with a reason from the member page, visible in the ledger and the history', async (t) => {
    if (!app) return t.skip();
    await page.getByRole('tab', { name: 'Entries' }).click();
    await page.getByRole('button', { name: 'Adjust entries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust entries' });
    await dialog.getByLabel('Entries').fill('7');
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill('Goodwill after outage');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Entries adjusted: the member now has \d+/).waitFor();
    const row = page.locator('tr', { hasText: 'Goodwill after outage' });
    await row.waitFor();
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('staff-adjustment');
    await page.getByRole('tab', { name: 'History' }).click();
    const last = page.locator('tr', { hasText: 'EntriesGranted' }).last();
    await last.getByText('Goodwill after outage').waitFor();
    await expect.poll(() => last.textContent()).toContain('staff:');
  });

  it('lists payments and filters the subscriptions view', async (t) => {
    if (!app) return t.skip();
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.waitForURL(/\/admin\/payments/);
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().click();
    await page.waitForURL(/\/admin\/payments\/.+\/show/);
    await page.getByText('Subscription', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('visa •••• 4242').count()).toBe(1);

    // The subscriptions view is a filter on the same list: no one-off payments here.
    const answered = page.waitForResponse((r) => r.url().includes('/api/admin/payments?') && r.url().includes('subscription'));
    await page.goto(`${app.url}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ subscription: false }))}`);
    expect((await answered).headers()['content-range']).toBe('payments */0');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(0);
  });

  it('retries a failed job from the failed-jobs page', async (t) => {
    if (!app || !sql) return t.skip();
    // A welcome email that used up its attempts while the mail server was down, as the in-process
    // runtime records it; the running app mails to files, so the retry succeeds.
    const email = { to: ['ada@example.test'], subject: 'Welcome to ROAR+', text: 'Welcome', html: '<p>Welcome</p>' };
    await sql.query(
      `insert into jobs.failed_jobs (id, queue, job_id, data, error, attempts) values ('email/e2e-welcome', 'email', 'e2e-welcome', $1::jsonb, 'connect ECONNREFUSED 127.0.0.1:25', 5)`,
      [JSON.stringify(email)],
    );
    await page.getByRole('menuitem', { name: 'Failed jobs' }).click();
    await page.waitForURL(/\/admin\/jobs-failed/);
    const row = page.locator('table tbody tr', { hasText: 'email/e2e-welcome' });
    await row.waitFor();
    await expect.poll(() => row.locator('td.column-error').textContent()).toBe('connect ECONNREFUSED 127.0.0.1:25');
    await row.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Job queued again').waitFor();
    await expect.poll(() => page.locator('table tbody tr', { hasText: 'email/e2e-welcome' }).count()).toBe(0);
    const left = await sql.query('select 1 from jobs.failed_jobs where id = $1', ['email/e2e-welcome']);
    expect(left.rows).toEqual([]);
  });
});
