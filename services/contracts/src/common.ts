import { z } from 'zod';

/**
 * Shapes more than one feature speaks: the states and territories, the spec's email pattern and a
 * staff user's reason. One declaration each; the feature modules import them from here.
 */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const auStateSchema = z.enum(AU_STATES);
export type AuState = z.infer<typeof auStateSchema>;

/**
 * The spec's email pattern (section 5): local@domain with a dotted domain ending in 2+ letters,
 * or a bracketed IP; no angle brackets, spaces, commas or quotes in the local part.
 */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Why a staff user made a change: the history and the member see it. */
/** The longest reason staff may give (characters, trimmed). */
export const REASON_MAX_LENGTH = 500;
export const reasonSchema = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(REASON_MAX_LENGTH);
