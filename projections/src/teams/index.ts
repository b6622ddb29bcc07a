export { teamsProjector, teamRowSchema, teamMemberRowSchema, benefitUntil, type TeamRow, type TeamMemberRow } from './projector';
export {
  getTeam,
  findTeamOfMember,
  getTeamInvite,
  listExpiredPendingInvites,
  activeTeamBenefit,
  searchTeams,
  TEAM_SORT_FIELDS,
  type TeamWithMembers,
  type SearchTeamsOptions,
} from './queries';
