/**
 * Screenshots of the pro shop pages at 390, 820 and 1440 px for a person to look at:
 * `npx tsx e2e/shop-screenshots.ts [outDir]` (builds must exist). Not a test.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser, startApp } from './harness';
import { signUpMember } from './members';

const out = process.argv[2] ?? '/tmp/shop-shots';
mkdirSync(out, { recursive: true });
const app = await startApp();
const browser = await launchBrowser();
try {
  const m = await signUpMember(app.url, { email: 'screens@example.com.au', password: 'screens-password-1', membershipId: 3, firstName: 'Sam' });
  const api = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${app.url}${path}`, { method, headers: { authorization: `Bearer ${m.access_token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }).then((r) => r.json());
  await api('/api/shop/update-cart', 'PATCH', {
    items: [
      { product: 'roar-performance-polo', sku: 'RS008-M-NAVY', qty: 2, delivery_method: 'standard' },
      { product: 'roar-gift-card', sku: 'RS024-50', qty: 1, delivery_method: null },
    ],
    coupon: 'WELCOME10',
  });
  const pages = ['/pro-shop', '/pro-shop?category=apparel', '/pro-shop/product/roar-performance-polo', '/pro-shop/cart', '/pro-shop/checkout', '/dashboard/orders'];
  for (const width of [390, 820, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(m.email);
    await page.getByLabel('Password').fill(m.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);
    for (const path of pages) {
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState('networkidle');
      const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
