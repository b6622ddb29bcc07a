import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';

/** What the build wrote beside each file (scripts/precompress.mjs), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0];

/** Every precompressed copy under `dir`, by URL path of the original ("/assets/index-abc.js" -> {"br", "gzip"}). */
function scan(dir: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>();
  const walk = (at: string): void => {
    for (const entry of readdirSync(at)) {
      const path = join(at, entry);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      for (const [encoding, suffix] of ENCODINGS) {
        if (!entry.endsWith(suffix)) continue;
        const original = `/${relative(dir, path.slice(0, -suffix.length)).split(sep).join('/')}`;
        const set = found.get(original) ?? new Set<Encoding>();
        set.add(encoding);
        found.set(original, set);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/** Accept-Encoding as weights: "gzip, br;q=0.8" -> gzip 1, br 0.8; "*" stands for anything not named. */
function weights(header: string | undefined): (encoding: string) => number {
  const named = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    named.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  return (encoding) => named.get(encoding) ?? named.get('*') ?? 0;
}

/**
 * The encoding to send in: among the copies the build wrote, the one the client weighs highest
 * (q=0 refuses it), brotli first on a tie (smaller); null for the plain file.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: ReadonlySet<Encoding> | undefined): Encoding | null {
  if (!available || available.size === 0) return null;
  const weight = weights(acceptEncoding);
  let best: Encoding | null = null;
  for (const [encoding] of ENCODINGS) {
    if (available.has(encoding) && weight(encoding) > 0 && (best === null || weight(encoding) > weight(best))) best = encoding;
  }
  return best;
}

/**
 * Sends a precompressed copy of `urlPath` (a file under `dir`) with the original's content type,
 * `Vary: Accept-Encoding` and `cacheControl`; answers false (nothing sent) when there is none or
 * the client does not accept it, so the caller serves the plain file.
 */
export function precompressedSender(dir: string): (req: Request, res: Response, urlPath: string, cacheControl: string) => boolean {
  const copies = scan(dir);
  return (req, res, urlPath, cacheControl) => {
    const available = copies.get(urlPath);
    if (available) res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.get('accept-encoding'), available);
    if (!encoding) return false;
    const suffix = ENCODINGS.find(([e]) => e === encoding)![1];
    res.type(extname(urlPath));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControl);
    res.sendFile(`${urlPath.slice(1)}${suffix}`, { root: dir, cacheControl: false, lastModified: true, dotfiles: 'deny' });
    return true;
  };
}

/** Serves a precompressed copy of any GET/HEAD under `dir` when there is one and the client accepts it. */
export function precompressedStatic(dir: string, cacheControl: string): RequestHandler {
  const send = precompressedSender(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!send(req, res, path, cacheControl)) next();
  };
}
