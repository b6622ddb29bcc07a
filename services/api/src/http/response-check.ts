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
 * Holds every 2xx JSON answer to the response schema its route declares in the OpenAPI document
 * (the contracts' schemas): a route cannot answer a shape its clients were not promised. In `fail`
 * mode (tests) a mismatch answers 500 naming the first issues, so the test that made the request
 * fails; in `warn` mode it is logged and the answer goes out unchanged.
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
          const parsed = doc.response.safeParse(body === undefined ? undefined : JSON.parse(JSON.stringify(body)));
          if (!parsed.success) {
            const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
            logger.error({ method: req.method, route: pattern, issues }, 'answer does not match its declared response schema');
            if (mode === 'fail') {
              res.status(500);
              return json(errorBody({ message: `The answer to ${req.method} ${pattern} does not match its declared schema: ${issues.join('; ')}`, extensions: { code: 'RESPONSE_SCHEMA' } }));
            }
          }
        }
      }
      return json(body);
    };
    next();
  };
}
