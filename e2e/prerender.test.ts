import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { launchBrowser, startApp, type RunningApp } from './harness';

/** Waits until React has claimed the page's first heading (its fiber is on it); with `drawnByServer`, the very node the test marked as drawn by the server. */
async function hydrated(page: Page, options: { readonly drawnByServer?: boolean } = {}): Promise<void> {
  const marked = options.drawnByServer === true;
  await expect
    .poll(
      () =>
        page
          .locator('h1')
          .first()
          .evaluate((h1, drawn) => Object.keys(h1).some((k) => k.startsWith('__reactFiber')) && (!drawn || 'drawnByServer' in h1), marked),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Issue 25, public pages that paint without JavaScript: what a crawler without JavaScript (a
 * plain fetch) gets from the real product process, and a browser hydrating the server's page
 * without drawing it again. Needs `npm run build` first (the server bundle is part of it).
 */
interface PrizeItem {
  readonly title: string;
  readonly slug: string;
  readonly prize_value: number;
  readonly prize_end_date: string;
  readonly hero_image: string | null;
}

let app: RunningApp;
let browser: Browser;
let prizes: PrizeItem[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const res = await fetch(`${app.url}/items/prizes?limit=100`);
  prizes = ((await res.json()) as { data: PrizeItem[] }).data;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const html = async (path: string): Promise<{ status: number; body: string }> => {
  const res = await fetch(`${app.url}${path}`, { headers: { Accept: 'text/html' } });
  return { status: res.status, body: await res.text() };
};

/** The content of a `<meta property|name="key">` tag, entities decoded, or null. */
const metaOf = (body: string, key: string): string | null => {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(body);
  return (
    match?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"') ?? null
  );
};

const rootOf = (body: string): string => /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(body)?.[1] ?? '';

describe('a crawler without JavaScript', () => {
  it("gets a giveaway's page text, its canonical link and its Open Graph and Twitter card in the served HTML", async () => {
    const prize = prizes.find((p) => Date.parse(p.prize_end_date) > Date.now());
    expect(prize, 'the seeded catalogue has an open giveaway').toBeDefined();
    const { status, body } = await html(`/events/${prize!.slug}`);
    expect(status).toBe(200);
    const pageUrl = `${app.url}/events/${prize!.slug}`;
    expect(body).toContain(`<link rel="canonical" href="${pageUrl}" />`);
    // The page itself, not an empty app shell: the title as the page's heading, and the value.
    expect(rootOf(body)).toContain(`<h1 class="giveaway__title">${prize!.title}</h1>`);
    expect(rootOf(body)).toContain(`$${prize!.prize_value.toLocaleString('en-AU')}`);
    expect(metaOf(body, 'og:title')).toBe(`${prize!.title} | ROAR+`);
    expect(metaOf(body, 'og:url')).toBe(pageUrl);
    expect(metaOf(body, 'twitter:card')).toBe('summary_large_image');
    const image = metaOf(body, 'og:image') ?? '';
    expect(image.startsWith(`${app.url}/`), `og:image is absolute: ${image}`).toBe(true);
    // A JPEG the server draws from the hero image (the sites show no SVG), its size named beside it.
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await picture.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([metaOf(body, 'og:image:type'), metaOf(body, 'og:image:width'), metaOf(body, 'og:image:height')]).toEqual(['image/jpeg', '1200', '630']);
    expect(metaOf(body, 'twitter:image')).toBe(image);
    // The closing date in the club's zone (worked out here with Intl, not with the app's formatter).
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: CLUB_TIME_ZONE,
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
        .formatToParts(new Date(prize!.prize_end_date))
        .map((p) => [p.type, p.value]),
    );
    const description = metaOf(body, 'og:description') ?? '';
    expect(description).toContain(prize!.title);
    expect(description).toContain(`Entries close ${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod} AE`);
    expect(metaOf(body, 'twitter:description')).toBe(description);
    // One description: the page's own replaces the site's.
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('gets every public page drawn, with its canonical link and its card; a member page stays an app shell', async () => {
    for (const [path, text] of [
      ['/', 'Just Glory'],
      ['/membership', 'Pick your membership'],
      ['/member-draws', 'Member Draws'],
      ['/winners', 'Our winners'],
      ['/rewards', 'Rewards'],
      ['/about-us', 'About Us'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/how-it-works', 'How It Works'],
    ] as const) {
      const { status, body } = await html(path);
      expect(status, path).toBe(200);
      expect(rootOf(body), path).toContain(text);
      expect(body, path).toContain(`<link rel="canonical" href="${app.url}${path}" />`);
      expect(body, path).toContain('<script type="application/json" id="ssr-data">');
      // A shared link to it shows the page's title and the club's picture.
      const title = /<head>[\s\S]*?<title>([^<]*)<\/title>/.exec(body)?.[1];
      expect(metaOf(body, 'og:title'), path).toBe(title?.replace(/&amp;/g, '&'));
      expect(metaOf(body, 'og:url'), path).toBe(`${app.url}${path}`);
      expect(metaOf(body, 'og:image'), path).toBe(`${app.url}/share/site.jpg`);
      expect(metaOf(body, 'twitter:card'), path).toBe('summary_large_image');
    }
    const site = await fetch(`${app.url}/share/site.jpg`);
    expect([site.status, site.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const { body } = await html('/dashboard');
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('ssr-data');
  });

  it('gets a home page whose pictures all load after its first paint (issue 25: each SVG picture is a document to build first)', async () => {
    const { body } = await html('/');
    const images = rootOf(body).match(/<img [^>]*>/g) ?? [];
    expect(
      images.some((img) => img.includes('/images/giveaways/')),
      'the next giveaway is pictured',
    ).toBe(true);
    for (const img of images) expect(img).toContain('loading="lazy"');
  });

  it('finds the public pages and every open giveaway in /sitemap.xml, named by /robots.txt', async () => {
    const robots = await (await fetch(`${app.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    const res = await fetch(`${app.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toContain('xml');
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['/', '/membership', '/member-draws', '/winners', '/rewards', '/about-us']) expect(locs).toContain(`${app.url}${path}`);
    const open = prizes.filter((p) => Date.parse(p.prize_end_date) > Date.now());
    expect(open.length).toBeGreaterThan(0);
    for (const p of open) expect(locs).toContain(`${app.url}/events/${p.slug}`);
    for (const p of prizes.filter((x) => Date.parse(x.prize_end_date) <= Date.now())) expect(locs).not.toContain(`${app.url}/events/${p.slug}`);
  });
});

describe('a visitor with JavaScript', () => {
  it("hydrates the server's page: the drawn nodes are kept and made live, with no error in the console", async () => {
    for (const path of ['/', `/events/${prizes[0]!.slug}`, '/membership']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      // The entry script waits until the drawn heading is marked, so the mark is on the server's node.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The held module script holds DOMContentLoaded back too: wait for the drawn heading instead.
      await page.goto(`${app.url}${path}`, { waitUntil: 'commit' });
      await page.locator('h1').first().waitFor();
      await page
        .locator('h1')
        .first()
        .evaluate((h1) => Object.assign(h1, { drawnByServer: true }));
      release();
      // Hydrated: React has claimed the node the server drew (its fiber is on it), not a new one.
      await hydrated(page, { drawnByServer: true });
      await page.waitForLoadState('networkidle');
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it("keeps everything below the home page's hero out of its first frame, and shows it, whole, before the app starts (issue 25)", async () => {
    const shown = `[document.documentElement.className, ...[...document.querySelectorAll('.hero ~ *, .site-footer')].map((e) => getComputedStyle(e).contentVisibility)]`;
    // The hero's glows and ring (its ::before and ::after): left out of the first frame, shown after it.
    const glows = `['::before', '::after'].map((p) => getComputedStyle(document.querySelector('.hero'), p).opacity)`;
    // Without JavaScript nothing is held back: the page is laid out as it always was.
    const bare = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const plain = await bare.newPage();
    await plain.goto(`${app.url}/`, { waitUntil: 'networkidle' });
    const [mark, ...plainStates] = (await plain.evaluate(shown)) as string[];
    expect(mark).toBe('paint-first');
    expect(plainStates.length).toBeGreaterThan(8);
    expect(new Set(plainStates)).toEqual(new Set(['visible']));
    expect(await plain.evaluate(glows)).toEqual(['1', '1']);
    const fullHeight = await plain.evaluate(() => document.documentElement.scrollHeight);
    await bare.close();

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // When the parser has read the whole page (readyState "interactive", before the start script runs), the giveaway,
    // the sections and the footer are held back; the hero is not.
    await page.addInitScript(`document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.heldAtParse = { shown: ${shown}, hero: getComputedStyle(document.querySelector('.hero')).contentVisibility, glows: ${glows} };
    })`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/`, { waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => 'heldAtParse' in window), { timeout: 30_000 }).toBe(true);
    const atParse = (await page.evaluate('window.heldAtParse')) as { shown: string[]; hero: string; glows: string[] };
    expect(atParse.shown[0]).toBe('paint-first');
    expect(new Set(atParse.shown.slice(1))).toEqual(new Set(['hidden']));
    expect(atParse.hero).toBe('visible');
    expect(atParse.glows).toEqual(['0', '0']);
    // Lifted by the start script after the first frame, while the app's entry is still held.
    await expect.poll(() => page.evaluate(shown), { timeout: 30_000 }).toEqual(['', ...plainStates]);
    await expect.poll(() => page.evaluate(glows), { timeout: 30_000 }).toEqual(['1', '1']);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(fullHeight);
    release();
    await hydrated(page);
    expect(errors).toEqual([]);

    await context.close();

    // A link to a section of the page, opened afresh, still lands on it (the section is the page's CSS target).
    const linked = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const section = await linked.newPage();
    await section.goto(`${app.url}/#partners-title`, { waitUntil: 'networkidle' });
    await expect.poll(() => section.evaluate(() => Math.round(document.getElementById('partners-title')!.getBoundingClientRect().top))).toBe(0);
    expect(await section.evaluate(() => window.scrollY)).toBeGreaterThan(900);
    await linked.close();

    // Should the start script never run, the page is shown all the same (home.css: after 3 s).
    const blocked = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const without = await blocked.newPage();
    await without.route(/start-after-paint\.js$/, (route) => route.abort());
    await without.goto(`${app.url}/`, { waitUntil: 'load' });
    await expect.poll(() => without.evaluate(shown), { timeout: 10_000 }).toEqual(['paint-first', ...plainStates]);
    expect(await without.evaluate(glows)).toEqual(['1', '1']);
    expect(await without.evaluate(() => document.documentElement.scrollHeight)).toBe(fullHeight);
    await blocked.close();
  });
});
