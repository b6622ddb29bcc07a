import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AU_STATES } from '@roar/contracts/common';
import { launchBrowser, startApp, type RunningApp, shotsDir } from './harness';
import { signUpMember, type SignedUp } from './members';
import { signInStaffConsole, staffApiToken, switchOffFourEyesAsSingleAdmin } from './staff-console';

const SHOTS = shotsDir('admin22');
const WIDTHS = [1440, 390] as const;

/**
 * Issue 22, the staff console's compliance screens: an admin registers a permit (the form refuses
 * one ending before it starts), sets a new NSW permit threshold from today with its source, opens a
 * prize to NSW, VIC and QLD, and walks a winner's claim: verify (identity and age seen), award with
 * a delivery note. Each screen is shot at 1440 and 390 px.
 */
describe('staff compliance screens', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let member: SignedUp;
  let drawnId = '';
  let draftId = '';

  async function api(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, bearer = token) {
    const r = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await r.json()) as Record<string, unknown>;
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  }
  async function shots(name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp();
    await switchOffFourEyesAsSingleAdmin(app.url);
    token = await staffApiToken(app.url);
    browser = await launchBrowser();
    member = await signUpMember(app.url, {
      email: 'sam.kerr@example.com.au',
      password: 'quartz-meadow-41-lantern',
      membershipId: 3,
      firstName: 'Sam',
    });
    // A giveaway drawn and notified through the api; its winner claims it (the member side is e2e/draws).
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const drawn = await api('POST', '/api/admin/prizes', {
      title: 'Driver fitting and a new driver',
      slug: 'driver-fitting',
      prize_type_id: 'normal',
      prize_end_date: ends,
      prize_value: 900,
      status: 'published',
      reason: 'Spring giveaway',
    });
    drawnId = String(drawn.id);
    for (const step of ['schedule', 'close', 'draw', 'notify']) await api('POST', `/api/admin/prizes/${drawnId}/${step}`, {});
    await api('POST', '/api/claim-prize', { prize_id: drawnId, state: 'QLD' }, member.access_token);
    const draft = await api('POST', '/api/admin/prizes', {
      title: 'Weekend in the Hunter Valley',
      slug: 'hunter-valley-weekend',
      prize_type_id: 'normal',
      prize_end_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      prize_value: 2500,
      status: 'draft',
      reason: 'Autumn giveaway',
    });
    draftId = String(draft.id);
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInStaffConsole(page, app.url, undefined, { stay: 'dashboard' });
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await app?.stop();
  });

  it('registers a permit; the form refuses one that ends before it starts', async () => {
    await page.getByRole('menuitem', { name: 'Permits', exact: true }).click();
    await page.waitForURL(/\/admin\/permits/);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('State or territory').click();
    await page.getByRole('option', { name: 'NSW', exact: true }).click();
    await page.getByLabel('Permit number').fill('TP/05678');
    await page.getByLabel('Holder').fill('ROAR+ Golf Club Ltd');
    await page.getByLabel('Valid from').fill('2026-01-01');
    await page.getByLabel('Valid to').fill('2025-12-31');
    await page.getByLabel('Conditions').fill('Draw at the clubhouse before a witness.');
    await page.getByLabel('Reason').fill('NSW authority granted');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A permit cannot end before it starts.').waitFor();
    await shots('permit-create-refused');
    await page.getByLabel('Valid to').fill('2027-12-31');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/permits$/);
    const row = page.getByRole('row').filter({ hasText: 'TP/05678' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Current');
    await shots('permits-list');
  });

  it('sets a new NSW threshold from today with its source', async () => {
    await page.getByRole('menuitem', { name: 'Compliance rules', exact: true }).click();
    await page.getByRole('heading', { name: /Permit rules in force/ }).waitFor();
    await page.getByLabel('Permit needed above (AUD)').fill('12000');
    await page.getByLabel('Lead time (business days)').fill('5');
    await page.getByLabel('Source').fill('Lotteries and Art Unions Act 1901 (NSW), as amended');
    await page.getByLabel('Reason').fill('Threshold raised');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => page.getByTestId('rule-NSW').innerText()).toContain('$12,000');
    await shots('compliance-rules');
  });

  it('opens a prize to NSW, VIC and QLD with a 21-day claim period', async () => {
    await page.goto(`${app.url}/admin/prizes/${draftId}/edit`);
    // A prize from before open states reads as open everywhere: every box starts ticked.
    for (const state of AU_STATES) await page.getByRole('checkbox', { name: state, exact: true }).setChecked(['NSW', 'VIC', 'QLD'].includes(state));
    await page.getByLabel('Claim period (days)').fill('21');
    await page.getByLabel('Reason').fill('Open in three states');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/show/);
    await expect
      .poll(async () => [...((await api('GET', `/api/admin/prizes/${draftId}`)).open_states as string[])].sort())
      .toEqual(['NSW', 'QLD', 'VIC']);
    expect((await api('GET', `/api/admin/prizes/${draftId}`)).claim_period_days).toBe(21);
    await page.goto(`${app.url}/admin/prizes/${draftId}/edit`);
    await expect.poll(() => page.getByLabel('Claim period (days)').inputValue()).toBe('21');
    await shots('prize-open-states');
  });

  it("verifies the winner's identity and age, then awards the prize with a delivery note", async () => {
    await page.getByRole('menuitem', { name: 'Prize claims', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Driver fitting and a new driver' });
    await row.getByText('Verify identity and age').waitFor();
    expect(await row.innerText()).toContain('QLD');
    await shots('prize-claims-waiting');
    await row.getByRole('button', { name: 'Verify' }).click();
    const verify = page.getByRole('dialog', { name: /Verify/ });
    await verify.getByLabel("I saw the winner's identity").check();
    await verify.getByLabel('I saw proof the winner is 18 or over').check();
    await verify.getByRole('button', { name: 'Verify' }).click();
    await row.getByText('Award the prize').waitFor();
    await row.getByRole('button', { name: 'Award' }).click();
    const award = page.getByRole('dialog', { name: /Award/ });
    await award.getByLabel('Delivery note').fill('Collected at the pro shop, signed for');
    await award.getByRole('button', { name: 'Award' }).click();
    await award.waitFor({ state: 'hidden' });
    await row.getByText('awarded').waitFor();
    const claim = await api('GET', `/api/admin/prize-claims/${drawnId}`);
    expect(claim).toMatchObject({ claim_state: 'awarded', delivery_note: 'Collected at the pro shop, signed for', winner_name: 'Sam Citizen' });
    expect(claim.verified_by).toEqual(expect.any(String));
    await shots('prize-claims-awarded');
  });

  it("shows the member's state and date of birth, and staff correct them with a reason", async () => {
    const memberId = String(member.user.id);
    await page.goto(`${app.url}/admin/members/${memberId}/show`);
    await page.getByText('1990-01-01').waitFor();
    await page.getByRole('button', { name: 'Edit residence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit residence' });
    await dialog.getByLabel('State or territory').click();
    await page.getByRole('option', { name: 'VIC', exact: true }).click();
    await dialog.getByLabel('Reason').fill('Moved to Melbourne, proof seen');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await api('GET', `/api/admin/members/${memberId}`)).state).toBe('VIC');
    await page.getByText('VIC', { exact: true }).waitFor();
    await shots('member-residence');
  });

  it('shows and saves the club draw settings', async () => {
    await page.getByRole('menuitem', { name: 'Draw settings', exact: true }).click();
    await page.getByLabel('Default claim period (days)').fill('45');
    await page.getByLabel('Reason').fill('Shorter claim period');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(async () => (await api('GET', '/api/admin/draw-settings')).defaultClaimPeriodDays).toBe(45);
    await shots('draw-settings');
  });
});
