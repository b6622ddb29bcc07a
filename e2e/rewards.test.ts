import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clubDay } from '@roar/contracts/time';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember } from './members';
import { signInStaffConsole, staffApiToken } from './staff-console';

/**
 * Issue 13's walk in Chromium on the embedded default: a paying member reveals a partner code and
 * a free member sees it locked; a member uploads a green-fee receipt, staff approve it beside the
 * receipt, the payout shows in the bank export, and a second claim that month is refused; staff
 * edit the FAQ and a page, a visitor sees both at once, and staff restore the older version.
 */
describe('partner rewards and green-fee cashback', () => {
  let app: RunningApp;
  let browser: Browser;
  const paying = { email: 'pat.paying@example.com.au', password: 'copper-meadow-1' };
  const free = { email: 'fred.free@example.com.au', password: 'orchid-glacier-1' };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    await signUpMember(app.url, { ...paying, membershipId: 3, firstName: 'Pat' });
    await signUpMember(app.url, { ...free, membershipId: 1, firstName: 'Fred' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signIn(who: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    return { context, page };
  }

  it('a paying member reveals a partner code; a free member sees the offer locked with an upgrade path', async () => {
    const member = await signIn(paying);
    await member.page.goto(`${app.url}/rewards`);
    const gear = member.page.getByRole('article', { name: 'Fairway Gear: Golf gear and apparel' });
    await gear.getByRole('button', { name: 'Show code' }).click();
    await expect.poll(() => gear.getByTestId('offer-code').textContent(), { timeout: 10_000 }).toBe('ROARGEAR25');
    await member.context.close();

    const other = await signIn(free);
    await other.page.goto(`${app.url}/rewards`);
    const locked = other.page.getByRole('article', { name: 'Fairway Gear: Golf gear and apparel' });
    await locked.getByText(/Locked: details and codes are for members with rewards access/).waitFor();
    await locked.getByRole('link', { name: 'Upgrade' }).waitFor();
    expect(await locked.getByRole('button', { name: 'Show code' }).count()).toBe(0);
    expect(await other.page.content()).not.toContain('ROARGEAR25');
    await other.context.close();
  });

  it('a member claims green-fee cashback, staff approve it beside the receipt, the payout is in the export, a second claim that month is refused', async () => {
    const member = await signIn(paying);
    const page = member.page;
    await page.goto(`${app.url}/dashboard/clubhouse/cashback`);
    const form = page.getByRole('form', { name: 'Claim green-fee cashback' });
    const today = clubDay(new Date());
    await form.getByLabel('Course').fill('Parkland Links');
    await form.getByLabel('Date played').fill(today);
    await form.getByLabel('Amount paid (AUD)').fill('42.50');
    await form
      .getByLabel(/Green-fee receipt/)
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Parkland Links green fee $42.50\n') });
    await form.getByRole('button', { name: 'Submit claim' }).click();
    const claim = page.getByRole('listitem', { name: 'Claim for Parkland Links' });
    await claim.getByText('Submitted').waitFor();
    await page.getByText('You have claimed for this month.').waitFor();

    // A second claim this month, sent straight to the API as a crafted client would: refused.
    const token = await page.evaluate(() => localStorage.getItem('roar.access_token') ?? '');
    const second = new FormData();
    second.append('course', 'Riverside Golf');
    second.append('played_on', today);
    second.append('amount', '30');
    second.append('receipt', new Blob([new TextEncoder().encode('%PDF-1.4\n% another round\n')]), 'second.pdf');
    const refused = await fetch(`${app.url}/api/cashback/claims`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.replace(/^"|"$/g, '')}` },
      body: second,
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('You have already claimed cashback for a round played this month.');

    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const staff = await staffContext.newPage();
    await signInStaffConsole(staff, app.url);
    await staff.goto(`${app.url}/admin/cashback-claims`);
    // The receipt is held back until staff are typing in the Approve dialog: the PDF viewer then
    // loads beside the dialog mid-typing (it used to take the focus, and the typed reason with it).
    let releaseReceipt: () => void = () => undefined;
    const receiptHeld = new Promise<void>((resolve) => (releaseReceipt = resolve));
    await staff.route('**/api/admin/cashback-claims/*/receipt', async (route) => {
      await receiptHeld;
      await route.continue();
    });
    await staff.getByText('Parkland Links').click();
    await staff.getByText('Loading receipt...').waitFor();
    await staff.getByRole('button', { name: 'Approve' }).click();
    const dialog = staff.getByRole('dialog');
    const reason = dialog.getByLabel('Reason');
    const reasonFocused = () => reason.evaluate((field) => field === document.activeElement);
    await expect.poll(reasonFocused).toBe(true);
    // Typed as a person types: into whatever has the focus.
    await staff.keyboard.type('e2e: receipt ', { delay: 20 });
    releaseReceipt();
    await staff.keyboard.type('matches the claim', { delay: 40 });
    // The PDF arrived while the dialog is open: its viewer waits for the dialog to close.
    await staff.getByText('The PDF receipt opens here once the dialog is closed.').waitFor();
    await staff.keyboard.type(' (checked)', { delay: 20 });
    expect(await reason.inputValue()).toBe('e2e: receipt matches the claim (checked)');
    expect(await reasonFocused()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await staff.getByText('$20.00').first().waitFor();
    const receipt = await staff.getByTitle('Receipt').elementHandle();
    await (await receipt?.contentFrame())?.waitForLoadState('load');

    await staff.goto(`${app.url}/admin/cashback-payouts`);
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Export scheduled payouts (CSV)' }).click(),
    ]);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    });
    expect(csv).toContain('"Pat Citizen"');
    expect(csv).toContain(`"${paying.email}"`);
    expect(csv).toContain('"20.00","scheduled"');

    await page.reload();
    await claim.getByText('Approved').waitFor();
    await claim.getByText('Cashback $20.00').waitFor();
    await staffContext.close();
    await member.context.close();
  });

  it('staff edit the FAQ and a page, the member sees them at once, staff restore the older version', async () => {
    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const staff = await staffContext.newPage();
    await signInStaffConsole(staff, app.url);
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await visitorContext.newPage();

    await staff.goto(`${app.url}/admin/content-faqs`);
    await staff.getByText('Can I cancel any time?').click();
    const answer = staff.getByLabel('Answer (HTML)');
    // Fill only once the form holds the record, or the record's arrival would overwrite the typing.
    await expect.poll(() => answer.inputValue(), { timeout: 10_000 }).toContain('No obligation');
    await answer.fill('Yes, from your settings, any time. Your benefits last until the end of the paid period.');
    await staff.getByLabel('Reason').fill('e2e: clearer cancellation answer');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('button', { name: 'Restore version 1' }).waitFor();

    await visitor.goto(`${app.url}/faq`);
    // Open the question until its answer shows: a click that lands before the page is interactive is lost on a loaded machine.
    const edited = visitor.getByText('Yes, from your settings, any time.', { exact: false });
    await expect
      .poll(
        async () => {
          if (await edited.isVisible()) return true;
          await visitor.getByText('Can I cancel any time?').click();
          return edited.waitFor({ timeout: 3_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    await staff.goto(`${app.url}/admin/content-pages`);
    await staff.getByText('/about-us').click();
    await expect.poll(() => staff.getByLabel('Title').inputValue(), { timeout: 10_000 }).toBe('About Us');
    await staff.getByLabel('Title').fill('About the ROAR+ club');
    await staff.getByLabel('Reason').fill('e2e: new page title');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('button', { name: 'Restore version 1' }).waitFor();
    await visitor.goto(`${app.url}/about-us`);
    await visitor.getByRole('heading', { name: 'About the ROAR+ club' }).waitFor();

    // One click (and a reason) brings the launch copy back.
    await staff.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('e2e: back to the launch title');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () => {
          await visitor.goto(`${app.url}/about-us`);
          return visitor.getByRole('heading', { level: 1 }).textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('About Us');

    await staff.goto(`${app.url}/admin/content-faqs`);
    await staff.getByText('Can I cancel any time?').click();
    await staff.getByRole('button', { name: 'Restore version 1' }).click();
    await staff.getByRole('dialog').getByLabel('Reason').fill('e2e: back to the launch answer');
    await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await visitor.goto(`${app.url}/faq`);
    await visitor.getByText('Can I cancel any time?').click();
    await visitor.getByText('Yes. No obligation, cancel anytime.', { exact: false }).waitFor();

    // A new page staff publish at a free path is served there; a path the app routes is refused.
    await staff.goto(`${app.url}/admin/content-pages/create`);
    await staff.getByLabel('Path').fill('/golf-etiquette');
    await staff.getByLabel('Title').fill('Golf etiquette');
    await staff.getByLabel('Status').click();
    await staff.getByRole('option', { name: 'published' }).click();
    await staff.getByLabel('Content (HTML)').fill('<p>Repair your pitch marks.</p><script>alert(1)</script>');
    await staff.getByLabel('Reason').fill('e2e: new page');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff
      .getByText('Not edited yet', { exact: false })
      .or(staff.getByRole('table', { name: 'Versions' }))
      .waitFor();
    await visitor.goto(`${app.url}/golf-etiquette`);
    await visitor.getByRole('heading', { name: 'Golf etiquette' }).waitFor();
    await visitor.getByText('Repair your pitch marks.').waitFor();
    expect(await visitor.locator('.info-page script').count()).toBe(0);
    await staffContext.close();
    await visitorContext.close();
  });

  // Issue 14, defect 7: a fresh install ships no fake winners or unrelated videos, and says plainly there are none yet.
  it("a fresh install's winners page shows no invented winner videos and says there are no winners yet", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/winners`);
    await page.getByText('No winners yet: results appear here as soon as the first draw is published.').waitFor();
    expect(await page.getByText('took a prize home').count()).toBe(0);
    expect(await page.locator('iframe[src*="youtube"]').count()).toBe(0);
    await context.close();
  });

  // Issue 14, defect 12: social links are drawn icons, testimonials show their image and say they are illustrative.
  it('shows social icons as SVG and testimonials with their images, marked illustrative', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    const social = page.locator('footer').getByRole('list', { name: 'Social links' });
    await social.getByRole('link', { name: 'Instagram' }).waitFor();
    expect(await social.locator('svg').count()).toBe(3);
    expect((await social.textContent())?.trim()).toBe('');
    await expect.poll(() => page.locator('.testimonial img.testimonial__image').count(), { timeout: 10_000 }).toBe(6);
    // Each image is served by the app (drawn SVGs), not hot-linked.
    const sources = await page
      .locator('.testimonial img.testimonial__image')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    for (const src of sources) {
      expect(src).toMatch(/^\/testimonials\/[a-z]+\.svg$/);
      const r = await fetch(`${app.url}${src}`);
      expect([r.status, r.headers.get('content-type')]).toEqual([200, expect.stringContaining('image/svg+xml')]);
    }
    expect(await page.locator('.testimonial .avatar').count()).toBe(0);
    await page.getByText('Illustrative examples, not real members').waitFor();
    await context.close();
  });

  it('the footer offers support email and phone without a chat provider; a tag manager id from the service keys loads GTM and click_content reaches its data layer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Help' }).click();
    const panel = page.getByRole('dialog', { name: 'Get support' });
    await panel.getByRole('link', { name: 'support@roarplus.com.au' }).waitFor();
    await panel.getByRole('link', { name: '1300 762 775' }).waitFor();
    expect(await page.locator('#gtm-script').count()).toBe(0);

    const token = await staffApiToken(app.url);
    const set = await fetch(`${app.url}/api/admin/service-keys/tag_manager_id`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ token: 'GTM-E2E1234', reason: 'e2e: tag manager' }),
    });
    expect(set.status).toBe(200);
    await page.goto(`${app.url}/rewards`);
    await expect
      .poll(() => page.locator('#gtm-script').getAttribute('src'), { timeout: 10_000 })
      .toBe('https://www.googletagmanager.com/gtm.js?id=GTM-E2E1234');
    // A locked offer's Join Now (the header's own tracking is issue 14's defect 6, not this walk).
    await page.getByRole('article', { name: 'Fairway Gear: Golf gear and apparel' }).getByRole('link', { name: 'Join Now' }).click();
    await page.waitForURL(/\/membership/);
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'click_content', content_name: 'Join Now', content_type: 'button', content_position: 'banner-box' }),
    );
    await context.close();
  });
});
