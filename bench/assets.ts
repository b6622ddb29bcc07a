import { spawnSync } from 'node:child_process';
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
    return figures;
  } finally {
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
