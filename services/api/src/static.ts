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
  const template = renderIndex ? readFileSync(index, 'utf8') : '';
  const serveIndex: RequestHandler = (req, res) => {
    if (renderIndex) {
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(renderIndex(template, res));
      return;
    }
    if (sendIndex(req, res, '/index.html', REVALIDATE)) return;
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(index);
  };
  router.get('/index.html', serveIndex);
  const assets = join(distDir, 'assets');
  router.use('/assets', precompressedStatic(assets, IMMUTABLE));
  router.use('/assets', express.static(assets, { immutable: true, maxAge: '365d', fallthrough: false }));
  router.use(precompressedStatic(distDir, 'public, max-age=0'));
  router.use(express.static(distDir, { index: false, maxAge: 0 }));
  if (options.renderPage) router.get(/.*/, options.renderPage);
  router.get(/.*/, serveIndex);
  return router;
}
