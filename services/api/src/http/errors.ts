import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import {
  DomainError,
  EventStoreUnavailableError,
  InvalidEventError,
  WrongExpectedRevisionError,
  type Logger,
} from '@roar/platform';

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

interface BodyParserError {
  type?: string;
  status?: number;
}

function isBodyParserError(e: unknown): e is BodyParserError {
  return typeof e === 'object' && e !== null && 'type' in e && typeof (e as BodyParserError).type === 'string';
}

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
      res.status(409).json(errorBody({ message: 'This record was changed by someone else. Reload and try again.', extensions: { code: 'CONFLICT' } }));
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
    if (isBodyParserError(error)) {
      if (error.type === 'entity.too.large') {
        res.status(413).json(errorBody({ message: 'The request body is too large.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }));
        return;
      }
      if (error.type === 'entity.parse.failed') {
        res.status(400).json(errorBody({ message: 'The request body is not valid JSON.', extensions: { code: 'MALFORMED_JSON' } }));
        return;
      }
      if (error.status && error.status >= 400 && error.status < 500) {
        res.status(error.status).json(errorBody({ message: 'The request could not be read.', extensions: { code: 'BAD_REQUEST' } }));
        return;
      }
    }
    logger.error({ err: error, path: req.path, method: req.method }, 'unhandled error');
    res.status(500).json(errorBody({ message: SOMETHING_WENT_WRONG, extensions: { code: 'INTERNAL' } }));
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody({ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }));
};
