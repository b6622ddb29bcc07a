import { latestContentVersion } from './content-admin/versions';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Router, type Request, type RequestHandler } from 'express';
import { cleanHtml, type HtmlKind } from '@roar/domain';
import { listPrizes } from '@roar/projections';
import type { AppContext } from './context';
import { chooseEncoding } from './precompressed';
import { withStyleHashes } from './security-headers';

/**
 * Public pages rendered on the server (issue 25): the member console's own components, rendered
 * by its server bundle (web-member/src/entry-server.tsx, built to dist-server/), so a visitor
 * sees the page before any script runs and a crawler without JavaScript reads it whole, with its
 * canonical link and, on a giveaway, its Open Graph and Twitter card. The browser hydrates the
 * same page from the answers embedded beside it.
 *
 * Each page is kept, per URL, while the read models it shows stay at the same projection position
 * (the catalogue answers' rule, content/cache.ts) and at most PAGE_MAX_AGE_MS: countdowns and
 * "closes in" lines move with time, and staff-edited content pages are not projected. A page that
 * is only too old (its read models and content have not moved) is answered as it is while its
 * replacement renders in the background, once per URL at a time, if it is at most one period
 * past its age (issue 25: the visitor who came just after the period turned waited for a render,
 * whose CPU a phone-sized first paint competes with on the same machine). A page whose data moved,
 * or older than that, is rendered before answering, as before.
 */
const PAGE_MAX_AGE_MS = 30_000;
/** Distinct URLs kept; past it the oldest page goes first. */
const MAX_PAGES = 500;
/** The read models public pages show (giveaways and their pools, winners, the membership catalogue, rewards). */
const READ_MODELS = ['prizes', 'draw_eligibility', 'memberships', 'rewards'];

/** Screens that stay rendered in the browser: a member's own, forms, links carrying tokens, the shop, the live verify and transparency pages. */
const CLIENT_ONLY: readonly RegExp[] = [
  /^\/dashboard(\/|$)/,
  /^\/(login|sign-up|forgot-password|change-password|logout)\/?$/,
  /^\/refer(\/|$)/,
  /^\/attest\//,
  /^\/pro-shop(\/|$)/,
  /^\/events\/[^/]+\/verify\/?$/,
  // The transparency log's tree heads move every few seconds and its times are relative to now: it
  // hydrated with a text mismatch (React #418, seen by e2e/security-headers).
  /^\/transparency\/?$/,
];

/** The public pages the site map lists, besides each open giveaway. */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  '/membership',
  '/member-draws',
  '/upcoming-giveaways',
  '/events',
  '/winners',
  '/rewards',
  '/team-prizes',
  '/how-it-works',
  '/benefits',
  '/about-us',
  '/faq',
  '/support-center',
  '/contact-us',
  '/transparency',
  '/terms-and-conditions',
  '/privacy-policy',
];

type Rendered =
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  | { readonly kind: 'page'; readonly html: string; readonly head: string; readonly data: string; readonly modules: readonly string[] };

/** dist/.vite/manifest.json: per source module, its chunk, the chunks it imports and its stylesheets. */
type Manifest = Record<string, { readonly file: string; readonly css?: readonly string[]; readonly imports?: readonly string[] }>;

/**
 * The stylesheets a page's route modules bring (and the chunks they import), by their built path
 * ("assets/home-1.css"): with the built index.html's own, they are in the page before it is drawn.
 */
export function routeStyles(manifest: Manifest, modules: readonly string[]): string[] {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...styles];
}

/** A stylesheet written into the page: its text and the Content-Security-Policy source that lets it apply. */
export interface InlineStyle {
  readonly css: string;
  readonly hash: string;
}

/** The policy source of a style element holding exactly `css` ('sha256-…'). */
export const styleHash = (css: string): string => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

interface Renderer {
  setServerHtmlCleaner(clean: (html: string, kind: HtmlKind) => string): void;
  render(url: URL, options: { apiBase: string; publicUrl: string }): Promise<Rendered>;
}

