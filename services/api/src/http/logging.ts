import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@roar/platform';

/**
 * One structured line per request, with a request id that is echoed back as X-Request-Id. A read
 * that succeeded (GET/HEAD below 400: catalogue, static, polling) is a debug line, so the default
 * info level costs a busy read path nothing; writes, 4xx and 5xx are logged at info and above.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const read = req.method === 'GET' || req.method === 'HEAD';
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : read ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level) || (req.path.startsWith('/assets/') && res.statusCode < 400)) return;
      logger[level]({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}
