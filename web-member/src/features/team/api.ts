import { z } from 'zod';
import {
  teamAnswerSchema,
  teamChangedAnswerSchema,
  teamInviteAnswerSchema,
  teamJoinAnswerSchema,
  type TeamInvite,
  type TeamView as Team,
} from '@roar/contracts/teams';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

/** The team view of docs/contracts-4-5.md (issue 4, the team draw): the contract's shapes. */
export type { TeamInvite, TeamMember, TeamView as Team } from '@roar/contracts/teams';

/** `GET /api/team`: the member's open team, else their latest complete one, else null. */
export async function fetchTeam(): Promise<ApiResult<Team | null>> {
  const result = await memberRequest('/api/team', { schema: teamAnswerSchema, serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/team/start`: 403 for a member who is not a paying subscriber, 409 when already in a team. */
export async function startTeam(): Promise<ApiResult<Team>> {
  const result = await memberRequest('/api/team/start', { method: 'POST', body: {}, schema: teamChangedAnswerSchema, serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/team/invite` {email} (captain): the server's error text on failure. */
export async function inviteMate(email: string): Promise<ApiResult<Team>> {
  const result = await memberRequest('/api/team/invite', {
    method: 'POST',
    body: { email: email.trim() },
    schema: teamChangedAnswerSchema,
    serverError: true,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /api/team/invites/{id}` (public): 404 'This invite does not exist.'. */
export async function fetchInvite(inviteId: string): Promise<ApiResult<TeamInvite>> {
  const result = await apiRequest(`/api/team/invites/${encodeURIComponent(inviteId)}`, { schema: teamInviteAnswerSchema, serverError: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/team/join` {invite_id}: the checkout URL for the one-time fee. */
export async function joinTeam(inviteId: string): Promise<ApiResult<string>> {
  const result = await memberRequest('/api/team/join', {
    method: 'POST',
    body: { invite_id: inviteId },
    schema: teamJoinAnswerSchema,
    serverError: true,
  });
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