interface Entry {
  /** The read models' and the content's versions the page was rendered at. */
  readonly version: string;
  /** The PAGE_MAX_AGE_MS period it was rendered in. */
  readonly period: number;
  /** Its replacement, while one renders in the background. */
  refreshing?: Promise<void>;
  readonly answer: {
    readonly status: number;
    readonly location?: string;
    readonly html?: string;
    /** The policy sources of the style elements in `html`. */
    readonly styleHashes?: readonly string[];
    /** `html` compressed, per encoding, made when a client first asks for it. */
    readonly compressed?: Partial<Record<PageEncoding, Promise<Buffer>>>;
  };
}

/**
 * A page carries its stylesheets (fillTemplate): compressed, as the build's files are (static.ts), it
 * costs the wire about what the page and its stylesheets did apart. Made once per kept page, off the
 * event loop.
 */
const PAGE_ENCODINGS: ReadonlySet<PageEncoding> = new Set(['br', 'gzip'] as const);
type PageEncoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compressPage = (html: string, encoding: PageEncoding): Promise<Buffer> =>
  encoding === 'br' ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipped(html, { level: 9 });

export const isPrerendered = (path: string): boolean => !CLIENT_ONLY.some((pattern) => pattern.test(path));

const ROOT_ELEMENT = '<div id="root"></div>';
/** web-member/public/start-after-paint.js: starts the app's entry scripts once the page has been painted. */
const START_AFTER_PAINT = '/start-after-paint.js';

/**
 * The built index.html with a rendered page in it: its head tags, the app in #root, the answers for
 * hydration after it. The page's stylesheets (the template's and `page.styles`, the route's) come
 * first in the head; each that `inline` gives the text of is written into the page as a style
 * element (issue 25: a stylesheet link blocks the first paint until it has been fetched, and on a
 * phone that is the longest wait before it). Beside each inlined one stays its link, disabled: a
 * disabled stylesheet link is not fetched, and Vite's loader, which adds a route's stylesheets when
 * its module loads (before hydration, and on later visits in the app), finds it linked and does not
 * fetch it again. Returns the page and the stylesheets inlined (their hashes go in the policy).
 */
export function fillTemplate(
  template: string,
  page: { html: string; head: string; data: string; styles?: readonly string[] },
  inline: (href: string) => InlineStyle | null = () => null,
): { html: string; inlined: InlineStyle[] } {
  const title = /<title>[\s\S]*?<\/title>/.exec(page.html)?.[0];
  const links = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  let html = links.reduce((at, link) => at.replace(link, ''), template);
  const hrefs = [...links.map((link) => /href="([^"]+)"/.exec(link)?.[1] ?? ''), ...(page.styles ?? []).map((css) => `/${css}`)].filter(
    (href, i, all) => href !== '' && all.indexOf(href) === i,
  );
  const inlined: InlineStyle[] = [];
  const stylesheets = hrefs.map((href) => {
    const style = inline(href);
    if (!style) return `<link rel="stylesheet" crossorigin href="${href}" />`;
    inlined.push(style);
    return `<style>${style.css}</style><link rel="stylesheet" crossorigin href="${href}" disabled />`;
  });
  // The entry scripts are started once the page has been painted (web-member/public/start-after-paint.js,
  // after the next frame): a deferred script runs as soon as the document is parsed, which on a page that
  // arrives whole is before its first frame, and the app's entry chunk took ~300 ms of a phone's main
  // thread (4x CPU) there. They are preloaded, so they are fetched and compiled meanwhile.
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)].map((m) => m[1]!);
  html = html.replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/g, '');
  const start = entries.length
    ? [
        ...entries.map((src) => `<link rel="modulepreload" crossorigin href="${src}" />`),
        `<script defer src="${START_AFTER_PAINT}" data-entries="${entries.join(' ')}"></script>`,
      ].join('\n    ')
    : '';
  // Until that paint, what the stylesheet holds back under `.paint-first` (web-member home.css: everything below
  // the home page's hero, and the footer) skips its layout (content-visibility: hidden); the start script lifts
  // the class once the first frame is drawn, before the app starts. Only with a start script, which alone lifts it.
  if (start) html = html.replace(/<html([^>]*)>/, '<html$1 class="paint-first">');
  // The page's first frame waits until its heading has been parsed (render-blocking `expect`; a browser
  // without it ignores the link, and the block lifts at the end of the document should the heading be
  // missing): the parser may yield after the header, and a frame of the header alone came first in about
  // one cold load in six of the home page, its heading (the largest paint) a frame later.
  const heading = /<h1\b[^>]*?\sid="([A-Za-z][\w-]*)"/.exec(page.html)?.[1];
  const expectHeading = heading ? [`<link rel="expect" href="#${heading}" blocking="render" />`] : [];
  html = html.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${[...stylesheets, ...expectHeading].join('\n    ')}`);
  if (title) html = html.replace(/<title>[\s\S]*?<\/title>/, title);
  if (page.head.includes('name="description"')) html = html.replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '');
  html = html
    .replace('</head>', `  ${page.head}${start ? `\n    ${start}` : ''}\n  </head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${page.html}</div>\n    <script type="application/json" id="ssr-data">${page.data}</script>`);
  return { html, inlined };
}

/** The address the server renderer's loads go to: this process, on the interface the request came in on. */
function loopback(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
  return `http://${host}:${String(req.socket.localPort)}`;
}

