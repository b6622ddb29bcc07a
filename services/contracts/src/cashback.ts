import { z } from 'zod';
import { reasonSchema } from './common';
import { staffEventSchema } from './event-history';
import { instant } from './http';
import { text } from './text';

/** Green-fee cashback on the wire: the member's claims and the staff review and payout ledger. */

export const CLAIM_STATUSES = ['submitted', 'approved', 'declined', 'paid', 'reversed'] as const;
export const PAYOUT_STATUSES = ['scheduled', 'paid', 'reversed'] as const;

/** Dollars as typed ("35", "35.5", "35.50") to integer cents; never a float in the ledger. */
const dollarsToCents = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter the amount in dollars, like 35.50')
  .transform((v) => {
    const [whole = '0', frac = ''] = v.split('.');
    return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  });

/** POST /api/cashback/claims: the text fields of the multipart form (the receipt is the file field `receipt`). */
export const claimFieldsSchema = z
  .object({
    course: text().trim().min(2, 'Enter the course').max(160),
    played_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date played')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Enter a real date'),
    amount: dollarsToCents,
  })
  .strict();

/** A claim as its member reads it: dollars as numbers, the decline reason, overdue. */
export const memberClaimSchema = z.object({
  id: z.string(),
  course: z.string(),
  played_on: z.string(),
  amount: z.number(),
  payout: z.number().nullable(),
  status: z.enum(CLAIM_STATUSES),
  overdue: z.boolean(),
  decline_reason: z.string().nullable(),
  submitted_at: instant,
  decision_due_by: instant,
  decided_at: instant.nullable(),
  paid_at: instant.nullable(),
  receipt_type: z.string(),
});
export type MemberClaim = z.infer<typeof memberClaimSchema>;

/** GET /api/cashback (data): the tier maximum in dollars, whether this month is claimed, the claims newest first. */
export const cashbackOverviewSchema = z.object({
  maximum: z.number(),
  decision_days: z.number().int(),
  claimed_this_month: z.boolean(),
  claims: z.array(memberClaimSchema),
});
export type CashbackOverview = z.infer<typeof cashbackOverviewSchema>;
export const cashbackOverviewAnswerSchema = z.object({ data: cashbackOverviewSchema });

/** POST /api/cashback/claims (201, data): the claim; only its id and status if the read model has not caught up. */
export const claimSubmittedAnswerSchema = z.object({
  data: z.union([memberClaimSchema, z.object({ id: z.string(), status: z.literal('submitted') })]),
});
/** The same answer as the member console takes it: the whole claim. */
export const memberClaimAnswerSchema = z.object({ data: memberClaimSchema });

// ---- Staff ----------------------------------------------------------------------------------

const staffReason = reasonSchema;
/** POST /api/admin/cashback-claims/{id}/approve and /decline; /api/admin/cashback-payouts/{id}/reverse. */
export const claimDecisionSchema = z.object({ reason: staffReason });
/** POST /api/admin/cashback-payouts/{id}/paid (bank_reference required there) and /reverse. */
export const payoutActionSchema = z.object({ reason: staffReason, bank_reference: text().trim().min(1).max(100).optional() });
/** GET /api/admin/cashback-payouts/export. */
export const payoutExportQuerySchema = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });

/** A claim as the cashback read model keeps it (the staff console's row adds the member beside it). */
export const cashbackClaimSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  course: z.string(),
  played_on: z.string(),
  month: z.string(),
  amount_cents: z.number().int(),
  maximum_cents: z.number().int(),
  payout_cents: z.number().int().nullable(),
  payout_id: z.string().nullable(),
  receipt_key: z.string(),
  receipt_type: z.string(),
  receipt_size: z.number().int(),
  receipt_sha256: z.string(),
  status: z.enum(CLAIM_STATUSES),
  decline_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  submitted_at: instant,
  decision_due_by: instant,
  decided_at: instant.nullable(),
  paid_at: instant.nullable(),
  updated_at: instant,
});
/** A claim for staff: the read model's row, the member's name and email beside it, overdue, and the receipt's URL. */
export const staffClaimSchema = cashbackClaimSchema.extend({
  member_name: z.string().nullable(),
  member_email: z.string().nullable(),
  overdue: z.boolean(),
  receipt_url: z.string(),
});
export type StaffClaim = z.infer<typeof staffClaimSchema>;
export const staffClaimDetailSchema = staffClaimSchema.extend({ events: z.array(staffEventSchema) });

/** A line of the payout ledger. */
export const cashbackPayoutSchema = z.object({
  id: z.string(),
  claim_id: z.string(),
  member_id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  bank_reference: z.string().nullable(),
  reason: z.string().nullable(),
  scheduled_at: instant,
  paid_at: instant.nullable(),
  reversed_at: instant.nullable(),
});
export type CashbackPayout = z.infer<typeof cashbackPayoutSchema>;
