import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

/** The team view of docs/contracts-4-5.md (issue 4, the team draw). */
export const teamMemberSchema = z.object({
  name: z.string().nullable().default(null),
  email: z.string(),
  status: z.enum(['captain', 'paid', 'pending', 'expired']),
  invite_id: z.string().nullable().default(null),
  expires_at: z.string().nullable().default(null),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete']),
  role: z.enum(['captain', 'mate']),
  captain: z.object({ firstname: z.string().nullable().default(''), lastname: z.string().nullable().default('') }),
  members: z.array(teamMemberSchema),
  seats_left: z.number().int(),
  completed_at: z.string().nullable().default(null),
  benefits: z
    .object({
      mate_entries: z.number(),
      merchandise_discount_percent: z.number(),
      benefit_months: z.number(),
      inviter_bonus_entries: z.number(),
      fee: z.number(),
    })
    .loose(),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteSchema = z.object({
  invite_id: z.string(),
  team_id: z.string(),
  captain_firstname: z.string().nullable().default(''),
  email: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  expires_at: z.string().nullable().default(null),
  fee: z.number(),
});
export type TeamInvite = z.infer<typeof inviteSchema>;

const teamAnswer = z.object({ data: teamSchema });

/** `GET /api/team`: the member's open team, else their latest complete one, else null. */
export async function fetchTeam(): Promise<ApiResult<Team | null>> {
  const result = await memberRequest('/api/team', { schema: z.object({ data: teamSchema.nullable() }), serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/team/start`: 403 for a member who is not a paying subscriber, 409 when already in a team. */
export async function startTeam(): Promise<ApiResult<Team>> {
  const result = await memberRequest('/api/team/start', { method: 'POST', body: {}, schema: teamAnswer, serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/team/invite` {email} (captain): the server's error text on failure. */
export async function inviteMate(email: string): Promise<ApiResult<Team>> {
  const result = await memberRequest('/api/team/invite', { method: 'POST', body: { email: email.trim() }, schema: teamAnswer, serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /api/team/invites/{id}` (public): 404 'This invite does not exist.'. */
export async function fetchInvite(inviteId: string): Promise<ApiResult<TeamInvite>> {
  const result = await apiRequest(`/api/team/invites/${encodeURIComponent(inviteId)}`, { schema: z.object({ data: inviteSchema }), serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/team/join` {invite_id}: the checkout URL for the one-time fee. */
export async function joinTeam(inviteId: string): Promise<ApiResult<string>> {
  const result = await memberRequest('/api/team/join', { method: 'POST', body: { invite_id: inviteId }, schema: z.object({ redirect_url: z.string().min(1) }), serverError: true });
  return result.ok ? { ok: true, data: result.data.redirect_url } : result;
}

const benefitAnswer = z
  .object({
    team_benefit: z.object({ merchandise_discount_percent: z.number(), until: z.string() }).loose().nullable().default(null),
  })
  .loose();
export type TeamBenefit = NonNullable<z.infer<typeof benefitAnswer>['team_benefit']>;

/** A paid mate's running month of benefits, from `GET /api/current-user` (`team_benefit`, null when none). */
export async function fetchTeamBenefit(): Promise<ApiResult<TeamBenefit | null>> {
  const result = await memberRequest('/api/current-user', { schema: benefitAnswer });
  return result.ok ? { ok: true, data: result.data.team_benefit } : result;
}