/**
 * GET handler for the member console's documents: a public page rendered on the server, or
 * next() (the plain index.html, rendered in the browser) for client-only screens, when the server
 * bundle is not built, or when rendering failed (logged; the visitor still gets the app).
 */
export function prerenderHandler(ctx: AppContext, distDir: string): RequestHandler {
  const bundle = join(distDir, '..', 'dist-server', 'entry-server.js');
  const index = join(distDir, 'index.html');
  if (!existsSync(bundle) || !existsSync(index)) return (_req, _res, next) => next();
  const template = readFileSync(index, 'utf8');
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {};
  // The build's stylesheets, read once each: a stylesheet that could end its style element early is linked instead.
  const styles = new Map<string, InlineStyle | null>();
  const inlineStyle = (href: string): InlineStyle | null => {
    if (!styles.has(href)) {
      const file = join(distDir, href);
      const css = href.startsWith('/assets/') && href.endsWith('.css') && existsSync(file) ? readFileSync(file, 'utf8') : null;
      styles.set(href, css === null || /<\/style/i.test(css) ? null : { css, hash: styleHash(css) });
    }
    return styles.get(href) ?? null;
  };
  let renderer: Promise<Renderer> | null = null;
  const pages = new Map<string, Entry>();
  const log = ctx.logger.child({ module: 'prerender' });

  const version = async (): Promise<string> => {
    const projected = ctx.projections.readModelVersion ? await ctx.projections.readModelVersion(READ_MODELS) : 'none';
    // Content pages, FAQs and home blocks are edited in tables, not projected: their own version moves with each edit.
    return `${projected}+${await latestContentVersion(ctx.sql)}`;
  };

  // The request's URL and loopback address are taken when it comes in: a refresh renders after the answer has gone.
  const build = async (originalUrl: string, apiBase: string): Promise<Entry['answer']> => {
    // HTML in a page is cleaned by the domain's one policy, as the API cleans what it stores and answers.
    renderer ??= (import(pathToFileURL(bundle).href) as Promise<Renderer>).then((r) => {
      r.setServerHtmlCleaner(cleanHtml);
      return r;
    });
    const publicUrl = ctx.publicUrl();
    const rendered = await (await renderer).render(new URL(originalUrl, publicUrl), { apiBase, publicUrl });
    if (rendered.kind === 'redirect') return { status: rendered.status, location: rendered.location };
    const page = fillTemplate(template, { ...rendered, styles: routeStyles(manifest, rendered.modules) }, inlineStyle);
    return { status: 200, html: page.html, styleHashes: page.inlined.map((style) => style.hash), compressed: {} };
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPrerendered(req.path) || !req.accepts('html')) return next();
    const key = req.originalUrl;
    const apiBase = loopback(req);
    void (async () => {
      const at = await version();
      // On the app's clock: a test clock moved on by days renders afresh, as the countdowns it moves would.
      const period = Math.floor(ctx.now().getTime() / PAGE_MAX_AGE_MS);
      const keep = (answer: Entry['answer'], renderedIn: number): void => {
        pages.delete(key);
        if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
        pages.set(key, { version: at, period: renderedIn, answer });
      };
      const hit = pages.get(key);
      let answer: Entry['answer'];
      if (hit && hit.version === at && hit.period === period) answer = hit.answer;
      else if (hit && hit.version === at && hit.period === period - 1) {
        // Only too old: answered as it is while its replacement renders (kept only if the data has not moved meanwhile).
        answer = hit.answer;
        hit.refreshing ??= build(key, apiBase)
          .then(
            async (fresh) => {
              if ((await version()) === at && pages.get(key) === hit) keep(fresh, period);
            },
            (error: unknown) => log.warn({ err: error, path: req.path }, 'server rendering failed; the kept page is served until the next try'),
          )
          .finally(() => {
            hit.refreshing = undefined;
          });
      } else {
        answer = await build(key, apiBase);
        keep(answer, period);
      }
      const encoding = answer.html !== undefined && answer.compressed ? chooseEncoding(req.headers['accept-encoding'], PAGE_ENCODINGS) : null;
      const body =
        encoding && answer.compressed && answer.html !== undefined
          ? await (answer.compressed[encoding] ??= compressPage(answer.html, encoding))
          : null;
      return { answer, encoding, body };
    })().then(
      ({ answer, encoding, body }) => {
        if (answer.location) {
          res.redirect(answer.status, answer.location);
          return;
        }
        res.setHeader('Cache-Control', 'no-cache');
        const policy = res.getHeader('Content-Security-Policy');
        if (typeof policy === 'string' && answer.styleHashes?.length)
          res.setHeader('Content-Security-Policy', withStyleHashes(policy, answer.styleHashes));
        res.vary('Accept-Encoding');
        if (encoding && body) {
          res.setHeader('Content-Encoding', encoding);
          res.status(answer.status).type('html').send(body);
          return;
        }
        res.status(answer.status).type('html').send(answer.html);
      },
      (error: unknown) => {
        log.warn({ err: error, path: req.path }, 'server rendering failed; the page is rendered in the browser');
        next();
      },
    );
  };
}

const xmlEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `/sitemap.xml` (the public pages and every open giveaway) and `/robots.txt` pointing at it. */
export function sitemapRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    const base = ctx.publicUrl().replace(/\/+$/, '');
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`User-agent: *\nDisallow: /dashboard/\nDisallow: /admin/\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`);
  });
  router.get('/sitemap.xml', (_req, res, next) => {
    const base = ctx.publicUrl().replace(/\/+$/, '');
    const now = ctx.now().getTime();
    listPrizes(ctx.sql, { statuses: ['published'] })
      .then((rows) => {
        const open = rows
          .filter(({ prize }) => Date.parse(prize.prize_end_date) > now)
          .map(({ prize }) => `/events/${encodeURIComponent(prize.slug)}`);
        const urls = [...SITEMAP_PATHS, ...open].map((path) => `  <url><loc>${xmlEscape(`${base}${path}`)}</loc></url>`);
        res.type('application/xml').setHeader('Cache-Control', 'public, no-cache');
        res.send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        );
      })
      .catch(next);
  });
  return router;
}
