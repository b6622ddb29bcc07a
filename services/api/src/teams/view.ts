import type { SeatStatus, TeamBenefits, TeamView } from '@roar/contracts/teams';
import { TEAM_RULES } from '@roar/domain';
import { getMember, type TeamWithMembers } from '@roar/projections';
import type { Sql } from '@roar/platform';

export const TEAM_BENEFITS: TeamBenefits = {
  mate_entries: TEAM_RULES.mateEntries,
  merchandise_discount_percent: TEAM_RULES.merchandiseDiscountPercent,
  benefit_months: TEAM_RULES.benefitMonths,
  inviter_bonus_entries: TEAM_RULES.inviterBonusEntries,
  fee: TEAM_RULES.mateFeeCents / 100,
};

/**
 * The Team view of contracts-4-5.md (@roar/contracts/teams).
 *
 * A pending invite past its expiry reads as expired before the sweeper records it. A refunded
 * invite is dead, so it reads as expired too (members' views carry the contract's four statuses;
 * staff see `refunded`).
 */
export const inviteStatus = (status: SeatStatus | 'refunded', expiresAt: string | null, now: Date): SeatStatus =>
  status === 'refunded' ? 'expired' : status === 'pending' && expiresAt !== null && Date.parse(expiresAt) <= now.getTime() ? 'expired' : status;

/**
 * `seats_left`: mate seats not held by a paid mate or a live invite, i.e. how many more the captain
 * may invite now (0 once complete).
 */
export async function toTeamView(sql: Sql, team: TeamWithMembers, viewerId: string, now: Date): Promise<TeamView> {
  const ids = [...new Set(team.members.flatMap((m) => (m.member_id ? [m.member_id] : [])))];
  const names = new Map((await Promise.all(ids.map((id) => getMember(sql, id)))).flatMap((m) => (m ? [[m.id, m] as const] : [])));
  // A mate refunded from an open team left it (not listed); in a complete team they stay one of the
  // four whose entry stands, listed as paid (staff see the refund).
  const seats = team.members.filter((m) => m.status !== 'refunded' || team.status === 'complete');
  const members = seats.map((m) => {
    const who = m.member_id ? names.get(m.member_id) : undefined;
    const status = m.status === 'refunded' ? 'paid' : inviteStatus(m.status, m.expires_at, now);
    return {
      name: who && (status === 'captain' || status === 'paid') ? `${who.firstname} ${who.lastname}`.trim() : null,
      email: m.email,
      status,
      invite_id: m.invite_id,
      expires_at: m.expires_at,
    };
  });
  const live = members.filter((m) => m.status === 'paid' || m.status === 'pending').length;
  const captain = names.get(team.captain_id);
  return {
    id: team.id,
    status: team.status,
    role: team.captain_id === viewerId ? 'captain' : 'mate',
    captain: { firstname: captain?.firstname ?? '', lastname: captain?.lastname ?? '' },
    members,
    seats_left: team.status === 'complete' ? 0 : Math.max(0, TEAM_RULES.matesPerTeam - live),
    completed_at: team.completed_at,
    benefits: { ...TEAM_BENEFITS },
  };
}
