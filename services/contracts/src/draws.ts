import { z } from 'zod';
import { instant } from './http';
import { prizeFieldsSchema, prizeSchema, prizeStatusSchema, prizeTypeSchema } from './prizes';

/**
 * The staff side of prizes and draws (`/api/admin/prizes`): the record an auditor reads (commitment,
 * beacon, frozen list, randomness, winners), the draw actions, the entry list, the verification
 * answer and the winner look-up.
 */

/** One drawn ticket of a draw's history (a redrawn one keeps its reason). */
export const drawnWinnerSchema = z.object({
  k: z.number().int(),
  ticket: z.number().int(),
  entrant_id: z.string(),
  member_ids: z.array(z.string()),
  drawn_at: z.string(),
  notified: z.boolean(),
  claimed_by: z.string().nullable(),
  redrawn_reason: z.string().nullable(),
});
export type DrawnWinner = z.infer<typeof drawnWinnerSchema>;

export const drawStatusSchema = z.enum(['unscheduled', 'scheduled', 'closed', 'drawn', 'published']);
export type DrawStatus = z.infer<typeof drawStatusSchema>;

/** The console's record: the public Prize plus everything an auditor reads about its draw (stored portraits, no fallback). */
export const adminPrizeSchema = prizeSchema.extend({
  draw_status: drawStatusSchema,
  draw_method: z.string().nullable(),
  commitment: z.string().nullable(),
  beacon_name: z.string().nullable(),
  beacon_url: z.string().nullable(),
  beacon_chain_hash: z.string().nullable(),
  beacon_scheme: z.string().nullable(),
  beacon_public_key: z.string().nullable(),
  beacon_round: z.number().nullable(),
  beacon_round_at: instant.nullable(),
  beacon_signature: z.string().nullable(),
  beacon_previous_signature: z.string().nullable(),
  list_hash: z.string().nullable(),
  entrant_count: z.number().int(),
  total_tickets: z.number().int(),
  cutoff_position: z.string().nullable(),
  as_of: instant.nullable(),
  eligibility_rule_version: z.number().int().nullable(),
  randomness: z.string().nullable(),
  seed: z.string().nullable(),
  winners: z.array(drawnWinnerSchema),
  next_k: z.number().int(),
  winner_display: z.string().nullable(),
  /** The draw's own claim period in days (issue 22), on the one-prize answer only; null: the club's default. */
  claim_period_days: z.number().int().nullable().optional(),
  created_at: instant,
  updated_at: instant,
});
export type AdminPrize = z.infer<typeof adminPrizeSchema>;

import { heldForApprovalSchema } from './approvals';
export { heldForApprovalSchema, type HeldForApproval } from './approvals';

import { staffEventSchema } from './event-history';
/** One event of a prize's or referral's history: the staff event log's row. */
export const adminEventSchema = staffEventSchema;
export type AdminEvent = z.infer<typeof adminEventSchema>;

const reason = z.string().trim().min(1, 'Give a reason.').max(1000);
const nullableImage = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** The create body's defaults and image clean-up over the prize fields; the api narrows it with the domain's fields. */
export const prizeCreateExtras = {
  hero_image: nullableImage,
  hero_image_portrait: nullableImage,
  secondary_image_1: nullableImage,
  secondary_image_2: nullableImage,
  secondary_image_3: nullableImage,
  secondary_image_1_portrait: nullableImage,
  secondary_image_2_portrait: nullableImage,
  secondary_image_3_portrait: nullableImage,
  prize_type_id: prizeTypeSchema.default('vip'),
  event_date: z.string().max(100).nullable().default(null),
  event_participants: z.number().int().min(0).nullable().default(null),
  prize_value_currency: z.literal('AUD').default('AUD'),
  status: prizeStatusSchema.default('draft'),
  reason,
};
/** `POST /api/admin/prizes`: CreatePrize with a reason (images may be empty, the type defaults to vip, the status to draft). */
export const prizeCreateBodySchema = prizeFieldsSchema
  .extend({ description: prizeFieldsSchema.shape.description.default(''), ...prizeCreateExtras })
  .strip();
export type PrizeCreateBody = z.input<typeof prizeCreateBodySchema>;
/** `PUT /api/admin/prizes/:id`: the changed fields, a status change and a reason. */
export const prizeUpdateBodySchema = prizeFieldsSchema.partial().extend({ status: prizeStatusSchema.optional(), reason }).strip();
export type PrizeUpdateBody = z.input<typeof prizeUpdateBodySchema>;
/** The draw actions: redraw needs a reason; the others take one optionally. */
export const drawActionBodySchema = z.object({ reason }).strip();
export const optionalReasonBodySchema = z.object({ reason: z.string().trim().max(1000).optional() }).strip();

/** Every prize write answers the record (or only its id while the read model catches up); the guarded actions may be held. */
export const adminPrizeAnswerSchema = z.union([adminPrizeSchema, z.object({ id: z.string() }).strict()]);
export const drawActionAnswerSchema = z.union([adminPrizeSchema, heldForApprovalSchema, z.object({ id: z.string() }).strict()]);

/** `GET /api/admin/prizes/:id/entry-list`: the frozen list in ticket order. */
export const entrantSchema = z.object({
  id: z.string(),
  entrant_id: z.string(),
  position: z.number().int(),
  tickets: z.number().int(),
  first_ticket: z.number().int(),
  last_ticket: z.number().int(),
});
export type Entrant = z.infer<typeof entrantSchema>;

/** `POST /api/admin/prizes/:id/verify`: the draw recomputed from the log: the same winner or not, line by line. */
export const drawVerificationSchema = z.object({ verified: z.boolean(), lines: z.array(z.string()) });
export type DrawVerification = z.infer<typeof drawVerificationSchema>;

/** `GET /api/admin/prizes/:id/winner`: who won (a team: all four), and every look-up so far. */
export const winnerLookupSchema = z.object({
  prize_id: z.string(),
  winners: z.array(z.object({ member_id: z.string(), name: z.string().nullable(), email: z.string().nullable() })),
  lookups: z.array(z.object({ staff_email: z.string(), looked_up_at: z.string() })),
});
export type WinnerLookup = z.infer<typeof winnerLookupSchema>;
