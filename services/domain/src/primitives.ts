import { z } from 'zod';
import { isStorableInstant } from '@roar/contracts/text';

/**
 * Shared schema primitives: what PostgreSQL (text, jsonb, integer, timestamptz) can store, said
 * once so that every route, event and read model refuses the same inputs with a 400 instead of
 * letting the database refuse them later with a 500.
 */

/** What text and timestamptz can store is the contracts' rule (the api parses requests with it). */
export { isoDateTime, isStorableInstant, isStorableText, STORABLE_TEXT_MESSAGE, text } from '@roar/contracts/text';

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

/** A calendar date `YYYY-MM-DD` that exists (no 2020-13-45) within the storable range. */
export function isoDate(): z.ZodString {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .refine(
      (s) => {
        const ms = Date.parse(`${s}T00:00:00Z`);
        return isStorableInstant(ms) && new Date(ms).toISOString().startsWith(s);
      },
      { message: 'Date must be a real day between 1900 and 9999' },
    );
}
