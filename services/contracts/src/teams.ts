import { z } from 'zod';
import { instant } from './http';
import { adminEventSchema } from './draws';

/** The team draw on the wire (docs/contracts-4-5.md issue 4): the member's team view, invites, joining, and the staff views. */

export const teamStatusSchema = z.enum(['open', 'complete']);
/** A seat as members see it: a refunded invite reads as expired, a refunded mate of a complete team as paid. */
export const seatStatusSchema = z.enum(['captain', 'paid', 'pending', 'expired']);
export type SeatStatus = z.infer<typeof seatStatusSchema>;

export const teamMemberSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  status: seatStatusSchema,
  invite_id: z.string().nullable(),
  expires_at: instant.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** What a team gives: the mate's entries and discount, how long, the captain's bonus, the fee in dollars. */
export const teamBenefitsSchema = z.object({
  mate_entries: z.number(),
  merchandise_discount_percent: z.number(),
  benefit_months: z.number(),
  inviter_bonus_entries: z.number(),
  fee: z.number(),
});
export type TeamBenefits = z.infer<typeof teamBenefitsSchema>;

/** The Team view: `seats_left` is how many more the captain may invite now (0 once complete). */
export const teamViewSchema = z.object({
  id: z.string(),
  status: teamStatusSchema,
  role: z.enum(['captain', 'mate']),
  captain: z.object({ firstname: z.string(), lastname: z.string() }),
  members: z.array(teamMemberSchema),
  seats_left: z.number().int(),
  completed_at: instant.nullable(),
  benefits: teamBenefitsSchema,
});
export type TeamView = z.infer<typeof teamViewSchema>;

/** `GET /api/team` (null: no team), `POST /api/team/start` and `/api/team/invite` (the team after the change). */
export const teamAnswerSchema = z.object({ data: teamViewSchema.nullable() });
export const teamChangedAnswerSchema = z.object({ data: teamViewSchema });

/** `GET /api/team/invites/:id`, for the invited visitor. */
export const teamInviteSchema = z.object({
  invite_id: z.string(),
  team_id: z.string(),
  captain_firstname: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  expires_at: instant.nullable(),
  fee: z.number(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;
export const teamInviteAnswerSchema = z.object({ data: teamInviteSchema });

/** `POST /api/team/join`: the checkout of the one-off team fee. */
export const teamJoinBodySchema = z.object({ invite_id: z.string().trim().min(1).max(100) }).strict();
export const teamJoinAnswerSchema = z.object({ redirect_url: z.string().min(1) });

/** A team for staff: captain, each seat with its payment state (refunds included), completion. */
export const adminTeamSeatSchema = z.object({
  id: z.string(),
  role: z.enum(['captain', 'mate']),
  member_id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  status: z.enum(['captain', 'pending', 'paid', 'expired', 'refunded']),
  invite_id: z.string().nullable(),
  expires_at: instant.nullable(),
  paid_at: instant.nullable(),
  payment_id: z.string().nullable(),
  benefit_until: instant.nullable(),
  refunded_at: instant.nullable(),
  refund_reason: z.string().nullable(),
});
export const adminTeamSchema = z.object({
  id: z.string(),
  status: teamStatusSchema,
  captain_id: z.string(),
  captain_name: z.string().nullable(),
  captain_email: z.string(),
  paid_mates: z.number().int(),
  started_at: instant,
  completed_at: instant.nullable(),
  members: z.array(adminTeamSeatSchema),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamRecordSchema = adminTeamSchema.extend({ events: z.array(adminEventSchema) });
export type AdminTeamRecord = z.infer<typeof adminTeamRecordSchema>;
