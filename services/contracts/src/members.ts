import { z } from 'zod';
import { handicapRecordSchema } from './handicap-record';
import { AU_STATES, EMAIL_PATTERN } from './common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './auth';

/**
 * The member on the wire (spec sections 3 and 7): membership tiers as the catalogue serves them,
 * the signed-in member (`/api/current-user`), joining, changing and cancelling a plan, the entry
 * ledger and the card on file.
 */

// ---- membership tiers and their display ----
export const membershipTypeSchema = z.enum(['free', 'single-entry', 'monthly-subscription']);
export const membershipStatusSchema = z.enum(['published', 'archived', 'draft']);
export type MembershipType = z.infer<typeof membershipTypeSchema>;
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** The spec's Membership (section 3) as the API serves it: money in dollars, display settings beside the numbers. */
export const membershipSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  status: membershipStatusSchema,
  visible: z.boolean(),
  code: z.string(),
  tier: z.string(),
  colour: z.string(),
  icon: z.string(),
  initial_tickets: z.number().int(),
  cumulative_tickets: z.number().int(),
  /** An item's title may contain inline HTML (spec section 3). */
  items: z.array(z.object({ title: z.string() })),
  type: membershipTypeSchema,
  bonus_draws: z.boolean(),
  weekly_draws: z.boolean(),
  rewards_access: z.boolean(),
  shop_access: z.boolean(),
  price: z.number().describe('dollars'),
  referee_entries: z.number().int(),
  referrer_entries: z.number().int(),
  rewards_days: z.number().int(),
  cashback_maximum_value: z.number().describe('dollars'),
  stripe_id: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

