import { z } from 'zod';

/**
 * Shared schema primitives: what PostgreSQL (text, jsonb, integer, timestamptz) can store, said
 * once so that every route, event and read model refuses the same inputs with a 400 instead of
 * letting the database refuse them later with a 500.
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

/** PostgreSQL integer (int4) bounds. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/** An integer a PostgreSQL `integer` column holds. */
export function int4(): z.ZodNumber {
  return z.number().int().min(INT4_MIN).max(INT4_MAX);
}

/** A non-negative integer a PostgreSQL `integer` column holds (ids, counts, sort keys). */
export function uint4(): z.ZodNumber {
  return z.number().int().min(0).max(INT4_MAX);
}

/** Money in integer cents, non-negative, within an `integer` column (up to $21,474,836.47). */
export function cents(): z.ZodNumber {
  return z.number().int().min(0).max(INT4_MAX);
}

/** Earliest and latest instants both JavaScript and PostgreSQL timestamptz hold comfortably. */
export const MIN_STORABLE_DATE = Date.UTC(1900, 0, 1);
export const MAX_STORABLE_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

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

/** A calendar date `YYYY-MM-DD` that exists (no 2020-13-45) within the storable range. */
export function isoDate(): z.ZodString {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .refine((s) => {
      const ms = Date.parse(`${s}T00:00:00Z`);
      return isStorableInstant(ms) && new Date(ms).toISOString().startsWith(s);
    }, { message: 'Date must be a real day between 1900 and 9999' });
}
