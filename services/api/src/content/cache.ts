import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';

/**
 * Public catalogue answers (`/items/membership`, `/items/prizes`, ...) change a few times a day
 * and are read on every page view. Each answer is kept as its bytes, per URL, for as long as the
 * read models it comes from stay at the same projection position (`readModelVersion`): a staff
 * edit moves the position and the next request builds the answer afresh, so nothing stale is
 * served after a write has been projected. Browsers and CDNs get an ETag and revalidate on each
 * use (`no-cache`): an unchanged catalogue costs them a 304 without a body.
 */
const CACHE_CONTROL = 'public, no-cache';
/** Distinct URLs kept (query strings vary); past it the oldest answer goes first. */
const MAX_ENTRIES = 500;

interface Entry {
  readonly version: string;
  readonly etag: string;
  readonly bytes: Buffer;
}

function matchesEtag(req: Request, etag: string): boolean {
  const header = req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

function send(req: Request, res: Response, entry: Entry): void {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  if (matchesEtag(req, entry.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(entry.bytes.length));
  res.end(req.method === 'HEAD' ? undefined : entry.bytes);
}

/**
 * Middleware for a GET route whose answer depends only on its URL and the named read models.
 * `maxAgeMs`: an answer that also moves with time (the draw pools, issue 22) is built afresh at
 * least this often, whatever the read models do.
 */
export function cachedByProjection(app: AppContext, readModels: readonly string[], maxAgeMs?: number): RequestHandler {
  const entries = new Map<string, Entry>();
  return (req, res, next) => {
    const readVersion = app.projections.readModelVersion?.bind(app.projections);
    const versionOf =
      readVersion && maxAgeMs
        ? (names: readonly string[]) => readVersion(names).then((v) => `${v}@${Math.floor(Date.now() / maxAgeMs)}`)
        : readVersion;
    if (!versionOf || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const key = req.originalUrl;
    // The version is read before the handler reads the rows: a write landing in between is at
    // worst answered under the older version and rebuilt on the next request, never the reverse.
    versionOf(readModels).then(
      (version) => {
        const hit = entries.get(key);
        if (hit && hit.version === version) {
          send(req, res, hit);
          return;
        }
        const json = res.json.bind(res);
        res.json = (body: unknown) => {
          if (res.statusCode !== 200) return json(body);
          const bytes = Buffer.from(JSON.stringify(body));
          const entry: Entry = { version, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, bytes };
          entries.delete(key);
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
          entries.set(key, entry);
          send(req, res, entry);
          return res;
        };
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
