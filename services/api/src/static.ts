import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';

/**
 * Serves a built single-page app: its files, and index.html for any other GET under its base
 * (client-side routes). Hashed assets are cached for a year; index.html never.
 */
export function spaRouter(distDir: string, name: string): Router {
  const router = Router();
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    router.use((_req, res) => {
      res.status(503).type('text/plain').send(`The ${name} is not built yet: run \`npm run build\` (npm start does it for you).`);
    });
    return router;
  }
  router.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  router.use(express.static(distDir, { index: false, maxAge: 0 }));
  router.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
