import { z } from 'zod';
import { staffRoleSchema, staffUserSchema } from './auth';
import { entryGrantSchema, membershipSchema } from './members';

/**
 * The staff console's own operations on the wire (`/api/admin/*`): members and payments as staff
 * see them, tiers with their stored cents, the event log, failed jobs, read models, the dashboard
 * figures, the launch checklist, staff accounts, four-eyes approvals and the security settings,
 * service keys, exports and the support actions on a member's file.
 */

/** Every staff action that changes something says why (stored in the event's metadata). */
import { AU_STATES, reasonSchema } from './common';
export { reasonSchema };

// ---- members as staff see them ----
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  status: z.string().nullable(),
  membership_id: z.number().int().nullable(),
  membership_code: z.string().nullable(),
  membership_tier: z.string().nullable(),
  membership_type: z.string().nullable(),
  membership_end_date: z.string().nullable(),
  membership_status: z.string().nullable(),
  subscription_id: z.string().nullable(),
  referral_code: z.string().nullable(),
  mobile: z.string().nullable(),
  dob: z.string().nullable(),
  /** Residential state or territory (issue 22); null until the member answers. */
  state: z.string().nullable(),
  address: z.string().nullable(),
  registered_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A line of the member's ledger as staff see it: the member's own, without the causation key. */
export const staffEntryGrantSchema = entryGrantSchema.omit({ causation_key: true }).extend({ occurred_at: z.string().nullable() });
export type StaffEntryGrant = z.infer<typeof staffEntryGrantSchema>;
export const entryTotalsSchema = z.object({ total: z.number().int(), granted: z.number().int(), revoked: z.number().int() });
export type EntryTotals = z.infer<typeof entryTotalsSchema>;

export const paymentStatusSchema = z.enum(['pending', 'paid', 'declined', 'expired', 'refunded']);
export const paymentPurposeSchema = z.enum(['join', 'upgrade', 'single-entry', 'team-fee', 'shop-order']);

