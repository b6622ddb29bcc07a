import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context';
import { readServiceKeys, type ServiceKeyName } from './service-keys/store';

/**
 * Security headers (issue 19, "Closing the ways in"), with helmet:
 * - every answer: `nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `Cross-Origin-Opener-Policy: same-origin`, and HSTS when PUBLIC_URL is https (a plain-http
 *   install would lock its own browsers out otherwise);
 * - each console's documents: a strict Content-Security-Policy (consolePolicy below);
 * - every API answer to a request with credentials, and every answer to a write: `no-store`, so
 *   no shared or back-button cache keeps a member's or a staff user's data.
 */
export function baseSecurityHeaders(ctx: AppContext): RequestHandler {
  const https = ctx.config.PUBLIC_URL?.startsWith('https:') ?? false;
  return helmet({
    contentSecurityPolicy: false,
    // A year, this host only: a club's other subdomains are not ours to pin to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Public images (prize pictures, logos) may be shown by emails and partners: CORP stays off.
    crossOriginResourcePolicy: false,
    // With `Origin-Agent-Cluster: ?1` Chromium's PDF viewer takes the focus once it has drawn a
    // receipt in the staff console's frame, out of the reason dialog opened beside it (seen in
    // e2e/rewards: the Reason field lost the focus). The header is only a process-isolation hint.
    originAgentCluster: false,
  });
}

/** `Cache-Control: no-store` on API answers that depend on who asks (or change something). */
export const noStoreForCredentials: RequestHandler = (req, res, next) => {
  const credentials = req.headers.authorization !== undefined || req.headers.cookie !== undefined;
  if (credentials || (req.method !== 'GET' && req.method !== 'HEAD')) res.setHeader('Cache-Control', 'no-store');
  next();
};

export type ConsoleName = 'member' | 'admin';

