import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember, type SignedUp } from './members';
import { drawAction, signInStaffConsole, switchOffFourEyesAsSingleAdmin } from './staff-console';
import { listSentMail } from '@roar/workers';

/**
 * Issue 14's staff day, in Chromium on the embedded default: staff sign in and read the dashboard,
 * suspend and reinstate a member (who cannot sign in meanwhile), close and draw a launch giveaway,
 * look up its winner (recorded) and export its entrants, and upload a prize image that the member then sees on the giveaway.
 */
const PLATINUM = 3;
interface Prize {
  id: string;
  slug: string;
  title: string;
}

describe('running the club day to day', () => {
  let app: RunningApp;
  let browser: Browser;
  let staff: Page;
  let member: SignedUp;
  let memberId = '';
  let prizes: Prize[] = [];
  const login = () =>
    fetch(`${app.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });

  beforeAll(async () => {
    app = await startApp();
    await switchOffFourEyesAsSingleAdmin(app.url);
    browser = await launchBrowser();
    member = await signUpMember(app.url, { email: 'ops.member@example.com.au', membershipId: PLATINUM, firstName: 'Olive' });
    memberId = String(member.user.id);
    const listed = (await (await fetch(`${app.url}/items/prizes?filter[status][_eq]=published&sort=prize_end_date&limit=10`)).json()) as {
      data: Prize[];
    };
    prizes = listed.data;
    expect(prizes.length).toBeGreaterThanOrEqual(2);
    staff = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('staff sign in and the console opens on the dashboard with its figures', async () => {
    await signInStaffConsole(staff, app.url, undefined, { stay: 'dashboard' });
    await expect.poll(() => staff.getByTestId('figure-signups').innerText()).toBe('1');
    await expect.poll(() => staff.getByTestId('figure-mrr').innerText()).toMatch(/^\$\d/);
    await staff.getByTestId('chart-active').locator('svg').first().waitFor();
    const calendar = staff.getByRole('table', { name: 'Draw calendar' });
    for (const p of prizes.slice(0, 2)) await calendar.getByRole('link', { name: p.title }).waitFor();
  });

  it('suspends a member (who then cannot sign in) and reinstates them, each with a reason', async () => {
    await staff.goto(`${app.url}/admin/members/${encodeURIComponent(memberId)}/show/support`);
    const status = staff.getByTestId('member-account-status');
    await expect.poll(() => status.innerText()).toContain('Active');
    await staff.getByRole('button', { name: 'Suspend' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Chargeback under review');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => status.innerText()).toContain('Suspended');
    expect((await login()).status).toBe(403);

    await staff.getByRole('button', { name: 'Reinstate' }).click();
    await staff.getByRole('dialog').getByLabel('Reason').fill('Chargeback withdrawn');
    await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => status.innerText()).toContain('Active');
    expect((await login()).status).toBe(200);
    await staff.getByRole('tab', { name: 'History' }).click();
    await staff.getByText('Chargeback under review').waitFor();
    await staff.getByText('Chargeback withdrawn').waitFor();
  });

  it("cancels the member's plan on their behalf: benefits last to the end of the paid period", async () => {
    await staff.goto(`${app.url}/admin/members/${encodeURIComponent(memberId)}/show/support`);
    await staff.getByRole('button', { name: 'Cancel plan' }).click();
    await staff.getByRole('dialog').getByLabel('Reason').fill('Member asked by phone');
    await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await staff.getByText('Plan cancelled').waitFor();
    // The sign-up session ended with the suspension: sign in afresh.
    const token = ((await (await login()).json()) as { data: { access_token: string } }).data.access_token;
    const me = (await (await fetch(`${app.url}/api/current-user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      user: { membership_end_date: string | null };
    };
    expect(me.user.membership_end_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('closes and draws a launch giveaway, then exports its entrants as CSV', async () => {
    const prize = prizes[0]!;
    await staff.goto(`${app.url}/admin/prizes/${encodeURIComponent(prize.id)}/show/draw`);
    await drawAction(staff, 'Close entries', 'Draw winner');
    await drawAction(staff, 'Draw winner', 'Notify winner');
    // The only entrant wins; staff see the name, linked to the member, and the look-up is recorded.
    await staff.getByRole('button', { name: 'Show winner (recorded)' }).click();
    const winner = staff.getByRole('link', { name: 'Olive Citizen' });
    expect(await winner.getAttribute('href')).toBe(`/admin/members/${encodeURIComponent(memberId)}/show`);
    await staff.getByText(/Looked up by admin@roarplus\.test/).waitFor();
    // Notified, then the winner email is sent again on request (recorded on the member's history).
    await drawAction(staff, 'Notify winner', 'Publish result');
    await expect
      .poll(async () => (await listSentMail(app.dataDir)).filter((m) => m.to.includes(member.email) && m.subject.startsWith('You won')).length)
      .toBe(1);
    // From the member's Support tab: the prize they won is offered, sent again with a reason.
    await staff.goto(`${app.url}/admin/members/${encodeURIComponent(memberId)}/show/support`);
    await staff.getByRole('button', { name: 'Resend email' }).click();
    const resend = staff.getByRole('dialog', { name: 'Resend email' });
    await resend.getByRole('combobox', { name: 'Email' }).click();
    await staff.getByRole('option', { name: `Winner email: ${prize.title}` }).click();
    await resend.getByLabel('Reason').fill('Member lost the email');
    await resend.getByRole('button', { name: 'Send again' }).click();
    await staff.getByText('Email sent again').waitFor();
    await expect
      .poll(async () => (await listSentMail(app.dataDir)).filter((m) => m.to.includes(member.email) && m.subject.startsWith('You won')).length)
      .toBe(2);
    await staff.goto(`${app.url}/admin/prizes/${encodeURIComponent(prize.id)}/show/draw`);
    await staff.getByRole('tab', { name: 'Entry list' }).click();
    const download = staff.waitForEvent('download');
    await staff.getByRole('button', { name: 'Export entrants (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^entrants-.+\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe('position,entrant_id,tickets,first_ticket,last_ticket,member_ids,firstname,lastname,email');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(member.email);
    expect(rows[0]).toMatch(/^1,[^,]+,\d+,1,\d+,/);
    // The export is in the log, with who took it.
    await staff.goto(`${app.url}/admin/exports`);
    await staff.getByRole('cell', { name: 'entrants' }).waitFor();
    await staff.getByRole('cell', { name: 'admin@roarplus.test' }).waitFor();
  });

  it('uploads a prize image that the member then sees on the giveaway', async () => {
    const prize = prizes[1]!;
    const image = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#12a150' } })
      .png()
      .toBuffer();
    await staff.goto(`${app.url}/admin/prizes/${encodeURIComponent(prize.id)}`);
    await staff.getByLabel('Hero image file').setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: image });
    const preview = staff.getByRole('img', { name: 'Hero image preview' });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/media\/prize\/.+-landscape\.webp$/);
    const src = (await preview.getAttribute('src'))!;
    await expect.poll(() => staff.getByRole('img', { name: 'Hero image (portrait) preview' }).getAttribute('src')).toMatch(/-portrait\.webp$/);
    // The description is rich text: formatting from the toolbar, no HTML typed.
    const description = staff.getByRole('textbox', { name: 'Description' });
    await description.click();
    await staff.keyboard.press('ControlOrMeta+a');
    await staff.keyboard.type('Includes ');
    // The toolbar never takes the focus from the editor, so the next keys land there, not on the button.
    const blurs = await description.evaluateHandle((editor) => {
      const seen = { count: 0 };
      editor.addEventListener('blur', () => (seen.count += 1));
      return seen;
    });
    await staff.getByRole('button', { name: 'Bold' }).click();
    expect(await blurs.evaluate((seen) => seen.count)).toBe(0);
    await staff.keyboard.type('lunch at the clubhouse');
    await staff.getByLabel(/^Reason/).fill('Launch image for the giveaway');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.waitForURL(/\/admin\/prizes\/[^/]+\/show/);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/events/${prize.slug}`);
    await page.getByRole('heading', { name: prize.title }).waitFor();
    await page.locator('strong', { hasText: 'lunch at the clubhouse' }).first().waitFor();
    const shown = page.locator(`img[src="${src}"]`).first();
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1600);
    await page.close();
  });

  it("edits the member's details and sign-in email from the Support tab; a taken email is refused", async () => {
    await signUpMember(app.url, { email: 'ops.other@example.com.au', membershipId: PLATINUM, firstName: 'Otto' });
    await staff.goto(`${app.url}/admin/members/${encodeURIComponent(memberId)}/show/support`);
    const edit = staff.getByRole('dialog', { name: 'Edit details' });
    await staff.getByRole('button', { name: 'Edit details' }).click();
    await edit.getByLabel('Email').fill('ops.other@example.com.au');
    await edit.getByLabel('Reason').fill('Member asked to use the family inbox');
    await edit.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('An account with this email already exists.').waitFor();
    await edit.getByLabel('Email').fill('olive.new@example.com.au');
    await edit.getByLabel('Mobile').fill('0400 000 111');
    await edit.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Member details saved').waitFor();
    const signIn = await fetch(`${app.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'olive.new@example.com.au', password: member.password }),
    });
    expect(signIn.status).toBe(200);
    expect((await login()).status).toBe(401);
    await staff.getByRole('tab', { name: 'History' }).click();
    await staff.getByText('MemberEmailChanged').first().waitFor();
  });
});
