import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { routes, type RouteHandle } from './app/router';
import { PRODUCT_NAME } from './config/site';
import { paths } from './config/paths';
import { setDefaultBaseUrl, type ApiResult } from './lib/api-client';
import { formatDollars } from './lib/format';
import { PreloadProvider, preloadedJson, setRenderNow, type PreloadStore } from './lib/preload';
import { formatDrawTime, imageUrl, prizeKey, type Prize } from './lib/prizes';
import { SHARE_IMAGE, shareImagePath, SITE_SHARE_IMAGE_PATH } from '@roar/contracts/prizes';

export { setServerHtmlCleaner } from './components/ui/safe-html';

/**
 * The member console rendered on the server (issue 25, public pages that paint without
 * JavaScript): the API process imports this bundle (`vite build --ssr`, dist-server/) and serves
 * public pages as HTML a visitor sees before any script runs, and a crawler without JavaScript
 * reads whole. The same routes and components as the browser; the loads a page makes are run
 * here, against the API itself, and embedded for hydration (lib/preload.tsx).
 */
export interface RenderOptions {
  /** Where the page's loads go: the API process itself (loopback). */
  readonly apiBase: string;
  /** The public address of the site (canonical links, Open Graph URLs). */
  readonly publicUrl: string;
}

export type Rendered =
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  | {
      readonly kind: 'page';
      /** The rendered app, for the root element. */
      readonly html: string;
      /** Tags for the document's head: title, canonical link, Open Graph and Twitter cards. */
      readonly head: string;
      /** The JSON for `<script type="application/json" id="ssr-data">`. */
      readonly data: string;
      /** The source modules of the page's routes (dist/.vite/manifest.json keys): their chunks and stylesheets are linked. */
      readonly modules: readonly string[];
    };

/** Renders at most this many times: each pass may reveal loads the previous answers led to. */
const MAX_PASSES = 4;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const meta = (attribute: 'name' | 'property', key: string, content: string): string =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** Rich text (a prize description) as one plain line of at most `max` characters. */
function plainText(html: string, max: number): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The Open Graph and Twitter tags of a shared link: its title, address and picture, with the
 * picture's type and size where the server draws it (`drawn`), and a description where the page
 * has its own for the card.
 */
function card(c: { title: string; description?: string; pageUrl: string; image: string; drawn: boolean; alt: string }): string {
  const described = c.description === undefined ? [] : [c.description];
  return [
    ...described.map((d) => meta('name', 'description', d)),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', c.title),
    ...described.map((d) => meta('property', 'og:description', d)),
    meta('property', 'og:url', c.pageUrl),
    meta('property', 'og:image', c.image),
    ...(c.drawn
      ? [
          meta('property', 'og:image:type', SHARE_IMAGE.type),
          meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
          meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
        ]
      : []),
    meta('property', 'og:image:alt', c.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', c.title),
    ...described.map((d) => meta('name', 'twitter:description', d)),
    meta('name', 'twitter:image', c.image),
  ].join('\n    ');
}

/** The card a shared link to a giveaway shows: the prize, its value, its closing time in the club's zone, its picture. */
export function giveawayCard(prize: Prize, pageUrl: string, publicUrl: string): string {
  const about = plainText(prize.description, 160);
  const description = `Win ${prize.title}, valued at ${formatDollars(prize.prize_value)}. Entries close ${formatDrawTime(prize.prize_end_date)}.${about ? ` ${about}` : ''}`;
  // The server's JPEG of the hero image (sites draw no SVG); a picture elsewhere is named as it is.
  const shown = imageUrl(prize.hero_image);
  const elsewhere = /^(https?:)?\/\//i.test(shown);
  const image = new URL(elsewhere ? shown : shareImagePath(prize.slug, prize.hero_image), publicUrl).href;
  return card({ title: `${prize.title} | ${PRODUCT_NAME}`, description, pageUrl, image, drawn: !elsewhere, alt: prize.title });
}

/**
 * The card of a shared link to any other public page: its title, its address and the club's
 * picture (the page's own description stays the one sites read).
 */
export function siteCard(title: string, pageUrl: string, publicUrl: string): string {
  return card({ title, pageUrl, image: new URL(SITE_SHARE_IMAGE_PATH, publicUrl).href, drawn: true, alt: PRODUCT_NAME });
}

export async function render(url: URL, options: RenderOptions): Promise<Rendered> {
  setDefaultBaseUrl(options.apiBase);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  // A route that failed to load (not a page that is missing): the caller serves the browser's app instead.
  const failed = Object.values(context.errors ?? {}).find((e) => !isRouteErrorResponse(e));
  if (failed !== undefined) throw failed instanceof Error ? failed : new Error(String(failed));
  const router = createStaticRouter(handler.dataRoutes, context);
  const store: Required<PreloadStore> = { answers: new Map(), wanted: new Map() };
  const renderedAt = Date.now();
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    store.wanted.clear();
    setRenderNow(renderedAt);
    try {
      html = renderToString(
        <PreloadProvider store={store}>
          <AppProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </PreloadProvider>,
      );
    } finally {
      setRenderNow(null);
    }
    if (store.wanted.size === 0) break;
    const loads = [...store.wanted];
    const answers = await Promise.all(loads.map(([, load]) => load()));
    loads.forEach(([key], i) => store.answers.set(key, answers[i]));
  }
  const pageUrl = new URL(url.pathname, options.publicUrl).href;
  const head = [`<link rel="canonical" href="${escapeHtml(pageUrl)}" />`];
  const giveaway = matchRoutes([{ path: paths.event.path }], url.pathname)?.[0]?.params.slug;
  if (giveaway !== undefined) {
    const answer = store.answers.get(prizeKey(giveaway)) as ApiResult<Prize | null> | undefined;
    if (answer?.ok && answer.data) head.push(giveawayCard(answer.data, pageUrl, options.publicUrl));
  }
  if (head.length === 1) {
    const title = plainText(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '', 200) || PRODUCT_NAME;
    head.push(siteCard(title, pageUrl, options.publicUrl));
  }
  const data = preloadedJson({ renderedAt, answers: Object.fromEntries(store.answers) });
  const modules = context.matches.flatMap((m) => {
    const handle = m.route.handle as RouteHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
  return { kind: 'page', html, head: head.join('\n    '), data, modules };
}
