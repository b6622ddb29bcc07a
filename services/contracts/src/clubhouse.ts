import { z } from 'zod';
import { staffEventSchema } from './event-history';
import { instant } from './http';
import { text } from './text';

/**
 * The clubhouse on the wire: the handicap request and transfer forms, scorecards and their
 * attestation, courses with their tees, the member's clubhouse view and the staff resources
 * (/api/admin/handicaps, /courses, /scorecards).
 */

// ---- The request and transfer forms -------------------------------------------------------

/**
 * The forms as the member types them (dob D/MM/YYYY, since MM/YYYY), checked field by field; each
 * message names the field the way the form labels it. The member console runs the same checks as
 * each field is left; the api's parse with `requestFormSchema` stays the authority.
 */
export const HANDICAP_FORM_MESSAGES = {
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

/** 04xx xxx xxx, with or without spaces, or +61 4xx xxx xxx; null when it is not a mobile number. */
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

/** Whole years from a YYYY-MM-DD birth date to a YYYY-MM-DD day. */
export function ageOn(dobIso: string, todayIso: string): number {
  const [y, m, d] = dobIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** MM/YYYY to YYYY-MM, or null. */
export function parseSince(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return null;
  return `${m[2]}-${m[1]!.padStart(2, '0')}`;
}

/** A real calendar day as YYYY-MM-DD (2026-02-31 is refused, not rolled over). */
export const isoDay = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, message);

const optionalText = (max: number) => text().trim().max(max).optional().nullable();

/** POST /api/clubhouse/request and /transfer: the form, saved as a draft or sent for review. */
export const requestFormSchema = z
  .object({
    first_name: text().trim().min(1, HANDICAP_FORM_MESSAGES.first_name).max(100),
    last_name: text().trim().min(1, HANDICAP_FORM_MESSAGES.last_name).max(100),
    mobile: text()
      .max(30)
      .refine((v) => normaliseMobile(v) !== null, HANDICAP_FORM_MESSAGES.mobile),
    dob: text()
      .max(20)
      .refine((v) => parseDob(v) !== null, HANDICAP_FORM_MESSAGES.dob),
    address: text().trim().min(1, HANDICAP_FORM_MESSAGES.address).max(300),
    since: text()
      .max(20)
      .refine((v) => parseSince(v) !== null, HANDICAP_FORM_MESSAGES.since)
      .optional()
      .nullable(),
    previous_golf_club: optionalText(200),
    previous_golf_link_number: text()
      .trim()
      .max(20)
      .refine((v) => v === '' || /^\d{10}$/.test(v), HANDICAP_FORM_MESSAGES.golf_link_number)
      .optional()
      .nullable(),
    /** Save without sending it for review. */
    draft: z.boolean().optional(),
  })
  .strict();
export type RequestForm = z.infer<typeof requestFormSchema>;

/** POST /api/clubhouse/scorecards: a hole-by-hole card and the marker who attests it. */
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
export type ScorecardForm = z.input<typeof scorecardFormSchema>;

/** POST /api/clubhouse/attest/{id}: the emailed link's token. */
export const attestSchema = z.object({ token: z.string().max(200).optional() }).strict();

// ---- The member's answers ------------------------------------------------------------------

export const SCORECARD_STATUSES = ['submitted', 'attested', 'voided'] as const;

export { HANDICAP_REQUEST_STATUSES, handicapRecordSchema, type HandicapRecord } from './handicap-record';
import { handicapRecordSchema } from './handicap-record';

/** One revision of the computed index, with what caused it and how it was worked out. */
export const revisionSchema = z.object({
  revision: z.number().int(),
  revised_at: instant,
  cause: z.object({ kind: z.enum(['attested', 'corrected', 'voided', 'pcc']), scorecardId: z.string() }),
  previous_index: z.number().nullable(),
  handicap_index: z.number().nullable(),
  low_handicap_index: z.number().nullable(),
  cap: z.enum(['none', 'soft', 'hard']),
  table_adjustment: z.number(),
  exceptional_reduction: z.number(),
  rule_version: z.string(),
  counted: z.number().int(),
  used: z.array(z.string()),
});
export type Revision = z.infer<typeof revisionSchema>;

export const scorecardMarkerSchema = z.object({ memberId: z.string().nullable(), email: z.string(), name: z.string() });

/** A card as its member (or staff) sees it: holes, status, and its differential from the latest revision. */
export const scorecardSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  tee_name: z.string(),
  holes: z.number().int(),
  course_rating: z.number(),
  slope_rating: z.number(),
  pars: z.array(z.number()),
  stroke_indexes: z.array(z.number()),
  played_on: z.string(),
  gross_scores: z.array(z.number()),
  gross: z.number(),
  status: z.enum(SCORECARD_STATUSES),
  marker: scorecardMarkerSchema,
  attest_by: instant,
  overdue: z.boolean(),
  pcc: z.number(),
  adjusted_gross_score: z.number().nullable(),
  differential: z.number().nullable(),
  adjusted_differential: z.number().nullable(),
  exceptional_reduction: z.number(),
  used: z.boolean(),
  /** 9 holes: the other nine this card is joined with, or null. */
  paired_with: z.string().nullable(),
  waiting_for_nine: z.boolean(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const NEXT_STEPS = ['upgrade', 'request', 'complete-draft', 'wait-for-review', 'resubmit', 'submit-scores'] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

/** A card waiting for this member's attestation as marker. */
export const cardToAttestSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  course_name: z.string(),
  tee_name: z.string(),
  played_on: z.string(),
  gross: z.number(),
  attest_by: instant,
});