/** One payment record: a checkout's, or the provider's for a renewal (no checkout). */
export const staffPaymentSchema = z.object({
  id: z.string(),
  checkout_id: z.string().nullable(),
  member_id: z.string(),
  purpose: z.string(),
  membership_id: z.number().int().nullable(),
  tier_code: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string().nullable(),
  provider: z.string().nullable(),
  status: z.string(),
  failure_reason: z.string().nullable(),
  payment_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  created_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/** One event as the console shows it: the payload, and the envelope an auditor reads. */
import { staffEventSchema } from './event-history';
export { staffEventSchema, type StaffEvent } from './event-history';

/** A prize whose winner email went to the member (the Support tab's "resend winner email"). */
export const memberWinSchema = z.object({ prize_id: z.string(), title: z.string() });

/** `GET /api/admin/members/:id`: the member, the ledger with ticket numbers, payments, history, wins. */
export const staffMemberDetailSchema = staffMemberSchema.extend({
  entries: entryTotalsSchema.extend({ grants: z.array(staffEntryGrantSchema) }),
  payments: z.array(staffPaymentSchema),
  history: z.array(staffEventSchema),
  wins: z.array(memberWinSchema),
});
export type StaffMemberDetail = z.infer<typeof staffMemberDetailSchema>;

// ---- support actions on a member's file ----
export const memberSuspensionAnswerSchema = z.object({ id: z.string(), status: z.enum(['suspended', 'active']) });
export const memberNoteAnswerSchema = z.object({ id: z.string(), member_id: z.string(), note: z.string() });
export const memberPasswordResetAnswerSchema = z.object({ id: z.string(), sent_to: z.string() });
export const memberProfileAnswerSchema = z.object({ id: z.string(), changed: z.array(z.string()) });
export const memberEmailAnswerSchema = z.object({ id: z.string(), email: z.string(), changed: z.boolean() });
export const memberResendAnswerSchema = z.object({ id: z.string(), resent: z.enum(['receipt', 'winner']), event_id: z.string() });
export const memberCancelPlanAnswerSchema = z.object({ id: z.string(), membership_end_date: z.string().nullable() });
export const memberChangePlanAnswerSchema = z.object({ id: z.string(), checkout_id: z.string(), payment_url: z.string(), membership_id: z.number() });
export const memberPlanMovesSchema = z.object({
  id: z.string(),
  current: z.object({ membership_id: z.number(), tier: z.string(), cancelled: z.boolean(), period_end: z.string().nullable() }).nullable(),
  moves: z.array(z.object({ membership_id: z.number(), tier: z.string(), price_cents: z.number() })),
  none_because: z.string().nullable(),
});
export type MemberPlanMoves = z.infer<typeof memberPlanMovesSchema>;

/** `GET /api/admin/prizes/:id/winner`: the winner's names and ids (a team: all four), with the look-ups so far. */

// ---- four-eyes: ./approvals (small, so a feature's answers can name it without the staff module) ----
export * from './approvals';

export const approvalDeclineSchema = z.object({ reason: reasonSchema }).strict();
export const approvalApproveSchema = z.object({}).strict();

// ---- staff security settings ----
export const twoFactorScopeSchema = z.enum(['admins', 'all-staff']);
export type TwoFactorScope = z.infer<typeof twoFactorScopeSchema>;
export const staffTwoFactorStatusSchema = z.object({
  required_for: twoFactorScopeSchema,
  staff_users: z.number().int(),
  enrolled: z.number().int(),
  required: z.number().int(),
  required_enrolled: z.number().int(),
  ready: z.boolean(),
});
export const staffSecuritySchema = z.object({
  id: z.literal('club'),
  four_eyes: z.boolean(),
  refund_above_cents: z.number().int(),
  entry_adjustment_above: z.number().int(),
  two_factor_required_for: twoFactorScopeSchema,
  four_eyes_last_switch: z
    .object({ on: z.boolean(), at: z.string(), by_name: z.string(), approved_by_name: z.string().nullable(), reason: z.string() })
    .nullable(),
  approvers: z.number().int(),
  two_factor: staffTwoFactorStatusSchema,
});
export type StaffSecurity = z.infer<typeof staffSecuritySchema>;
/** Highest thresholds a club may set: a refund of $1,000,000, an adjustment of 100,000 entries. */
export const MAX_REFUND_THRESHOLD_CENTS = 100_000_000;
export const MAX_ADJUSTMENT_THRESHOLD = 100_000;
export const staffSecurityChangeSchema = z
  .object({
    four_eyes: z.boolean().optional(),
    refund_above_cents: z.number().int().min(0).max(MAX_REFUND_THRESHOLD_CENTS).optional(),
    entry_adjustment_above: z.number().int().min(0).max(MAX_ADJUSTMENT_THRESHOLD).optional(),
    two_factor_required_for: twoFactorScopeSchema.optional(),
    reason: reasonSchema,
  })
  // The console sends the whole record back: the read-only facts in it are dropped.
  .strip();

// ---- staff accounts ----
export const staffAccountSchema = staffUserSchema.extend({ suspended: z.boolean(), two_factor: z.boolean() });
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffRoleChangeSchema = z.object({ role: staffRoleSchema, reason: reasonSchema }).strip();
/** The edit form: suspension applies at once; a new role goes the role change's way. */
export const staffAccountEditSchema = z.object({ role: staffRoleSchema, suspended: z.boolean(), reason: reasonSchema.optional() }).strip();

// ---- tiers with their stored cents ----
/** The console's tier: the spec's Membership (dollars) plus the stored cents. */
export const staffMembershipSchema = membershipSchema.extend({
  price_cents: z.number().int(),
  cashback_maximum_cents: z.number().int(),
  currency: z.string(),
  updated_at: z.string(),
});
export type StaffMembership = z.infer<typeof staffMembershipSchema>;

export const entryAdjustmentAnswerSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  count: z.number(),
  reason: z.string(),
  first_ticket: z.number().nullable(),
  last_ticket: z.number().nullable(),
  total: z.number(),
});

/** `POST /api/admin/payments/:id/refund` (202): asked of the provider, which confirms with charge.refunded. */

// ---- jobs and read models ----
/** A job that failed after every retry; `id` is `<queue>/<jobId>`, what retry takes. */
export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  jobId: z.string(),
  data: z.unknown(),
  error: z.string(),
  attempts: z.number(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
export const jobRetryAnswerSchema = z.object({ id: z.string(), retried: z.literal(true) });

export const rebuildStateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('running'), startedAt: z.string(), events: z.number(), total: z.number().nullable() }),
  z.object({
    state: z.literal('done'),
    startedAt: z.string(),
    finishedAt: z.string(),
    events: z.number(),
    total: z.number().nullable(),
    ms: z.number(),
  }),
  z.object({
    state: z.literal('failed'),
    startedAt: z.string(),
    finishedAt: z.string(),
    events: z.number(),
    total: z.number().nullable(),
    error: z.string(),
  }),
]);
export type RebuildState = z.infer<typeof rebuildStateSchema>;
export const failedEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  revision: z.string(),
  position: z.string(),
  error: z.string(),
});
export type FailedEvent = z.infer<typeof failedEventSchema>;
export const projectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number(),
  stored_version: z.number().nullable(),
  state: z.string(),
  position: z.string().nullable(),
  updated_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The event the projector stopped at because it cannot apply it; null while it is healthy. */
  failed_event: failedEventSchema.nullable(),
  rebuild: rebuildStateSchema.nullable(),
});
export type Projection = z.infer<typeof projectionSchema>;
export const rowDifferenceSchema = z.object({
  table: z.string(),
  key: z.record(z.string(), z.unknown()),
  kind: z.enum(['missing', 'extra', 'different']),
  columns: z.array(z.string()),
  expected: z.record(z.string(), z.unknown()).nullable(),
  actual: z.record(z.string(), z.unknown()).nullable(),
});
export const projectionVerificationSchema = z.object({
  projector: z.string(),
  verdict: z.enum(['VERIFIED', 'DIFFERENT']),
  ok: z.boolean(),
  position: z.string(),
  events: z.number(),
  tables: z.array(z.object({ name: z.string(), liveRows: z.number(), expectedRows: z.number(), differences: z.number() })),
  difference_count: z.number(),
  differences: z.array(rowDifferenceSchema),
  /** The event the live projector stopped at because it cannot apply it; not ok while set. */
  stopped_at: failedEventSchema.nullable(),
});
export type ProjectionVerification = z.infer<typeof projectionVerificationSchema>;

