import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser, startApp } from '../e2e/harness';

/**
 * First-visit JavaScript of the two consoles, as a browser with an empty cache fetches it from the
 * real product process (PGlite, seeded catalogue, the built apps): the member console's home page
 * and the staff console's sign-in page, each loaded until the network is idle. Per page, the bytes
 * on the wire when the browser accepts brotli (its default), when it accepts gzip only, and the
 * same scripts uncompressed (the baseline, from the same responses). Needs `npm run build` first.
 */
const KIB = 1024;
/** The member console's first visit, gzip: the goal the bench checks. */
const MEMBER_HOME_GZIP_GOAL_KIB = 150;
/** Chromium's CPU slowed this many times for the paint timings (a mid-range phone). */
const CPU_THROTTLING = 4;
/**
 * Paint timings per page: the median of this many cold loads, the pages taking turns. With 5 the
 * minimal page's own median moved 152-336 ms between back-to-back runs on the quiet 2-core VM
 * (and the home page's ratio 1.5-4.1x): too few loads for a floor the goals divide by.
 */
const PAINT_RUNS = 15;
/** A page not painted this long after its network went idle counts as not painted (NaN). */
const PAINT_WAIT_MS = 15_000;

/**
 * The floor for the paint timings: a static page with a heading, a paragraph and one small
 * stylesheet, no script, served by a plain node server in this process.
 */
const MINIMAL_PAGE = `<!doctype html><html lang="en-AU"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>Minimal</title><link rel="stylesheet" href="/minimal.css" /></head><body><main><h1>ROAR+ sports rewards club</h1>
<p>Partner discounts, green-fee cashback, an official handicap and member prize draws, in one membership.</p></main></body></html>`;
const MINIMAL_CSS = 'body{font-family:system-ui,sans-serif;margin:0;padding:2rem}h1{font-size:2.5rem}';