/** GET /api/clubhouse (data): request status and next step, official and computed index, scorecards, cards to attest. */
export const clubhouseSchema = z.object({
  eligible: z.boolean(),
  next_step: z.enum(NEXT_STEPS),
  handicap: handicapRecordSchema.nullable(),
  official: z.object({ golf_link_number: z.string(), handicap: z.number() }).nullable(),
  computed: revisionSchema.nullable(),
  history: z.array(revisionSchema),
  scorecards: z.array(scorecardSchema),
  to_attest: z.array(cardToAttestSchema),
});
export type Clubhouse = z.infer<typeof clubhouseSchema>;

/** A tee's ratings (camelCase as the course events record them). */
export const teeRatingSchema = z
  .object({
    teeId: text().min(1).max(200),
    name: text().min(1).max(100),
    holes: z.union([z.literal(9), z.literal(18)]),
    courseRating: z.number().min(20).max(90),
    slopeRating: z.number().int().min(55).max(155),
    pars: z.array(z.number().int().min(3).max(6)),
    strokeIndexes: z.array(z.number().int().min(1).max(18)),
  })
  .strict();
export type TeeRating = z.infer<typeof teeRatingSchema>;

/** A tee as the course read model keeps it: its ratings and which rating this is. */
export const ratedTeeSchema = z.object({
  teeId: z.string(),
  name: z.string(),
  holes: z.number().int(),
  courseRating: z.number(),
  slopeRating: z.number(),
  pars: z.array(z.number()),
  strokeIndexes: z.array(z.number()),
  ratingVersion: z.number().int(),
});

/** A tee for the member: with their Course Handicap on it and the maximum score (net double bogey) per hole. */
export const clubhouseTeeSchema = ratedTeeSchema.extend({ course_handicap: z.number().nullable(), net_double_bogey: z.array(z.number()) });
export type ClubhouseTee = z.infer<typeof clubhouseTeeSchema>;

/** GET /api/clubhouse/courses (data[]). */
export const clubhouseCourseSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  sample_data: z.boolean(),
  tees: z.array(clubhouseTeeSchema),
});
export type ClubhouseCourse = z.infer<typeof clubhouseCourseSchema>;

/** GET /api/clubhouse/attest/{id} (data): the card for a marker without an account. */
export const attestCardSchema = z.object({
  id: z.string(),
  player: z.string(),
  course_name: z.string(),
  tee_name: z.string(),
  played_on: z.string(),
  gross: z.number(),
  status: z.enum(SCORECARD_STATUSES),
  marker_email: z.string(),
});
export type AttestCard = z.infer<typeof attestCardSchema>;

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
export const clubhouseAnswerSchema = data(clubhouseSchema);
export const coursesAnswerSchema = data(z.array(clubhouseCourseSchema));
export const scorecardSubmittedAnswerSchema = data(z.object({ id: z.string(), clubhouse: clubhouseSchema }));
export const attestCardAnswerSchema = data(attestCardSchema);
export const attestedAnswerSchema = data(z.object({ id: z.string(), status: z.literal('attested') }));

// ---- Staff: /api/admin/handicaps, /courses, /scorecards ------------------------------------

