import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';
import { signUpMember } from './members';

/**
 * Issue 20, defect 2, in Chromium: the public origin is http://localhost:<port> (the default), the
 * member types http://127.0.0.1:<port>. Every page they open there is moved to localhost before the
 * console stores anything, so the session they sign in with is the one a payment return finds.
 */
let app: RunningApp;
let browser: Browser;
const member = { email: 'olly.origin@example.com.au', password: 'amber-glacier-39-sparrow' };

beforeAll(async () => {
  app = await startApp({ PUBLIC_URL: 'http://localhost:{port}' });
  browser = await launchBrowser();
  await signUpMember(app.url, { ...member, membershipId: 3, firstName: 'Olly' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a member who browses at 127.0.0.1', () => {
  it('is moved to the public origin before signing in, and is still signed in where payments return', async () => {
    const port = new URL(app.url).port;
    const publicOrigin = `http://localhost:${port}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/login?redirectTo=%2Fdashboard%2Forders`);
    await page.waitForURL(`${publicOrigin}/login?redirectTo=%2Fdashboard%2Forders`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${publicOrigin}/dashboard/orders`);
    // A checkout returns to the public origin: the session is there.
    await page.goto(`${publicOrigin}/pro-shop/checkout/failed?order=none`);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByText('Members only').count()).toBe(0);
    // Typing the other address again lands on the same, signed-in console.
    await page.goto(`http://127.0.0.1:${port}/dashboard`);
    await page.waitForURL(`${publicOrigin}/dashboard`);
    await page.getByRole('link', { name: 'ROAR Store' }).first().waitFor();
    await context.close();
  });
});
