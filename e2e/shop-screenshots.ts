/**
 * Screenshots of the pro shop pages at 390, 820 and 1440 px for a person to look at:
 * `npx tsx e2e/shop-screenshots.ts [outDir]` (builds must exist). Not a test.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser, startApp } from './harness';
import { signUpMember } from './members';
import { signInStaffConsole } from './staff-console';

const out = process.argv[2] ?? '/tmp/shop-shots';
mkdirSync(out, { recursive: true });
const app = await startApp();
const browser = await launchBrowser();
try {
  const m = await signUpMember(app.url, { email: 'screens@example.com.au', password: 'lantern-mosaic-1', membershipId: 3, firstName: 'Sam' });
  const api = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${m.access_token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then((r) => r.json());
  await api('/api/shop/update-cart', 'PATCH', {
    items: [
      { product: 'roar-performance-polo', sku: 'RS008-M-NAVY', qty: 2, delivery_method: 'standard' },
      { product: 'roar-gift-card', sku: 'RS024-50', qty: 1, delivery_method: null },
    ],
    coupon: 'WELCOME10',
  });
  const pages = [
    '/pro-shop',
    '/pro-shop?category=apparel',
    '/pro-shop/product/roar-performance-polo',
    '/pro-shop/cart',
    '/pro-shop/checkout',
    '/dashboard/orders',
  ];
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
  // A paid order for the staff console's pages.
  await api('/api/shop/update-cart', 'PATCH', {
    shipping_address: { first_name: 'Sam', last_name: 'Citizen', line1: '1 Tee St', suburb: 'Manly', state: 'NSW', postcode: '2095' },
  });
  const started = (await api('/api/shop/checkout', 'POST', {})) as { data: { order_id: string; redirect_url: string } };
  await fetch(started.data.redirect_url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Sam' }).toString(),
  });
  const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await staff.newPage();
  await signInStaffConsole(admin, app.url);
  for (const [name, path] of [
    ['admin-shop-products', '/admin/shop-products'],
    ['admin-shop-order', `/admin/shop-orders/${started.data.order_id}/show`],
    ['admin-shop-coupons', '/admin/shop-coupons'],
  ] as const) {
    await admin.goto(`${app.url}${path}`);
    await admin.waitForLoadState('networkidle');
    await admin.screenshot({ path: `${out}/${name}-1440.png`, fullPage: true });
  }
  await staff.close();
} finally {
  await browser.close();
  await app.stop();
}
