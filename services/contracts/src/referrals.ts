import { z } from 'zod';
import { EMAIL_PATTERN, reasonSchema } from './common';
import { instant } from './http';
import { adminEventSchema, heldForApprovalSchema } from './draws';

/** Referrals on the wire (docs/contracts-4-5.md): the code lookup, the invite email, the member's list and the staff views. */

/** The spec's email pattern (section 5). */
/** An email a member invites (a friend, a team mate). */
export const inviteEmailBodySchema = z.object({ email: z.string().trim().max(254).regex(EMAIL_PATTERN) }).strict();
export type InviteEmailBody = z.infer<typeof inviteEmailBodySchema>;

export const MAX_REFERRAL_CODE_LENGTH = 40;
/** `POST /api/get-referral-details`. */
export const referralDetailsBodySchema = z.object({ refer_code: z.string().trim().min(1).max(MAX_REFERRAL_CODE_LENGTH) }).strict();
export const referralDetailsSchema = z.object({
  isValid: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  referrer: z.object({ firstname: z.string() }).optional(),
});
export type ReferralDetailsAnswer = z.infer<typeof referralDetailsSchema>;

/** `POST /api/send-referee-email`: `{error: null}` once the email is queued. */
export const sendRefereeEmailAnswerSchema = z.object({ error: z.null() });

export const referralStatusSchema = z.enum(['recorded', 'bonus-granted', 'voided']);
export type ReferralStatus = z.infer<typeof referralStatusSchema>;
/** One friend who joined with the member's code (`GET /api/referrals`). */
export const referralSchema = z.object({
  id: z.string(),
  referee_name: z.string(),
  status: referralStatusSchema,
  referrer_entries: z.number().int().nullable(),
  recorded_at: instant,
  granted_at: instant.nullable(),
});
export type Referral = z.infer<typeof referralSchema>;
export const referralsAnswerSchema = z.object({ data: z.array(referralSchema) });

/** A referral as the staff console lists it: who referred whom, what was granted, which payment. */
export const adminReferralSchema = z.object({
  id: z.string(),
  referrer_id: z.string(),
  referrer_name: z.string().nullable(),
  referrer_email: z.string().nullable(),
  referee_id: z.string(),
  referee_name: z.string().nullable(),
  referee_email: z.string().nullable(),
  referral_code: z.string(),
  status: referralStatusSchema,
  tier_code: z.string().nullable(),
  referrer_entries: z.number().int().nullable(),
  referee_entries: z.number().int().nullable(),
  payment_id: z.string().nullable(),
  void_reason: z.string().nullable(),
  recorded_at: instant,
  granted_at: instant.nullable(),
  voided_at: instant.nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
/** One referral with the events behind it (its stream and the ledger grants it caused). */
export const adminReferralRecordSchema = adminReferralSchema.extend({ events: z.array(adminEventSchema) });
export type AdminReferralRecord = z.infer<typeof adminReferralRecordSchema>;

/** `POST /api/admin/payments/:id/refund` (admin only): asked of the provider (202), or held for a second staff user. */
export const staffReasonSchema = reasonSchema;
export const refundBodySchema = z.object({ reason: staffReasonSchema }).strict();
export const refundRequestedSchema = z.object({ id: z.string(), payment_id: z.string(), refund: z.literal('requested'), reason: z.string() });
export const paymentRefundAnswerSchema = z.union([refundRequestedSchema, heldForApprovalSchema]);
