import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { openAvatarMenu, signUpMember } from './members';

/**
 * Issue 14's member-console defects that only a browser shows: layout at the three widths, the
 * intro video's play button and the about-us blocks, click_content on every Join Now, and the
 * referral toast above the modal's backdrop. Needs `npm run build` first.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(path: string, width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${app.url}${path}`);
  return page;
}

interface Box {
  x: number;
  width: number;
}
const boxOf = async (page: Page, selector: string): Promise<Box> => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
};

describe('the member console a new member meets', () => {
  it('defect 4: Your Giveaway keeps a gutter at 390 and 820 px and lines up with the hero at 1440 px', async () => {
    for (const width of [390, 820]) {
      const page = await open('/', width);
      await page.getByRole('heading', { name: /Your Giveaway/ }).waitFor();
      const box = await boxOf(page, '.next-giveaway');
      expect(box.x, `left gutter at ${width}`).toBeGreaterThanOrEqual(16);
      expect(box.x + box.width, `right gutter at ${width}`).toBeLessThanOrEqual(width - 16);
      await page.close();
    }
    const page = await open('/', 1440);
    await page.getByRole('heading', { name: /Your Giveaway/ }).waitFor();
    const giveaway = await boxOf(page, '.next-giveaway');
    const heroCopy = await boxOf(page, '.hero__copy');
    const howItWorks = await boxOf(page, '.steps');
    expect(Math.abs(giveaway.x - heroCopy.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(giveaway.width - howItWorks.width)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('defect 5: the What is Roar+? play button plays, and about-us has the banner and the 894x504 intro block with Join Now', async () => {
    const page = await open('/');
    const video = page.getByTestId('intro-video');
    await video.getByRole('button', { name: 'Play: What is Roar+?' }).click();
    await video.getByTestId('walkthrough-step').getByRole('heading', { name: 'Choose your membership' }).waitFor();
    await video.getByRole('button', { name: 'Pause: What is Roar+?' }).click();
    await video.getByRole('button', { name: 'Play: What is Roar+?' }).waitFor();
    await page.close();

    const about = await open('/about-us');
    await about.getByTestId('about-banner').waitFor();
    const banner = about.getByTestId('about-banner').locator('img');
    await expect.poll(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const frame = about.getByTestId('intro-video');
    await frame.waitFor();
    const box = await frame.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(894);
    expect(Math.round(box?.height ?? 0)).toBe(504);
    const join = about.getByRole('region', { name: 'What is Roar+?' }).getByRole('link', { name: 'Join Now' });
    expect(await join.getAttribute('href')).toBe('/membership');
    await about.close();
  });

  it('defect 6: Join Now in the header, footer, hero and video box sends click_content with its position', async () => {
    const presses: Array<[string, (page: Page) => ReturnType<Page['getByRole']>]> = [
      ['header', (p) => p.getByTestId('site-header').getByRole('link', { name: 'Join Now' })],
      ['footer', (p) => p.locator('footer').getByRole('link', { name: 'Join Now' })],
      ['banner-box', (p) => p.locator('.hero').getByRole('link', { name: 'Join Now' })],
      ['video-box', (p) => p.getByRole('region', { name: 'What is Roar+?' }).getByRole('link', { name: 'Join Now' })],
    ];
    for (const [position, link] of presses) {
      const page = await open('/');
      // The home page is drawn by the server: its links are the app's once React has taken the page over.
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await link(page).click();
      await page.waitForURL(/\/membership$/);
      const sent = await page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []);
      expect(sent, position).toContainEqual(
        expect.objectContaining({ event: 'click_content', content_name: 'Join Now', content_type: 'button', content_position: position }),
      );
      await page.close();
    }
  });

  it('defect 8: the "Invite sent" toast shows above the referral modal and its backdrop', async () => {
    const member = await signUpMember(app.url, { email: 'toast.referrer@example.com.au', membershipId: 3, firstName: 'Tess' });
    const page = await open('/login', 1280);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    const menu = await openAvatarMenu(page, /Account menu for Tess/, 'Refer Friends');
    await menu.getByRole('menuitem', { name: 'Refer Friends' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Invite a friend by email').fill('toast.friend@example.com.au');
    await modal.getByRole('button', { name: 'Send' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Invite sent to toast.friend@example.com.au' });
    await toast.waitFor();
    // The element painted at the toast's centre is the toast itself, not the backdrop or the modal.
    const onTop = await toast.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop).toBe(true);
    await page.close();
  });
});
