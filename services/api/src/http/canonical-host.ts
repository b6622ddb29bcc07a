import type { RequestHandler } from 'express';

/**
 * Sends a page request made on another host name of this server (127.0.0.1 for localhost, a
 * bare IP, an old domain) to the configured public origin, path and query kept, before the
 * console is loaded: the browser keeps a member's session per origin, and payment returns and
 * email links use the public one, so a session begun elsewhere would be missing when they land.
 * Only GET and HEAD of pages (mounted in front of the consoles); the API and webhooks answer on
 * any host. 302: a changed PUBLIC_URL must not be fought by a browser's cached redirect.
 */
export function canonicalHost(publicUrl: () => string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = new URL(publicUrl()).origin;
    let asked: string;
    try {
      // req.host and req.protocol follow X-Forwarded-* from a trusted (loopback) proxy only.
      asked = new URL(`${req.protocol}://${req.host}`).origin;
    } catch {
      return next();
    }
    if (asked === target) return next();
    res.redirect(302, `${target}${req.originalUrl.startsWith('/') ? req.originalUrl : `/${req.originalUrl}`}`);
  };
}
