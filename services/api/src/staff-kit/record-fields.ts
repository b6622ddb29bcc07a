import { z } from 'zod';

/**
 * Column parsers for the staff records built from read-model rows: each record is a whitelist of
 * columns, so whatever else a table holds never reaches the console.
 */
export const text = z.string();
export const maybe = z
  .string()
  .nullable()
  .optional()
  .transform((v) => v ?? null);
export const int = z.coerce.number().int();
export const maybeInt = z.coerce
  .number()
  .int()
  .nullable()
  .optional()
  .transform((v) => v ?? null);
/** Timestamps come back from to_jsonb in PostgreSQL's format; the console gets ISO-8601 UTC. */
export const instant = z
  .string()
  .nullable()
  .optional()
  .transform((v) => (v ? new Date(v).toISOString() : null));
