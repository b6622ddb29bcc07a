import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../src/context';
import { fillTemplate, isPrerendered, prerenderHandler, routeStyles, styleHash } from '../src/prerender';
import { withStyleHashes } from '../src/security-headers';

const TEMPLATE = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta
      name="description"
      content="The club."
    />
    <title>ROAR+</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/paths-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a prerendered page in the built index.html', () => {
  it('puts the app in #root, the answers after it, the page title and head tags in the head, stylesheets first, the entry started after the first paint', () => {
    const { html, inlined } = fillTemplate(TEMPLATE, {
      html: '<title>ROAR+ | Home</title><h1>Win big</h1>',
      head: '<link rel="canonical" href="https://club.test/" />',
      data: '{"renderedAt":1,"answers":{}}',
    });
    expect(inlined).toEqual([]);
    expect(html).toContain('<div id="root"><title>ROAR+ | Home</title><h1>Win big</h1></div>');
    expect(html).toContain('<script type="application/json" id="ssr-data">{"renderedAt":1,"answers":{}}</script>');
    expect(html.match(/<title>/g)).toHaveLength(2);
    expect(html.indexOf('<title>ROAR+ | Home</title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<title>ROAR+</title>');
    expect(html.indexOf('<link rel="canonical"')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('index-c.css')).toBeLessThan(html.indexOf('index-a.js'));
    // The entry script is started after the first paint (public/start-after-paint.js), preloaded meanwhile.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-a.js" />');
    expect(html).toContain('<script defer src="/start-after-paint.js" data-entries="/assets/index-a.js"></script>');
    expect(html.indexOf('start-after-paint.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('name="description"');
    // Marked for the start script, which lifts the mark after the first frame (web-member home.css, .paint-first).
    expect(html).toContain('<html lang="en-AU" class="paint-first">');
  });

  it("holds the first frame until the page's heading is parsed, when the heading has an id", () => {
    const { html } = fillTemplate(TEMPLATE, { html: '<header>ROAR+</header><h1 id="hero-title">Win big</h1>', head: '', data: '{}' });
    expect(html).toContain('<link rel="expect" href="#hero-title" blocking="render" />');
    expect(html.indexOf('rel="expect"')).toBeLessThan(html.indexOf('</head>'));
    const later = fillTemplate(TEMPLATE, { html: '<h1 class="title" id="refer-title">Refer</h1>', head: '', data: '{}' }).html;
    expect(later).toContain('<link rel="expect" href="#refer-title" blocking="render" />');
    const plain = fillTemplate(TEMPLATE, { html: '<h1>Win big</h1>', head: '', data: '{}' }).html;
    expect(plain).not.toContain('rel="expect"');
  });

  it('marks the page paint-first only when it has a start script to lift the mark', () => {
    const bare = TEMPLATE.replace(/\s*<script type="module"[^>]*><\/script>/, '');
    const { html } = fillTemplate(bare, { html: '<h1>Win big</h1>', head: '', data: '{}' });
    expect(html).not.toContain('start-after-paint.js');
    expect(html).not.toContain('paint-first');
    expect(html).toContain('<html lang="en-AU">');
  });

  it("keeps one description: a giveaway's own replaces the site's", () => {
    const { html } = fillTemplate(TEMPLATE, { html: '', head: '<meta name="description" content="Win a car." />', data: '{}' });
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('Win a car.');
  });
});

describe('route stylesheets from the build manifest', () => {
  it("finds the stylesheets of a route's chunk and of the chunks it imports, once each", () => {
    const manifest = {
      'src/app/routes/home.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'], imports: ['_shared.js', '_cards.js'] },
      '_shared.js': { file: 'assets/shared-2.js', css: ['assets/shared-2.css'], imports: ['_cards.js'] },
      '_cards.js': { file: 'assets/cards-3.js', css: ['assets/home-1.css'] },
    };
    expect(routeStyles(manifest, ['src/app/routes/home.tsx', 'src/app/routes/missing.tsx'])).toEqual(['assets/home-1.css', 'assets/shared-2.css']);
  });
});

describe('stylesheets written into the page (issue 25: no stylesheet fetch before the first paint)', () => {
  const sheets: Record<string, string> = { '/assets/index-c.css': 'body{margin:0}', '/assets/home-1.css': '.hero{color:red}' };
  const inline = (href: string) => (sheets[href] ? { css: sheets[href], hash: styleHash(sheets[href]) } : null);

  it("holds the template's and the route's stylesheets in style elements, first in the head, each beside its link disabled", () => {
    const { html, inlined } = fillTemplate(
      TEMPLATE,
      { html: '<h1>Win big</h1>', head: '', data: '{}', styles: ['assets/home-1.css', 'assets/gone-9.css'] },
      inline,
    );
    expect(inlined.map((s) => s.css)).toEqual(['body{margin:0}', '.hero{color:red}']);
    expect(html).toContain('<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-c.css" disabled />');
    expect(html).toContain('<style>.hero{color:red}</style><link rel="stylesheet" crossorigin href="/assets/home-1.css" disabled />');
    // A stylesheet without text to inline stays an ordinary link.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/gone-9.css" />');
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(3);
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('index-a.js'));
    expect(html.indexOf('<style>')).toBeGreaterThan(html.indexOf('name="viewport"'));
  });

  it("hashes a style element's exact text as CSP does", () => {
    // echo -n 'body{margin:0}' | openssl dgst -sha256 -binary | base64
    expect(styleHash('body{margin:0}')).toBe("'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='");
  });

  it('adds the hashes to style-src only, and leaves a policy that already allows inline styles as it is', () => {
    const policy = "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self'";
    expect(withStyleHashes(policy, ["'sha256-a'", "'sha256-b'", "'sha256-a'"])).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-a' 'sha256-b'; style-src-attr 'unsafe-inline'; img-src 'self'",
    );
    const chat = "default-src 'self'; style-src 'self' https://client.crisp.chat 'unsafe-inline'";
    expect(withStyleHashes(chat, ["'sha256-a'"])).toBe(chat);
    expect(withStyleHashes(policy, [])).toBe(policy);
  });
});

