import { chromium } from 'playwright-core';
const [,, base, path, name, ...widths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const w of widths.length ? widths : ['390', '820', '1440']) {
  const page = await browser.newPage({ viewport: { width: Number(w), height: 1000 } });
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill('admin@roarplus.test');
  await page.getByLabel('Password').fill('staff-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Draw calendar' }).waitFor({ timeout: 20000 });
  if (path !== '/') { await page.goto(`${base}/admin${path}`); }
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/ops-shots/${name}-${w}.png`, fullPage: true });
  await page.close();
}
await browser.close();
