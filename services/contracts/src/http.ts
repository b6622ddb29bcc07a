import { z } from 'zod';
import { CLUB_TIME_ZONE } from './time';

/** `{errors:[{message, extensions}]}`: the failure shape of every surface (spec section 8). */
export const errorItemSchema = z.object({
  message: z.string(),
  extensions: z.object({ code: z.string(), field: z.string().optional() }).optional(),
});
export const errorBodySchema = z.object({ errors: z.array(errorItemSchema) });
export type ErrorItem = z.infer<typeof errorItemSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** ra-data-simple-rest's list query: JSON in the query string, the total in `Content-Range`. */
export const listQuerySchema = z.object({
  sort: z.string().optional().describe('JSON ["field","ASC"|"DESC"]'),
  range: z.string().optional().describe('JSON [start,end], inclusive'),
  filter: z.string().optional().describe('JSON object of filters; {"id":[...]} for getMany'),
});

/** An ISO-8601 instant as the API writes it (`Date#toISOString`, or PostgreSQL's timestamptz text). */
export const instant = z.string().describe('ISO-8601 instant');
/** A calendar date in the club's time zone, YYYY-MM-DD. */
export const clubDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe(`YYYY-MM-DD in ${CLUB_TIME_ZONE}`);
/** Money is integer cents everywhere. */
export const cents = z.number().int().describe('integer cents (AUD)');
