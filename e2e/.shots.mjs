import { chromium } from 'playwright-core';
const [,, base, path, name, ...widths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const w of widths.length ? widths : ['390', '820', '1440']) {
  const page = await browser.newPage({ viewport: { width: Number(w), height: 900 } });
  if (process.env.TOKEN_SCRIPT) await page.addInitScript(process.env.TOKEN_SCRIPT);
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  if (process.env.SELECTOR) {
    const el = page.locator(process.env.SELECTOR).first();
    await el.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/ops-shots/${name}-${w}.png` });
  } else await page.screenshot({ path: `/tmp/ops-shots/${name}-${w}.png`, fullPage: process.env.FULL === '1' });
  await page.close();
}
await browser.close();
