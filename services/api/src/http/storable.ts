import express, { type RequestHandler } from 'express';
import { isStorableText, STORABLE_TEXT_MESSAGE } from '@roar/domain';
import { errorBody } from './errors';

/**
 * One gate for text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) and for paths that
 * are not valid percent-encoded UTF-8, in front of every route: the path, the query and the parsed
 * body are refused with a 400 naming the field, before any route, decider or read model sees them.
 * Route schemas use `text()` as well; this gate keeps a route that forgot from answering 500.
 */

/** The dotted field of the first string (value or key) PostgreSQL cannot store, or null. */
export function firstUnstorableField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '(value)';
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstUnstorableField(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return field;
      const found = firstUnstorableField(item, field);
      if (found) return found;
    }
  }
  return null;
}

/** Deepest nesting any client needs; a 64 kB body of brackets would otherwise overflow the walk below. */
export const MAX_JSON_DEPTH = 32;

/** True when arrays/objects nest deeper than `max` (checked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The first path segment that does not decode to storable text, as the raw segment, or null. */
function firstBadSegment(rawPath: string): string | null {
  for (const segment of rawPath.split('/')) {
    try {
      if (!isStorableText(decodeURIComponent(segment))) return segment;
    } catch {
      return segment;
    }
  }
  return null;
}

export const refuseUnstorableInput: RequestHandler = (req, res, next) => {
  const rawPath = req.originalUrl.split('?')[0] ?? '';
  if (firstBadSegment(rawPath) !== null) {
    res.status(400).json(
      errorBody({
        message: 'The address contains a malformed percent-escape or a character that cannot be stored.',
        extensions: { code: 'MALFORMED_URL' },
      }),
    );
    return;
  }
  for (const [where, value] of [
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
      res.status(400).json(
        errorBody({
          message: `The request ${where} is nested more than ${MAX_JSON_DEPTH} levels deep.`,
          extensions: { code: where === 'query' ? 'INVALID_QUERY' : 'INVALID_PAYLOAD' },
        }),
      );
      return;
    }
    const field = firstUnstorableField(value);
    if (field !== null) {
      res.status(400).json(
        errorBody({
          message: `${field}: ${STORABLE_TEXT_MESSAGE}`,
          extensions: { code: where === 'query' ? 'INVALID_QUERY' : 'INVALID_PAYLOAD', field },
        }),
      );
      return;
    }
  }
  next();
};

/** express.json followed by the storable-text gate: use it wherever a router parses JSON. */
export function storableJson(options: { limit: string }): RequestHandler[] {
  return [express.json({ limit: options.limit, strict: true }), refuseUnstorableInput];
}