/** Pages whose address may hold a token (a reset link, an attestation link): no referrer at all. */
const TOKEN_PAGES = [/^\/change-password\/?$/, /^\/forgot-password\/?$/, /^\/attest\//];

/** Origins a service key brings in, per directive; nothing when the key is not set. */
interface Additions {
  readonly script: string[];
  readonly style: string[];
  readonly connect: string[];
  readonly frame: string[];
  readonly font: string[];
}

/**
 * What the member console loads from elsewhere, and only when its key is set: the tag manager
 * (Google Tag Manager and the Analytics it loads), the support chat (Crisp or tawk.to) and
 * reCAPTCHA (when RECAPTCHA_SITE_KEY is configured).
 */
function serviceOrigins(keys: Partial<Record<ServiceKeyName, string>>, recaptcha: boolean): Additions {
  const add: Additions = { script: [], style: [], connect: [], frame: [], font: [] };
  if (keys.tag_manager_id) {
    // Tags that inject inline script (GTM "Custom HTML") stay blocked: only the container and the
    // tags it loads from Google's origins run.
    add.script.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    add.connect.push('https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
  }
  if (keys.chat_provider === 'crisp' && keys.chat_id) {
    add.script.push('https://client.crisp.chat', 'https://settings.crisp.chat');
    // The chat widgets write their own style elements: inline styles only while one is configured.
    add.style.push('https://client.crisp.chat', "'unsafe-inline'");
    add.connect.push('https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat');
    add.frame.push('https://game.crisp.chat');
    add.font.push('https://client.crisp.chat');
  }
  if (keys.chat_provider === 'tawk' && keys.chat_id) {
    add.script.push('https://*.tawk.to', 'https://cdn.jsdelivr.net');
    add.style.push('https://*.tawk.to', 'https://fonts.googleapis.com', "'unsafe-inline'");
    add.connect.push('https://*.tawk.to', 'wss://*.tawk.to');
    add.frame.push('https://*.tawk.to');
    add.font.push('https://*.tawk.to', 'https://fonts.gstatic.com');
  }
  if (recaptcha) {
    add.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    add.connect.push('https://www.google.com/recaptcha/');
    add.frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  return add;
}

/**
 * The Content-Security-Policy of one console. Scripts come from this origin only (the built
 * consoles have no inline script), plus the service origins above on the member console when their
 * keys are set. Styles: from this origin only on the member console (React's style props go through
 * the CSSOM, which CSP does not govern; a chat widget, which writes its own style elements, brings
 * 'unsafe-inline' with it while it is configured). The staff console's MUI (emotion) and tiptap
 * write style elements at run time: they carry a per-answer nonce (renderAdminIndex), so no
 * injected style element applies there either. Images: this origin, data/blob URLs and https (prize pictures,
 * content images and Instagram posts come from staff-chosen https addresses). Style attributes on the
 * member console's server-rendered pages (style-src-attr). Frames: the YouTube
 * player (member) and blob receipts (staff). Nobody may frame either console.
 */
export function consolePolicy(name: ConsoleName, add: Additions, https: boolean, styleNonce?: string): string {
  const styles = name === 'member' ? ["'self'", ...add.style] : ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    // The staff console's receipt frame shows a PDF from a blob URL: Chromium's viewer embeds it
    // under this policy (inherited by the blob document). With 'none' there, the viewer took the
    // focus from the reason dialog beside it (e2e/rewards).
    ['object-src', name === 'member' ? ["'none'"] : ['blob:']],
    ['script-src', ["'self'", ...add.script]],
    ['script-src-attr', ["'none'"]],
    ['style-src', styles],
    // Pages the server renders (issue 25) carry React's style props as style attributes (a tier's
    // accent colour, a picture's position), which the browser would otherwise drop: attributes
    // only, no style elements, and the HTML staff write is cleaned of style attributes anyway.
    ...(name === 'member' ? ([['style-src-attr', ["'unsafe-inline'"]]] as Array<[string, string[]]>) : []),
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:', ...add.font]],
    ['connect-src', ["'self'", ...add.connect]],
    ['frame-src', name === 'member' ? ['https://www.youtube-nocookie.com', 'https://www.youtube.com', ...add.frame] : ["'self'", 'blob:']],
    ['media-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
  ];
  const policy = directives.map(([directive, sources]) => `${directive} ${[...new Set(sources)].join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * `policy` letting style elements with exactly these contents apply (their 'sha256-…' sources in
 * style-src): the member console's server-rendered pages carry their stylesheets in the page (issue
 * 25). Only those elements: no 'unsafe-inline'. Where style-src already allows inline styles (a chat
 * widget is configured), the policy is left as it is: beside a hash, browsers ignore 'unsafe-inline',
 * and the widget's own style elements would stop applying.
 */
export function withStyleHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy
    .split('; ')
    .map((directive) => {
      if (!directive.startsWith('style-src ')) return directive;
      if (directive.split(' ').includes("'unsafe-inline'")) return directive;
      return `${directive} ${[...new Set(hashes)].join(' ')}`;
    })
    .join('; ');
}

const NO_ADDITIONS: Additions = { script: [], style: [], connect: [], frame: [], font: [] };

/** The staff console's index.html with this answer's style nonce, where its script reads it (src/cspNonce.ts). */
export function renderAdminIndex(html: string, res: Response): string {
  const nonce: unknown = res.locals.cspNonce;
  if (typeof nonce !== 'string') return html;
  return html.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
}

/** The console's policy on everything its router answers, and no referrer on the pages that carry tokens. */
export function consoleSecurityHeaders(ctx: AppContext, name: ConsoleName): RequestHandler {
  const https = ctx.config.PUBLIC_URL?.startsWith('https:') ?? false;
  const fixed = consolePolicy(name, NO_ADDITIONS, https);
  return (req, res, next) => {
    if (name === 'member' && TOKEN_PAGES.some((page) => page.test(req.path))) res.setHeader('Referrer-Policy', 'no-referrer');
    // Scripts, styles and pictures are not documents: they get the fixed policy without a read.
    if (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith('.html')) {
      res.setHeader('Content-Security-Policy', fixed);
      next();
      return;
    }
    if (name === 'admin') {
      // A fresh nonce for the style elements emotion and tiptap write (renderAdminIndex hands it to them).
      const nonce = randomBytes(16).toString('base64');
      res.locals.cspNonce = nonce;
      res.setHeader('Content-Security-Policy', consolePolicy(name, NO_ADDITIONS, https, nonce));
      next();
      return;
    }
    // The member console's policy follows the service keys staff set: read when a page is served.
    readServiceKeys(ctx.sql)
      .then((keys) => {
        res.setHeader('Content-Security-Policy', consolePolicy(name, serviceOrigins(keys, Boolean(ctx.config.RECAPTCHA_SITE_KEY)), https));
        next();
      })
      .catch(next);
  };
}