const staffReason = text().trim().min(1, 'Give a reason.').max(1000);

/** Approve the open request with the Golf Link number and official handicap. */
export const approveHandicapSchema = z
  .object({
    golf_link_number: z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'Enter a 10-digit Golf Link number to approve this request.'),
    handicap: z
      .number()
      .min(-10, 'The official handicap is between +10 and 54.0.')
      .max(54, 'The official handicap is between +10 and 54.0.')
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'The official handicap is given to a tenth, like 15.2.'),
    reason: text().trim().max(1000).optional(),
  })
  .strict();
export const rejectHandicapSchema = z.object({ reason: staffReason }).strict();
export const addCourseSchema = z.object({ name: text().trim().min(1).max(200), location: text().trim().max(200), reason: staffReason }).strict();
export const rateTeeSchema = teeRatingSchema
  .omit({ teeId: true })
  .extend({ tee_id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Tee ids use lower-case letters, digits and dashes.'), reason: staffReason })
  .strict();
export const setPccSchema = z
  .object({ played_on: isoDay('Enter the day as YYYY-MM-DD.'), pcc: z.number().int().min(-1).max(3), reason: staffReason })
  .strict();
export const correctScorecardSchema = z.object({ gross_scores: z.array(z.number().int()).max(18), reason: staffReason }).strict();
export const voidScorecardSchema = z.object({ reason: staffReason }).strict();

/** A row of /api/admin/handicaps: the record keyed by member id, with the request id and when it was sent. */
export const staffHandicapRowSchema = handicapRecordSchema.extend({ request_id: z.string(), submitted_at: instant.nullable() });
export type StaffHandicapRow = z.infer<typeof staffHandicapRowSchema>;
/** /api/admin/handicaps/{id}: the row with the member's email, cards, index history and events. */
export const staffHandicapSchema = staffHandicapRowSchema.extend({
  member_email: z.string().nullable(),
  scorecards: z.array(scorecardSchema),
  history: z.array(revisionSchema),
  events: z.array(staffEventSchema),
});
export type StaffHandicap = z.infer<typeof staffHandicapSchema>;

/** A course as staff list it: tees and the PCC by day. */
export const staffCourseSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  sample_data: z.boolean(),
  tees: z.array(ratedTeeSchema),
  pcc: z.record(z.string(), z.number()),
  updated_at: instant,
});
export type StaffCourse = z.infer<typeof staffCourseSchema>;
export const staffCourseDetailSchema = staffCourseSchema.extend({ events: z.array(staffEventSchema) });
/** POST /api/admin/courses/{id}/pcc: the course and how many counted cards were revised. */
export const pccSetSchema = staffCourseSchema.extend({ cards_revised: z.number().int() });

/** A card as the scorecards read model keeps it (the answer to a correction or a void). */
export const staffScorecardSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  tee_id: z.string(),
  tee_name: z.string(),
  played_on: z.string(),
  gross: z.number().int(),
  marker_member_id: z.string().nullable(),
  marker_email: z.string(),
  marker_name: z.string(),
  attest_by: instant,
  status: z.enum(SCORECARD_STATUSES),
  pcc: z.number(),
  differential: z.number().nullable(),
  adjusted_differential: z.number().nullable(),
  exceptional_reduction: z.number().int(),
  used: z.boolean(),
  void_reason: z.string().nullable(),
  submitted_at: instant,
  attested_at: instant.nullable(),
  updated_at: instant,
});
export type StaffScorecard = z.infer<typeof staffScorecardSchema>;
/** A row of /api/admin/scorecards: overdue flags a submitted card past its attestation deadline. */
export const staffScorecardRowSchema = staffScorecardSchema.extend({ overdue: z.boolean() });
/** /api/admin/scorecards/{id}: the row, the card hole by hole (when its member's stream holds it), index history and the card's events. */
export const staffScorecardDetailSchema = staffScorecardSchema
  .extend(
    scorecardSchema
      .omit({ id: true, course_id: true, course_name: true, tee_name: true, played_on: true, gross: true, status: true, attest_by: true, pcc: true })
      .omit({ differential: true, adjusted_differential: true, exceptional_reduction: true, used: true })
      .partial().shape,
  )
  .extend({ history: z.array(revisionSchema), events: z.array(staffEventSchema) });
export type StaffScorecardDetail = z.infer<typeof staffScorecardDetailSchema>;
