import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openAvatarMenu, signUpMember } from './members';
import { launchBrowser, startApp, type RunningApp } from './harness';

/**
 * The member console as a visitor and a member see it: the built app served by the real API
 * process (PGlite, seeded catalogue), driven by Debian's Chromium. Needs `npm run build` first.
 */
interface Tier {
  id: number;
  tier: string;
  price: number;
  status: string;
  visible: boolean;
}

let app: RunningApp;
let browser: Browser;
let tiers: Tier[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const res = await fetch(`${app.url}/items/membership?filter[status][_in]=published,archived&sort=sort`);
  tiers = ((await res.json()) as { data: Tier[] }).data;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(path: string, width = 1280, height = 900): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${app.url}${path}`);
  return page;
}

/** A route module's chunk in the build, as the build's manifest names it. */
function routeChunk(source: string): string {
  const manifest = JSON.parse(readFileSync(new URL('../web-member/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest[source]!.file}`;
}

const dollars = (n: number) => (n === 0 ? 'Free' : `$${n.toFixed(2).replace(/\.00$/, '')}`);
const headerBackground = (page: Page) => page.getByTestId('site-header').evaluate((el) => getComputedStyle(el).backgroundColor);

describe('member home page', () => {
  it('shows the taglines, Join Now and Login, and a page title', async () => {
    const page = await open('/');
    const hero = page.getByRole('heading', { level: 1 });
    await expect.poll(() => hero.textContent()).toContain('Win big. No B.S');
    await expect.poll(() => hero.textContent()).toContain('Just Glory');
    await expect.poll(() => page.title()).toBe('ROAR+ | Home');
    const header = page.getByTestId('site-header');
    expect(await header.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/membership');
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    for (const name of ['Member Draws', 'Rewards', 'Membership', 'Winners', 'About Us']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).waitFor();
    }
    await page.getByText('Trusted by subscribers').waitFor();
    await page.getByRole('heading', { name: 'What is Roar+?' }).waitFor();
    await expect.poll(() => page.locator('.testimonial').count()).toBe(6);
    await page.close();
  });

  it('lists the visible published tiers read from the API, with prices and join links', async () => {
    const visible = tiers.filter((t) => t.status === 'published' && t.visible);
    const hidden = tiers.filter((t) => !(t.status === 'published' && t.visible));
    expect(visible.length).toBeGreaterThan(0);
    expect(hidden.length).toBeGreaterThan(0); // the seed has an archived tier: it must not show
    const page = await open('/');
    const cards = page.getByTestId('membership-tiers').getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(visible.length);
    for (const tier of visible) {
      const card = page.getByRole('article', { name: tier.tier, exact: true });
      await expect.poll(() => card.textContent()).toContain(dollars(tier.price));
      // Named Join Now as the spec names it; the plan it joins describes it (aria-describedby).
      const join = card.getByRole('link', { name: 'Join Now', exact: true });
      expect(await join.getAttribute('href')).toBe(`/sign-up?membership=${tier.id}`);
      expect(await join.evaluate((a) => document.getElementById(a.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(tier.tier);
    }
    for (const tier of hidden) expect(await page.getByRole('article', { name: tier.tier, exact: true }).count()).toBe(0);
    await page.close();
  });

  it('turns the header dark once the page has scrolled 10px', async () => {
    const page = await open('/');
    await page.getByTestId('membership-tiers').waitFor();
    expect(await headerBackground(page)).toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => headerBackground(page)).toBe('rgb(11, 26, 58)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => headerBackground(page)).toBe('rgba(0, 0, 0, 0)');
    await page.close();
  });

  it('opens the slide-in menu on a 390px phone', async () => {
    const page = await open('/', 390, 844);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Membership', exact: true }).waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: 'Login' }).waitFor();
    await menu.getByRole('link', { name: 'Join Now' }).waitFor();
    await menu.getByRole('link', { name: 'Instagram' }).waitFor();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  /** Opens a page whose app entry script is held back until `letGo`: the server's page, not yet live. */
  async function openNotYetLive(path: string, width: number, height: number) {
    const page = await browser.newPage({ viewport: { width, height } });
    const chunk = routeChunk('index.html');
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    await page.route(
      (url) => url.pathname === chunk,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${app.url}${path}`, { waitUntil: 'domcontentloaded' });
    return { page, letGo };
  }

  it("holds a tap on the menu made while the server's page is not yet live, and opens the menu once it is", async () => {
    // Only the page's start script (public/start-after-paint.js) is there to hold the tap.
    const { page, letGo } = await openNotYetLive('/', 390, 844);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.locator('html[data-hydrated="true"]').count()).toBe(0);
    letGo();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.getByRole('link', { name: 'Membership', exact: true }).waitFor({ state: 'visible' });
    expect(await page.locator('html[data-hydrated="true"]').count()).toBe(1);
    await page.close();
  });

  it('turns the header dark for a visitor who scrolled before the page went live', async () => {
    const { page, letGo } = await openNotYetLive('/', 1280, 900);
    await page.getByTestId('membership-tiers').waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    letGo();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => headerBackground(page)).toBe('rgb(11, 26, 58)');
    await page.close();
  });
});

describe('private routes and the signed-in header', () => {
  it('sends a visitor from a private route to login and clears a half-written session', async () => {
    const page = await open('/');
    await page.evaluate(() => localStorage.setItem('roar.access_token', 'orphan-token'));
    await page.goto(`${app.url}/dashboard/orders`);
    await page.waitForURL(/\/login\?redirectTo=%2Fdashboard%2Forders$/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('roar.access_token'))).toBeNull();
    await expect.poll(() => page.title()).toBe('ROAR+ | Login');
    await page.close();
  });

  it('gives a member the dashboard, store and avatar menu, and logs out to home', async () => {
    // A real Platinum member (paid with a test card), signed in with the tokens the API issued.
    const real = await signUpMember(app.url, { email: 'header@example.com.au', membershipId: 3 });
    const page = await open('/');
    await page.evaluate((m) => {
      localStorage.setItem('roar.access_token', m.access_token);
      localStorage.setItem('roar.refresh_token', m.refresh_token);
      // The token is valid until its stored expiry (spec section 4); without one it would be refreshed.
      localStorage.setItem('roar.expires', String(Date.now() + m.expires));
      localStorage.setItem('roar.user', JSON.stringify(m.user));
    }, real);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    const header = page.getByTestId('site-header');
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await header.getByRole('link', { name: 'ROAR Store' }).waitFor(); // platinum: active with shop access
    const menu = await openAvatarMenu(page, 'Jane Citizen', 'Refer Friends');
    for (const name of ['Refer Friends', 'Orders', 'Settings', 'Get Support', 'Logout']) {
      await menu.getByText(name, { exact: true }).waitFor();
    }
    expect(await menu.getByRole('link', { name: 'Get Support' }).getAttribute('href')).toMatch(/^mailto:/);
    // Logout ends the session on the server before the browser forgets it (issue 19).
    const logoutCall = page.waitForResponse((r) => r.url() === `${app.url}/auth/logout` && r.request().method() === 'POST');
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const answered = await logoutCall;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toEqual({ refresh_token: real.refresh_token });
    await page.waitForURL(`${app.url}/`);
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('roar.user'))).toBeNull();
    // A copy of the refresh token taken before Logout no longer works, nor does the access token.
    const refresh = await fetch(`${app.url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: real.refresh_token, mode: 'json' }),
    });
    expect(refresh.status).toBe(401);
    expect((await fetch(`${app.url}/api/current-user`, { headers: { authorization: `Bearer ${real.access_token}` } })).status).toBe(401);
    await page.close();
  });
});

describe('information pages', () => {
  it('loads a content page by its path', async () => {
    const page = await open('/about-us');
    await page.getByRole('heading', { name: 'About Us', level: 1 }).waitFor();
    await expect.poll(() => page.locator('.info-page__content').textContent()).toContain("Australia's sports rewards club");
    await expect.poll(() => page.title()).toBe('ROAR+ | About Us');
    await page.close();
  });
});

describe('a release replaced under an open page', () => {
  async function withMissingLoginChunk(restoreAfterReload: boolean) {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    let misses = 0;
    // The login route's own chunk, as the build's manifest names it (the shell's shared auth chunk, which a reload needs before
    // any route loads, is left alone: a real new release serves it under its new name).
    const missing = routeChunk('src/app/routes/auth.tsx');
    await page.route(/\/assets\/auth-[\w-]+\.js$/, async (route) => {
      if (!route.request().url().endsWith(missing)) return route.continue();
      if (restoreAfterReload && misses > 0) return route.continue();
      misses++;
      return route.fulfill({ status: 404, body: 'Not Found' });
    });
    await page.getByTestId('site-header').getByRole('link', { name: 'Login' }).click();
    return { page, misses: () => misses };
  }

  it('reloads once and opens the page from the new build', async () => {
    const { page, misses } = await withMissingLoginChunk(true);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
    expect(misses()).toBe(1);
    await page.close();
  });

  it('shows the error page, not a reload loop, when the chunk stays missing', async () => {
    const { page, misses } = await withMissingLoginChunk(false);
    await page.getByRole('heading', { name: 'Something went wrong. Try again', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).waitFor();
    // One failed load, one reload that failed again, then no more.
    await page.waitForTimeout(1500);
    expect(misses()).toBe(2);
    await page.close();
  });
});