describe('which pages are rendered on the server', () => {
  it('public pages are; a member page, sign-in, a token link, the shop and the live verify and transparency pages are not', () => {
    for (const path of ['/', '/membership', '/events/golf-trip', '/events/golf-trip/terms', '/winners', '/about-us', '/some-content-page'])
      expect(isPrerendered(path), path).toBe(true);
    for (const path of [
      '/dashboard',
      '/dashboard/my-draws',
      '/login',
      '/sign-up',
      '/change-password',
      '/refer/ABC',
      '/attest/1',
      '/pro-shop',
      '/events/x/verify',
    ])
      expect(isPrerendered(path), path).toBe(false);
  });
});

describe('kept pages (issue 25: no visitor waits for a render only because the page grew old)', () => {
  const FAKE_BUNDLE = `let n = 0;
export function setServerHtmlCleaner() {}
export async function render(url) {
  n += 1;
  globalThis.__prerenderCalls = n;
  if (globalThis.__prerenderGate) await globalThis.__prerenderGate;
  if (globalThis.__prerenderFail) throw new Error('render failed');
  return { kind: 'page', html: '<p>render ' + n + ' of ' + url.pathname + '</p>', head: '', data: '{}', modules: [] };
}
`;
  const state = globalThis as { __prerenderCalls?: number; __prerenderGate?: Promise<void>; __prerenderFail?: boolean };

  async function serve(readModels: { version: string }) {
    const root = mkdtempSync(join(tmpdir(), 'prerender-'));
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, 'dist-server'));
    writeFileSync(join(root, 'dist', 'index.html'), '<html><head><meta name="viewport" content="x"></head><body><div id="root"></div></body></html>');
    writeFileSync(join(root, 'dist-server', 'entry-server.js'), FAKE_BUNDLE);
    const warnings: unknown[] = [];
    const ctx = {
      logger: { child: () => ({ warn: (...args: unknown[]) => warnings.push(args) }) },
      projections: { readModelVersion: () => Promise.resolve(readModels.version) },
      sql: { query: () => Promise.resolve({ rows: [{ id: 7 }] }) },
      publicUrl: () => 'http://club.test/',
      now: () => new Date(),
    } as unknown as AppContext;
    const app = express();
    app.use(prerenderHandler(ctx, join(root, 'dist')));
    app.use((_req, res) => res.status(404).send('not rendered'));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    const page = async (path: string): Promise<string> =>
      (await fetch(`${url}${path}`, { headers: { Accept: 'text/html' }, signal: AbortSignal.timeout(5_000) })).text();
    return { page, warnings, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  /** Until the background render settles (it has no handle of its own). */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  afterEach(() => {
    vi.useRealTimers();
    state.__prerenderGate = undefined;
    state.__prerenderFail = false;
  });

  it('answers a page only too old at once, as it was, and keeps the one rendered meanwhile for the next visitor', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:05Z') });
    const readModels = { version: 'p1' };
    const site = await serve(readModels);
    try {
      expect(await site.page('/')).toContain('render 1 of /');
      expect(await site.page('/')).toContain('render 1 of /');
      expect(state.__prerenderCalls).toBe(1);
      // The next 30-second period: the old page is answered while the new one renders, held back here.
      vi.setSystemTime(new Date('2026-11-27T10:00:35Z'));
      let open!: () => void;
      state.__prerenderGate = new Promise<void>((resolve) => (open = resolve));
      expect(await site.page('/')).toContain('render 1 of /');
      expect(await site.page('/')).toContain('render 1 of /');
      expect(state.__prerenderCalls).toBe(2); // one refresh at a time
      open();
      await settled();
      expect(await site.page('/')).toContain('render 2 of /');
      expect(state.__prerenderCalls).toBe(2);
    } finally {
      await site.close();
    }
  });

  it('renders before answering when the read models moved or the page is more than one period old; a failed refresh keeps the page', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T11:00:05Z') });
    const readModels = { version: 'p1' };
    const site = await serve(readModels);
    try {
      expect(await site.page('/winners')).toContain('render 1 of /winners');
      readModels.version = 'p2';
      expect(await site.page('/winners')).toContain('render 2 of /winners');
      vi.setSystemTime(new Date('2026-11-27T11:01:05Z')); // two periods on
      expect(await site.page('/winners')).toContain('render 3 of /winners');
      vi.setSystemTime(new Date('2026-11-27T11:01:35Z')); // one period on, and the refresh fails
      state.__prerenderFail = true;
      expect(await site.page('/winners')).toContain('render 3 of /winners');
      await settled();
      expect(site.warnings).toHaveLength(1);
      state.__prerenderFail = false;
      expect(await site.page('/winners')).toContain('render 3 of /winners'); // tried again in the background
      await settled();
      expect(await site.page('/winners')).toContain('render 5 of /winners');
    } finally {
      await site.close();
    }
  });
});
