import { z } from 'zod';
import { reasonSchema } from './common';
import { instant } from './http';

/**
 * Winner claims as staff see them (issue 22): every drawn prize's current winner walks
 * drawn → notified → claimed → verified → awarded, or ends declined or unclaimed. `waiting_on_staff`
 * names the staff step due now (notify, verify, award, redraw), null when the winner or the clock has it.
 */
export const PRIZE_CLAIM_STATES = ['drawn', 'notified', 'claimed', 'verified', 'awarded', 'declined', 'unclaimed'] as const;
export const prizeClaimStateSchema = z.enum(PRIZE_CLAIM_STATES);
export type PrizeClaimState = z.infer<typeof prizeClaimStateSchema>;
export const staffClaimStepSchema = z.enum(['notify', 'verify', 'award', 'redraw']);

export const prizeClaimSchema = z
  .object({
    /** The prize's id (one row per drawn prize: its current winner). */
    id: z.string(),
    prize_title: z.string(),
    prize_slug: z.string(),
    k: z.number().int(),
    claim_state: prizeClaimStateSchema,
    winner_member_id: z.string(),
    winner_name: z.string(),
    winner_email: z.string().nullable(),
    claimed_state: z.string().nullable(),
    notified_at: instant.nullable(),
    claim_by: instant.nullable(),
    /** Whole days until claim_by (negative once past); null without a claim period or once claimed. */
    days_left: z.number().int().nullable(),
    claimed_at: instant.nullable(),
    delivery: z.string().nullable(),
    verified_at: instant.nullable(),
    verified_by: z.string().nullable(),
    document_key: z.string().nullable(),
    awarded_at: instant.nullable(),
    awarded_by: z.string().nullable(),
    delivery_note: z.string().nullable(),
    transfer_reference: z.string().nullable(),
    redraw_on: instant.nullable(),
    waiting_on_staff: staffClaimStepSchema.nullable(),
  })
  .strict();
export type PrizeClaim = z.infer<typeof prizeClaimSchema>;

/** `POST /api/admin/prizes/:id/verify-claim`: staff saw the winner's identity and age; a document only by its storage key. */
export const verifyClaimBodySchema = z
  .object({
    identity_seen: z.boolean(),
    age_seen: z.boolean(),
    document_key: z.string().trim().min(1).max(500).optional(),
    reason: reasonSchema.optional(),
  })
  .strict();
/** `POST /api/admin/prizes/:id/award`: the evidence, a delivery note or a transfer reference (at least one). */
export const awardPrizeBodySchema = z
  .object({
    delivery_note: z.string().trim().max(2000).optional(),
    transfer_reference: z.string().trim().max(200).optional(),
    reason: reasonSchema.optional(),
  })
  .strict();
/** `POST /api/admin/prizes/:id/decline-claim`: the winner declined (told staff); the reason is kept with the event. */
export const declineClaimBodySchema = z.object({ reason: reasonSchema }).strict();
