import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';

/**
 * Issue 24 (the sealed log): the public /transparency page shows the latest signed tree head, which
 * the browser itself checks against the published Ed25519 key, and the key. Screenshots at 390,
 * 820 and 1440 px go to SHOTS_DIR when it is set.
 */
describe('the public transparency page', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ TRANSPARENCY_HEAD_INTERVAL_MS: '300' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const json = async <T>(path: string): Promise<T> => (await (await fetch(`${app.url}${path}`)).json()) as T;

  it('shows the latest tree head with a signature the browser verifies, and the public key', async () => {
    // The seeded catalogue is sealed into a first head within moments of start.
    await expect.poll(async () => (await json<{ data: unknown[] }>('/api/transparency/tree-heads?limit=1')).data.length, { timeout: 30_000 }).toBe(1);
    const key = await json<{ data: { public_key_pem: string } }>('/api/transparency/public-key');
    const shots = process.env.SHOTS_DIR;
    if (shots) mkdirSync(shots, { recursive: true });
    for (const width of [390, 820, 1440]) {
      const { data: heads } = await json<{ data: Array<{ root_hash: string }> }>('/api/transparency/tree-heads?limit=1');
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.url}/transparency`);
      await expect.poll(() => page.getByRole('heading', { name: 'A log anyone can check' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('latest-tree-head').textContent()).toContain(heads[0]!.root_hash);
      expect(await page.getByTestId('public-key').textContent()).toBe(key.data.public_key_pem.trim());
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Signature checked in your browser: valid.');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: `${shots}/transparency-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});
