import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type RequestHandler, type Response } from 'express';
import { precompressedSender, precompressedStatic } from './precompressed';

/** Hashed file names change with their content, so a copy may be kept for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/**
 * Serves a built single-page app: its files, and index.html for any other GET under its base
 * (client-side routes). Hashed assets are cached for a year; index.html never. The build writes
 * brotli and gzip copies beside the files (scripts/precompress.mjs); a client that accepts one
 * gets it, with `Vary: Accept-Encoding`.
 */
export interface SpaOptions {
  /**
   * Writes index.html for one answer (a per-request CSP nonce): the page is then built for each
   * request and never stored (`no-store`: a revalidated copy would carry an old nonce).
   */
  readonly renderIndex?: (html: string, res: Response) => string;
  /** Answers a document request itself (a page rendered on the server) or passes it on to index.html. */
  readonly renderPage?: RequestHandler;
  /**
   * Documents the build drew ahead (issue 25: the staff sign-in page, dist/login.html), each served
   * for the paths that match it (relative to the app's base) in place of index.html, and written for
   * the answer by renderIndex as index.html is. The file itself is not served by its name. A build
   * without the file serves index.html there, as before.
   */
  readonly prerendered?: ReadonlyArray<{ readonly path: RegExp; readonly file: string }>;
}

export function spaRouter(distDir: string, name: string, options: SpaOptions = {}): Router {
  const router = Router();
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    router.use((_req, res) => {
      res.status(503).type('text/plain').send(`The ${name} is not built yet: run \`npm run build\` (npm start does it for you).`);
    });
    return router;
  }
  const sendIndex = precompressedSender(distDir);
  const { renderIndex } = options;
  const serveDocument = (file: string): RequestHandler => {
    const template = renderIndex ? readFileSync(join(distDir, file), 'utf8') : '';
    return (req, res) => {
      if (renderIndex) {
        res.setHeader('Cache-Control', 'no-store');
        res.type('html').send(renderIndex(template, res));
        return;
      }
      if (sendIndex(req, res, `/${file}`, REVALIDATE)) return;
      res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile(join(distDir, file));
    };
  };
  const serveIndex = serveDocument('index.html');
  router.get('/index.html', serveIndex);
  for (const page of options.prerendered ?? []) {
    if (!existsSync(join(distDir, page.file))) continue;
    router.get(page.path, serveDocument(page.file));
    router.get(`/${page.file}`, serveIndex);
  }
  const assets = join(distDir, 'assets');
  router.use('/assets', precompressedStatic(assets, IMMUTABLE));
  router.use('/assets', express.static(assets, { immutable: true, maxAge: '365d', fallthrough: false }));
  router.use(precompressedStatic(distDir, 'public, max-age=0'));
  router.use(express.static(distDir, { index: false, maxAge: 0 }));
  if (options.renderPage) router.get(/.*/, options.renderPage);
  router.get(/.*/, serveIndex);
  return router;
}