// ---- the signed-in member ----
export const memberUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  status: z.string(),
  membership_id: z.number().int().nullable(),
  /** The day benefits stop (a cancelled or unpaid plan, a single entry); null while a plan renews. */
  membership_end_date: z.string().nullable(),
  referral_code: z.string(),
  mobile: z.string().nullable(),
  dob: z.string().nullable(),
  address: z.string().nullable(),
  /** Residential state or territory (issue 22); null until the member answers. */
  state: z.enum(AU_STATES).nullable(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

export const memberSubscriptionSchema = z.object({
  id: z.string().nullable(),
  status: z.string(),
  membership_code: z.string().nullable(),
  membership_tier: z.string().nullable(),
  membership_type: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type MemberSubscription = z.infer<typeof memberSubscriptionSchema>;

/** The spec's Handicap record (the member's latest request) with our computed index beside the official one. */
export const currentUserHandicapSchema = handicapRecordSchema;

export const singleEntrySchema = z.object({
  id: z.string(),
  prize_id: z.string().nullable(),
  tickets: z.number().int(),
  valid_until: z.string(),
  purchased_at: z.string(),
});
export type SingleEntry = z.infer<typeof singleEntrySchema>;

/** A paid team mate's benefits: rewards access and a merchandise discount until `until`. */
export const teamBenefitSchema = z.object({ rewards_access: z.literal(true), merchandise_discount_percent: z.number(), until: z.string() });

/** `GET /api/current-user`. */
export const currentUserSchema = z.object({
  user: memberUserSchema,
  subscription: memberSubscriptionSchema.nullable(),
  handicap: currentUserHandicapSchema.nullable(),
  team_benefit: teamBenefitSchema.nullable(),
  activeSingleEntries: z.array(singleEntrySchema),
  previousSingleEntries: z.array(singleEntrySchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ---- profile ----
/** `PATCH /api/update-user`: either spelling of the names (spec and console). */
export const profileUpdateSchema = z
  .object({
    first_name: z.string().trim().min(1).max(80).optional(),
    last_name: z.string().trim().min(1).max(80).optional(),
    firstname: z.string().trim().min(1).max(80).optional(),
    lastname: z.string().trim().min(1).max(80).optional(),
    mobile: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/)
      .nullable()
      .optional(),
    dob: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .optional(),
    address: z.string().trim().max(300).nullable().optional(),
    state: z.enum(AU_STATES).nullable().optional(),
  })
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export const profileUpdateAnswerSchema = z.object({ user: memberUserSchema.nullable() });
export type ProfileUpdateAnswer = z.infer<typeof profileUpdateAnswerSchema>;

// ---- joining and plans ----
export { EMAIL_PATTERN } from './common';
export const INVALID_EMAIL = 'Please enter a valid email';
const INT4_MAX = 2147483647;

/** `POST /api/sign-up`: credentials, the member and the chosen plan (spec section 7). */
export const signUpSchema = z
  .object({
    first_name: z.string().trim().min(1, 'Please enter your first name').max(80),
    last_name: z.string().trim().min(1, 'Please enter your last name').max(80),
    email: z.string().trim().max(254).regex(EMAIL_PATTERN, INVALID_EMAIL),
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    membership_id: z.coerce.number().int().positive('Please choose a membership').max(INT4_MAX, 'Please choose a membership'),
    recaptcha_token: z.string().max(4000).optional(),
    referral_code: z.string().max(100).optional(),
    /** Issue 23: an optional monthly limit on draw purchases, in cents ($0 allowed). */
    monthly_limit_cents: z
      .number()
      .int('Enter a monthly limit in whole cents, $0 or more.')
      .min(0, 'Enter a monthly limit in whole cents, $0 or more.')
      .max(100_000_000)
      .optional(),
    // Residence facts (issue 22): required for a paid plan (checked by the api, which knows the plan).
    state: z.enum(AU_STATES, 'Please choose your state or territory (state).').optional(),
    dob: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date of birth (dob).')
      .optional(),
    /** Issue 23: the member agrees to promotional email (a new draw is open); none unless ticked. */
    marketing_opt_in: z.boolean().optional(),
  })
  .strict();
export type SignUp = z.input<typeof signUpSchema>;
/** Sign-up's residence answers (issue 22), each naming its field. */
export const STATE_REQUIRED = 'Please choose your state or territory (state).';
export const DOB_REQUIRED = 'Please enter a valid date of birth (dob).';
export const DOB_IN_FUTURE = 'Your date of birth (dob) cannot be in the future.';
/** `POST /api/upgrade-plan`, `/api/single-entry`: the tier to move to. */
export const membershipChoiceSchema = z.object({ membership_id: z.coerce.number().int().min(1).max(INT4_MAX) }).strict();

/** `POST /api/sign-up` (201): the member's tokens and, for a paid plan, the checkout to go to. */
export const signUpAnswerSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires: z.number().int().describe('access-token lifetime in ms'),
  redirect_url: z.string().nullable().optional(),
});
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/** `{status, result, error}`: the spec's shape for plan changes. */
export const planChangeAnswerSchema = z.object({
  status: z.enum(['ok', 'error']),
  result: z.object({ redirect_url: z.string(), checkout_id: z.string() }).nullable(),
  error: z.string(),
});
export type PlanChangeAnswer = z.infer<typeof planChangeAnswerSchema>;

export const cancelMembershipAnswerSchema = z.object({
  status: z.enum(['ok', 'error']),
  /** `notice`: what happens to the member's entries, the words of the cancel preview and the email (issue 23). */
  result: z.object({ membership_end_date: z.string().nullable(), notice: z.string() }).nullable(),
  error: z.string(),
});
export type CancelMembershipAnswer = z.infer<typeof cancelMembershipAnswerSchema>;

/** `GET /api/cancel-preview`: before the member confirms, what cancelling does to their entries, in words. */
export const cancelPreviewAnswerSchema = z.object({ data: z.object({ ends_at: z.string(), text: z.string() }) });
export type CancelPreviewAnswer = z.infer<typeof cancelPreviewAnswerSchema>;

/** The payment provider's webhook, acknowledged once applied (or known). */
export const providerWebhookAnswerSchema = z.object({ received: z.literal(true) });

// ---- entries and the card ----
/** One line of the member's entry ledger; a revocation counts negative. */
export const entryGrantSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  /** initial | renewal | single-entry | staff-adjustment | referral | team | revocation */
  source: z.string(),
  count: z.number().int(),
  first_ticket: z.number().int().nullable(),
  last_ticket: z.number().int().nullable(),
  membership_id: z.number().int().nullable(),
  tier_code: z.string().nullable(),
  reason: z.string().nullable(),
  prize_id: z.string().nullable(),
  causation_key: z.string(),
  occurred_at: z.string(),
});
export type EntryGrant = z.infer<typeof entryGrantSchema>;

/** `GET /api/user-tickets`. */
export const userTicketsAnswerSchema = z.object({
  data: z.object({ total: z.number().int(), granted: z.number().int(), revoked: z.number().int(), grants: z.array(entryGrantSchema) }),
});
export type UserTicketsAnswer = z.infer<typeof userTicketsAnswerSchema>;

/** One line of the entry statement: a grant (or a revocation, negative) and the draws its tickets count in. */
export const entryStatementLineSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  /** initial | renewal | single-entry | staff-adjustment | referral | team | revocation */
  source: z.string(),
  count: z.number().int(),
  /** A staff adjustment's or a revocation's reason. */
  reason: z.string().nullable(),
  /** "101-160", or null for a line without ticket numbers. */
  tickets: z.string().nullable(),
  /** The titles of the draws these tickets count (or counted) in, by the eligibility rule. */
  draws: z.array(z.string()),
});
export type EntryStatementLine = z.infer<typeof entryStatementLineSchema>;

/** One month of the statement, in the club's calendar (`YYYY-MM`). */
export const entryStatementMonthSchema = z.object({
  month: z.string(),
  granted: z.number().int(),
  revoked: z.number().int(),
  lines: z.array(entryStatementLineSchema),
});
export type EntryStatementMonth = z.infer<typeof entryStatementMonthSchema>;

/** `GET /api/entry-statement`: the member's entries month by month, newest month first (issue 23). */
export const entryStatementAnswerSchema = z.object({
  data: z.object({ total: z.number().int(), months: z.array(entryStatementMonthSchema) }),
});
export type EntryStatementAnswer = z.infer<typeof entryStatementAnswerSchema>;

/** `GET /api/user-pay-method`: empty strings when there is no card. */
export const payMethodAnswerSchema = z.object({ last4: z.string(), brand: z.string(), error: z.string() });
export type PayMethodAnswer = z.infer<typeof payMethodAnswerSchema>;