async function serveMinimalPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/minimal.css') {
      res.writeHead(200, { 'Content-Type': 'text/css' }).end(MINIMAL_CSS);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(MINIMAL_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

interface Paint {
  readonly fcp: number;
  readonly lcp: number;
}

/**
 * One cold load at CPU_THROTTLING x CPU slowdown (CDP Emulation.setCPUThrottlingRate): first
 * contentful paint and the last largest-contentful-paint candidate once the network is idle.
 */
async function paintOnce(browser: Browser, url: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The paint entries are read with observers (buffered): a page whose first paint comes after the
    // network went idle (a script-drawn page at 4x) is waited for, up to PAINT_WAIT_MS. The script is
    // a string: tsx would wrap a function's inner functions in a helper the page does not have.
    return await page.evaluate<Paint>(`new Promise((resolve) => {
      let fcp = NaN;
      let lcp = NaN;
      const timer = setTimeout(() => resolve({ fcp, lcp }), ${PAINT_WAIT_MS});
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name !== 'first-contentful-paint') continue;
          fcp = entry.startTime;
          clearTimeout(timer);
          // Buffered LCP candidates are delivered in a task of their own: take the last one after it.
          setTimeout(() => resolve({ fcp, lcp }), 100);
        }
      }).observe({ type: 'paint', buffered: true });
    })`);
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Medians over PAINT_RUNS loads, the pages taking turns so a busy moment falls on each alike. */
async function paints(browser: Browser, urls: Record<string, string>): Promise<Record<string, Paint>> {
  const runs: Record<string, Paint[]> = Object.fromEntries(Object.keys(urls).map((k) => [k, []]));
  for (let i = 0; i < PAINT_RUNS; i += 1) {
    for (const [key, url] of Object.entries(urls)) runs[key]!.push(await paintOnce(browser, url));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([key, list]) => [key, { fcp: median(list.map((p) => p.fcp)), lcp: median(list.map((p) => p.lcp)) }]),
  );
}

interface Visit {
  readonly scripts: number;
  readonly wire: number;
  readonly raw: number;
  readonly largest: number;
  readonly encodings: ReadonlySet<string>;
}

async function visit(browser: Browser, url: string, acceptEncoding: string | null): Promise<Visit> {
  const context = await browser.newContext({ extraHTTPHeaders: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    let wire = 0;
    let raw = 0;
    let largest = 0;
    const encodings = new Set<string>();
    for (const r of scripts) {
      const sizes = await r.request().sizes();
      const body = (await r.body()).length;
      wire += sizes.responseBodySize;
      raw += body;
      largest = Math.max(largest, body);
      encodings.add((await r.headerValue('content-encoding')) ?? 'identity');
    }
    return { scripts: scripts.length, wire, raw, largest, encodings };
  } finally {
    await context.close();
  }
}

export async function benchAssets(log: (line: string) => void): Promise<Record<string, number>> {
  // Builds the web apps when their sources are newer than the last build (as `npm start` does).
  const built = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'ignore' });
  if (built.status !== 0) throw new Error('bench: building the web apps failed (npm run build)');
  const app = await startApp();
  const minimal = await serveMinimalPage();
  let browser: Browser | null = null;
  try {
    // Inside the try: a browser that cannot start must not leave the product process running.
    browser = await launchBrowser();
    const figures: Record<string, number> = {};
    log('first visit, JavaScript bytes on the wire (empty cache, loaded until the network is idle)');
    log(
      `  ${'page'.padEnd(28)} ${'scripts'.padStart(7)} ${'brotli'.padStart(10)} ${'gzip'.padStart(10)} ${'uncompressed'.padStart(13)}   ratio gzip/uncompressed, largest script`,
    );
    for (const [label, key, path] of [
      ['member home (/)', 'member_home', '/'],
      ['staff sign-in (/admin)', 'staff_login', '/admin/login'],
    ] as const) {
      const br = await visit(browser, `${app.url}${path}`, null);
      const gz = await visit(browser, `${app.url}${path}`, 'gzip');
      const kib = (n: number) => `${(n / KIB).toFixed(1)} KiB`;
      log(
        `  ${label.padEnd(28)} ${String(br.scripts).padStart(7)} ${kib(br.wire).padStart(10)} ${kib(gz.wire).padStart(10)} ${kib(br.raw).padStart(13)}   ${(gz.wire / br.raw).toFixed(2)}, ${kib(br.largest)} (served as ${[...br.encodings].join('/')}; ${[...gz.encodings].join('/')})`,
      );
      figures[`${key}_js_brotli_kib`] = Number((br.wire / KIB).toFixed(1));
      figures[`${key}_js_gzip_kib`] = Number((gz.wire / KIB).toFixed(1));
      figures[`${key}_js_uncompressed_kib`] = Number((br.raw / KIB).toFixed(1));
      figures[`${key}_js_largest_kib`] = Number((br.largest / KIB).toFixed(1));
      figures[`${key}_js_gzip_ratio`] = Number((gz.wire / br.raw).toFixed(3));
    }
    const goalMet = (figures.member_home_js_gzip_kib ?? Infinity) < MEMBER_HOME_GZIP_GOAL_KIB;
    log(`  member home gzip JS under ${MEMBER_HOME_GZIP_GOAL_KIB} KiB: ${goalMet ? 'yes' : 'NO'}`);

    log(`paint at ${CPU_THROTTLING}x CPU throttling, median of ${PAINT_RUNS} cold loads (floor: a minimal static page, same run)`);
    const painted = await paints(browser, { minimal: minimal.url, home: `${app.url}/`, staff_signin: `${app.url}/admin/login` });
    const floor = painted.minimal!;
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    for (const [key, label] of [
      ['minimal', 'minimal static page'],
      ['home', 'member home (/)'],
      ['staff_signin', 'staff sign-in (/admin)'],
    ] as const) {
      const p = painted[key]!;
      log(
        `  ${label.padEnd(28)} FCP ${ms(p.fcp).padStart(8)} (${(p.fcp / floor.fcp).toFixed(2)}x)   LCP ${ms(p.lcp).padStart(8)} (${(p.lcp / floor.lcp).toFixed(2)}x)`,
      );
    }
    figures.minimal_fcp_ms = Math.round(floor.fcp);
    figures.minimal_lcp_ms = Math.round(floor.lcp);
    figures.home_fcp_ms = Math.round(painted.home!.fcp);
    figures.home_lcp_ms = Math.round(painted.home!.lcp);
    figures.staff_signin_fcp_ms = Math.round(painted.staff_signin!.fcp);
    figures.staff_signin_js_gzip_kib = figures.staff_login_js_gzip_kib ?? Number.NaN;
    return figures;
  } finally {
    minimal.server.close();
    await browser?.close();
    await app.stop();
  }
}

// `node --import tsx bench/assets.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchAssets((line) => process.stdout.write(`${line}\n`))
    .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
