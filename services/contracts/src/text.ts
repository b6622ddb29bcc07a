import { z } from 'zod';

/**
 * What PostgreSQL text and timestamptz can store, for request schemas: a field that could not be
 * stored is refused with a 400 where it is parsed. The domain's primitives re-export these: one rule
 * for every route, event and read model.
 */

/** A NUL character, or a UTF-16 surrogate that is not part of a pair (jsonb and text refuse both). */
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const STORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

/** True when PostgreSQL text/jsonb can hold the string. */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

/** A string PostgreSQL can store. Chain .min/.max/.email etc. before use as with z.string(). */
export function text(): z.ZodString {
  return z.string().refine(isStorableText, { message: STORABLE_TEXT_MESSAGE });
}

/** Earliest and latest instants both JavaScript and PostgreSQL timestamptz hold comfortably. */
const MIN_STORABLE_DATE = Date.UTC(1900, 0, 1);
const MAX_STORABLE_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function isStorableInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_STORABLE_DATE && ms <= MAX_STORABLE_DATE;
}

/** An ISO date-time string within the storable range (years 1900 to 9999). */
export function isoDateTime(): z.ZodString {
  return z
    .string()
    .datetime({ offset: true })
    .refine((s) => isStorableInstant(Date.parse(s)), { message: 'Date must be between 1900 and 9999' });
}
