import { z } from 'zod';
import { text } from '@roar/domain';

/**
 * The request and transfer forms as the member types them (dob D/MM/YYYY, since MM/YYYY), checked
 * field by field; each message names the field the way the form labels it. The member console
 * repeats these checks before sending (web-member/src/features/clubhouse/validation.ts) so a field
 * is marked as it is left; this schema stays the authority.
 */
export const FIELD_MESSAGES = {
  first_name: 'Enter your first name.',
  last_name: 'Enter your last name.',
  mobile: 'Enter an Australian mobile number, like 0412 345 678.',
  dob: 'Enter your date of birth as D/MM/YYYY.',
  dobAge: 'Your date of birth must give an age between 5 and 110.',
  address: 'Enter your address.',
  since: 'Enter when you started playing as MM/YYYY, not in the future.',
  previous_golf_club: 'Enter the name of your previous golf club.',
  golf_link_number: 'A Golf Link number has exactly 10 digits.',
} as const;

/** 04xx xxx xxx, with or without spaces, or +61 4xx xxx xxx. */
export function normaliseMobile(value: string): string | null {
  const digits = value.replace(/[\s()-]/g, '');
  const m = /^(?:\+?61|0)(4\d{8})$/.exec(digits);
  if (!m) return null;
  const local = `0${m[1]}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** D/MM/YYYY to YYYY-MM-DD, or null when it is not a real calendar date. */
export function parseDob(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

export function ageOn(dobIso: string, todayIso: string): number {
  const [y, m, d] = dobIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** MM/YYYY to YYYY-MM. */
export function parseSince(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return null;
  return `${m[2]}-${m[1]!.padStart(2, '0')}`;
}

/** A real calendar day as YYYY-MM-DD (2026-02-31 is refused, not rolled over). */
export const isoDay = (message: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, message);

const optionalText = (max: number) => text().trim().max(max).optional().nullable();

export const requestFormSchema = z
  .object({
    first_name: text().trim().min(1, FIELD_MESSAGES.first_name).max(100),
    last_name: text().trim().min(1, FIELD_MESSAGES.last_name).max(100),
    mobile: text().max(30).refine((v) => normaliseMobile(v) !== null, FIELD_MESSAGES.mobile),
    dob: text().max(20).refine((v) => parseDob(v) !== null, FIELD_MESSAGES.dob),
    address: text().trim().min(1, FIELD_MESSAGES.address).max(300),
    since: text().max(20).refine((v) => parseSince(v) !== null, FIELD_MESSAGES.since).optional().nullable(),
    previous_golf_club: optionalText(200),
    previous_golf_link_number: text().trim().max(20).refine((v) => v === '' || /^\d{10}$/.test(v), FIELD_MESSAGES.golf_link_number).optional().nullable(),
    /** Save without sending it for review. */
    draft: z.boolean().optional(),
  })
  .strict();
export type RequestForm = z.infer<typeof requestFormSchema>;

export const scorecardFormSchema = z
  .object({
    course_id: text().min(1).max(200),
    tee_id: text().min(1).max(200),
    played_on: isoDay('Enter the date played.'),
    gross_scores: z.array(z.number().int('Hole scores are whole numbers.')).max(18, 'A card has at most 18 holes.'),
    marker_email: z.email('Enter your marker’s email.').max(254),
    marker_name: text().trim().max(200).optional(),
  })
  .strict();

export const attestSchema = z.object({ token: z.string().max(200).optional() }).strict();
