import type { RequestHandler } from 'express';
import type { Config, Logger } from '@roar/platform';
import { errorBody } from './errors';
import { findRouteDoc } from './openapi';

export type ResponseCheckMode = 'off' | 'warn' | 'fail';

export function responseCheckMode(config: Pick<Config, 'CHECK_RESPONSES' | 'NODE_ENV'>): ResponseCheckMode {
  return config.CHECK_RESPONSES ?? (config.NODE_ENV === 'test' ? 'fail' : config.NODE_ENV === 'development' ? 'warn' : 'off');
}

/** The route pattern express matched (`/api/shop/orders/:id`), or null before a route matched. */
function matchedPattern(req: Parameters<RequestHandler>[0]): string | null {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return null;
  const full = `${req.baseUrl}${path === '/' && req.baseUrl ? '' : path}`;
  return full || '/';
}

/**
 * Keys the answer carries that its schema does not declare (zod strips them on parse): a contract
 * that leaves out a field the consoles read would drop it there, so the check reports them.
 */
export function undeclaredKeys(sent: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((v, i) => undeclaredKeys(v, parsed[i], `${at}[${i}]`)).slice(0, 10);
  if (sent && parsed && typeof sent === 'object' && typeof parsed === 'object' && !Array.isArray(sent)) {
    const out = parsed as Record<string, unknown>;
    return Object.entries(sent as Record<string, unknown>).flatMap(([k, v]) =>
      k in out ? undeclaredKeys(v, out[k], at ? `${at}.${k}` : k) : v === undefined ? [] : [at ? `${at}.${k}` : k],
    );
  }
  return [];
}

/**
 * Holds every 2xx JSON answer to the response schema its route declares in the OpenAPI document
 * (the contracts' schemas): a route cannot answer a shape its clients were not promised. In `fail`
 * mode (tests) a mismatch answers 500 naming the first issues, so the test that made the request
 * fails. A field the answer carries but the schema does not declare is a mismatch too (the
 * consoles parse with the same schema and would lose it). In `warn` mode it is logged and the answer goes out unchanged.
 */
export function checkResponses(mode: ResponseCheckMode, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (mode === 'off') return next();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 200 && res.statusCode < 300) {
        const pattern = matchedPattern(req);
        const doc = pattern ? findRouteDoc(req.method, pattern) : null;
        if (doc?.response) {
          // What the client reads is the JSON text: Dates are strings by then, undefined keys gone.
          const wire: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
          const parsed = doc.response.safeParse(wire);
          const extra = parsed.success ? undeclaredKeys(wire, parsed.data) : [];
          if (!parsed.success || extra.length > 0) {
            const issues = parsed.success
              ? [`not in the contract: ${extra.slice(0, 5).join(', ')}`]
              : parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
            logger.error({ method: req.method, route: pattern, issues }, 'answer does not match its declared response schema');
            if (mode === 'fail') {
              res.status(500);
              return json(
                errorBody({
                  message: `The answer to ${req.method} ${pattern} does not match its declared schema: ${issues.join('; ')}`,
                  extensions: { code: 'RESPONSE_SCHEMA' },
                }),
              );
            }
          }
        }
      }
      return json(body);
    };
    next();
  };
}
