import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember } from './members';
import { signInStaffConsole } from './staff-console';

/**
 * Issue 20, defect 14: axe-core over the main pages of both consoles, as a visitor, as a signed-in
 * paid member and as staff. A serious or critical violation (WCAG 2.1 A and AA rules) fails the
 * test, named by its rule and the elements it found.
 */
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as a <script>: the consoles' CSP (scripts from self only) rightly refuses inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${JSON.stringify(n.target)}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}]` : ''}`).join('; ')}`,
    );
}

/** Opens each page, waits for what shows it has loaded, and collects what axe finds on it. */
async function audit(
  page: Page,
  baseUrl: string,
  pages: readonly (readonly [path: string, ready: (p: Page) => Promise<unknown>])[],
): Promise<string[]> {
  const found: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(`${baseUrl}${path}`);
    await ready(page).catch((error: unknown) => {
      throw new Error(`${path} did not finish loading: ${error instanceof Error ? error.message : String(error)}`);
    });
    await page.waitForLoadState('networkidle');
    for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
  }
  return found;
}

const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { name }).first().waitFor();

describe('accessibility: no serious or critical axe-core violation on the main pages', () => {
  let app: RunningApp;
  let browser: Browser;
  const member = { email: 'ada.access@example.com.au', password: 'quartz-meadow-41-lantern' };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    await signUpMember(app.url, { ...member, membershipId: 3, firstName: 'Ada' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('member console as a visitor', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const found = await audit(page, app.url, [
      ['/', heading('How It Works')],
      ['/membership', (p) => p.getByRole('link', { name: 'Join Now' }).first().waitFor()],
      ['/member-draws', heading(/Draws/)],
      ['/winners', heading(/winners/i)],
      ['/rewards', heading(/Rewards/)],
      ['/faq', heading(/FAQ|Frequently/i)],
      ['/about-us', heading(/About/)],
      ['/login', (p) => p.getByRole('button', { name: 'Login' }).waitFor()],
      ['/sign-up', (p) => p.getByLabel('Email').waitFor()],
    ]);
    expect(found, found.join('\n')).toEqual([]);
    await page.context().close();
  });

  it('member console as a signed-in paid member', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    const found = await audit(page, app.url, [
      ['/', heading('How It Works')],
      [
        '/dashboard',
        (p) =>
          p
            .getByText(/Platinum/)
            .first()
            .waitFor(),
      ],
      ['/member-draws', heading(/Draws/)],
      ['/pro-shop', (p) => p.getByRole('list', { name: 'Products' }).waitFor()],
      ['/rewards', heading(/Rewards/)],
      ['/dashboard/clubhouse', heading(/Clubhouse/)],
      ['/dashboard/orders', heading(/Orders/)],
      ['/dashboard/settings', heading('Profile')],
      ['/dashboard/settings/membership-plan', heading('Membership Plan')],
    ]);
    expect(found, found.join('\n')).toEqual([]);
    await page.context().close();
  });

  it('staff console', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    const login = await audit(page, app.url, [['/admin/login', (p) => p.getByRole('button', { name: 'Sign in' }).waitFor()]]);
    await signInStaffConsole(page, app.url, undefined, { stay: 'dashboard' });
    const row = (p: Page) => p.locator('table tbody tr').first().waitFor();
    const found = await audit(page, app.url, [
      ['/admin', heading('Draw calendar')],
      ['/admin/members', row],
      ['/admin/memberships', row],
      ['/admin/prizes', row],
      ['/admin/shop-products', row],
      [
        '/admin/shop-orders',
        (p) =>
          p
            .getByText(/No Shop orders|No results/i)
            .or(p.locator('table tbody tr').first())
            .waitFor(),
      ],
      [
        '/admin/cashback-claims',
        (p) =>
          p
            .getByText(/No Cashback claims|No results/i)
            .or(p.locator('table tbody tr').first())
            .waitFor(),
      ],
      ['/admin/content-pages', row],
      ['/admin/content-testimonials', row],
      ['/admin/exports', heading(/Exports/)],
      ['/admin/before-you-sell', heading('ABN')],
    ]);
    expect([...login, ...found], [...login, ...found].join('\n')).toEqual([]);
    await page.context().close();
  });
});