// ---- dashboard ----
/** The figures of the dashboard read model; days are Sydney days in the window. */
export const dashboardFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  signups: z.array(z.object({ day: z.string(), count: z.number() })),
  /** Per day, the running count of renewing members per tier code. */
  activeByTier: z.array(z.object({ day: z.string(), tiers: z.record(z.string(), z.number()) })),
  tiers: z.array(z.string()),
  /** Per day: monthly recurring revenue in cents at the day's end, and cancellations that day. */
  mrrAndChurn: z.array(z.object({ day: z.string(), mrrCents: z.number(), cancelled: z.number() })),
  failedPayments: z.array(z.object({ day: z.string(), count: z.number() })),
  /** Totals in the window, by grant source. */
  entriesBySource: z.array(z.object({ source: z.string(), entries: z.number() })),
  /** Renewing monthly subscriptions whose paid period ends within the next 7 days. */
  renewalsDue: z.number(),
  /** Issue 23: members on a break, self-excluded, and with a monthly limit, now. */
  memberControls: z.object({ onBreak: z.number(), selfExcluded: z.number(), withLimit: z.number() }).optional(),
  /** Published giveaways not yet drawn, by closing time, with the entries held for them. */
  drawCalendar: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      prizeEndDate: z.string(),
      drawStatus: z.string(),
      singleEntries: z.number(),
      stackedPool: z.number(),
      frozenTickets: z.number().nullable(),
    }),
  ),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
/** `GET /api/admin/dashboard`: the figures and the work waiting for staff. */
export const dashboardSchema = dashboardFiguresSchema.extend({
  id: z.literal('dashboard'),
  waiting: z.array(z.object({ name: z.string(), count: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const launchCheckSchema = z.object({
  id: z.enum(['abn', 'public-address', 'payment-keys', 'mail-transport', 'staff-two-factor']),
  label: z.string(),
  done: z.boolean(),
  /** The section of the repository's guide that says how: `docs/before-you-sell.md#<id>`. */
  how: z.string(),
});
export type LaunchCheck = z.infer<typeof launchCheckSchema>;
export const launchChecklistSchema = z.object({ id: z.literal('launch-checklist'), checks: z.array(launchCheckSchema), complete: z.boolean() });
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;

// ---- service keys, exports ----
export const serviceKeySchema = z.object({ id: z.string(), name: z.string(), token: z.string(), public: z.boolean() });
export type ServiceKey = z.infer<typeof serviceKeySchema>;
/** A saved version: who changed the key and why, never the secret (`data` is always empty). */
export const serviceKeyVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  /** Always `{}`: the history never carries a key's value. */
  data: z.record(z.string(), z.never()),
  staff_id: z.string(),
  staff_email: z.string(),
  reason: z.string(),
  restored_from: z.number().nullable(),
  created_at: z.string(),
});
export const serviceKeyDetailSchema = serviceKeySchema.extend({ versions: z.array(serviceKeyVersionSchema) });
export const serviceKeyChangeSchema = z.object({ token: z.string().trim(), reason: reasonSchema });

/** One line of the export log: who took which CSV export, when, and how many rows. */
export const exportLogSchema = z.object({
  id: z.string(),
  kind: z.string(),
  prize_id: z.string().nullable(),
  staff_id: z.string(),
  staff_email: z.string(),
  staff_role: z.string(),
  taken_at: z.string(),
  finished_at: z.string().nullable(),
  row_count: z.number().int().nullable(),
});
export type ExportLog = z.infer<typeof exportLogSchema>;

// ---- media ----
export const MEDIA_KINDS = ['prize', 'testimonial', 'partner', 'banner', 'product'] as const;
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKindSchema>;
/** `POST /api/admin/media` (201): each stored variant's URL and size. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  kind: mediaKindSchema,
  variants: z.record(z.string(), z.object({ url: z.string(), width: z.number(), height: z.number() })),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

// ---- operations ----
/** `GET /api/openapi.json`: the OpenAPI 3.1 document, built from these schemas. */

/** `PUT /api/admin/members/:id/residence` (issue 22): staff correct a member's state and date of birth, with a reason. */
export const memberResidenceAnswerSchema = z.object({
  id: z.string(),
  state: z.enum(AU_STATES).nullable(),
  dob: z.string().nullable(),
  changed: z.boolean(),
});
