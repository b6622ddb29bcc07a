import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, EventStoreUnavailableError, InvalidEventError, WrongExpectedRevisionError, type Logger } from '@roar/platform';

/** The spec's generic failure copy (section 8). */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again';

export interface ErrorItem {
  readonly message: string;
  readonly extensions?: { readonly code: string; readonly field?: string };
}

/** `{errors:[{message}]}`: the content API's failure shape, used by every surface for one client path. */
export function errorBody(...items: ErrorItem[]): { errors: ErrorItem[] } {
  return { errors: items };
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'HTTP_ERROR',
    readonly items?: readonly ErrorItem[],
  ) {
    super(message);
  }
}

const domainStatus: Record<DomainError['code'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

export function zodItems(error: z.ZodError): ErrorItem[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    return { message: field ? `${field}: ${issue.message}` : issue.message, extensions: { code: 'INVALID_PAYLOAD', ...(field ? { field } : {}) } };
  });
}

/** An error from express, the router or body-parser that already says which 4xx it is. */
interface UpstreamClientError {
  readonly type?: string;
  readonly status: number;
}

function upstreamClientError(e: unknown): UpstreamClientError | null {
  if (typeof e !== 'object' || e === null) return null;
  const { status, statusCode, type } = e as { status?: unknown; statusCode?: unknown; type?: unknown };
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : NaN;
  if (!(code >= 400 && code < 500)) return null;
  return { status: code, ...(typeof type === 'string' ? { type } : {}) };
}

/** Plain words for the upstream failures a client meets; anything else keeps its status with a generic line. */
const upstreamMessages: Record<string, { message: string; code: string }> = {
  'entity.too.large': { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' },
  'entity.parse.failed': { message: 'The request body is not valid JSON.', code: 'MALFORMED_JSON' },
  'encoding.unsupported': { message: 'The request body uses a Content-Encoding this server does not accept.', code: 'UNSUPPORTED_ENCODING' },
  'charset.unsupported': { message: 'The request body uses a character set this server does not accept.', code: 'UNSUPPORTED_CHARSET' },
  'request.aborted': { message: 'The request body was not sent completely.', code: 'BAD_REQUEST' },
  'request.size.invalid': { message: 'The request body does not match its Content-Length.', code: 'BAD_REQUEST' },
};

/**
 * Maps every failure to a status and the uniform body. Nothing a user typed becomes a 500:
 * malformed JSON, oversize bodies, schema failures and broken business rules are 4xx.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof z.ZodError) {
      res.status(400).json(errorBody(...zodItems(error)));
      return;
    }
    if (error instanceof HttpError) {
      res.status(error.status).json(errorBody(...(error.items ?? [{ message: error.message, extensions: { code: error.code } }])));
      return;
    }
    if (error instanceof DomainError) {
      res.status(domainStatus[error.code]).json(errorBody({ message: error.message, extensions: { code: error.code.toUpperCase() } }));
      return;
    }
    if (error instanceof WrongExpectedRevisionError) {
      res
        .status(409)
        .json(errorBody({ message: 'This record was changed by someone else. Reload and try again.', extensions: { code: 'CONFLICT' } }));
      return;
    }
    if (error instanceof InvalidEventError) {
      res.status(400).json(errorBody(...error.issues.map((m) => ({ message: m, extensions: { code: 'INVALID_EVENT' } }))));
      return;
    }
    if (error instanceof EventStoreUnavailableError) {
      logger.warn({ err: error, path: req.path }, 'event store unavailable');
      res.status(503).json(errorBody({ message: 'The service is temporarily unavailable. Try again shortly.', extensions: { code: 'UNAVAILABLE' } }));
      return;
    }
    if (error instanceof URIError) {
      res.status(400).json(errorBody({ message: 'The address contains a malformed percent-escape.', extensions: { code: 'MALFORMED_URL' } }));
      return;
    }
    // express, its router (a path parameter that is not valid percent-encoded UTF-8) and
    // body-parser (bad JSON, a body that does not match its Content-Encoding) mark client faults
    // with a 4xx status: keep it rather than turn a client's mistake into a 500.
    const upstream = upstreamClientError(error);
    if (upstream) {
      const known = upstream.type ? upstreamMessages[upstream.type] : undefined;
      res
        .status(upstream.status)
        .json(
          errorBody(
            known
              ? { message: known.message, extensions: { code: known.code } }
              : { message: 'The request could not be read.', extensions: { code: 'BAD_REQUEST' } },
          ),
        );
      return;
    }
    logger.error({ err: error, path: req.path, method: req.method }, 'unhandled error');
    res.status(500).json(errorBody({ message: SOMETHING_WENT_WRONG, extensions: { code: 'INTERNAL' } }));
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody({ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }));
};
