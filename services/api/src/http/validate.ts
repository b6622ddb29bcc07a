import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError, zodItems } from './errors';

/** Parses a request body with a (strict) zod schema; a failure is a 400 with field errors. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) throw new HttpError(400, 'Invalid request body', 'INVALID_PAYLOAD', zodItems(result.error));
  return result.data;
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) throw new HttpError(400, 'Invalid query', 'INVALID_QUERY', zodItems(result.error));
  return result.data;
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const result = schema.safeParse(req.params);
  if (!result.success) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
  return result.data;
}
