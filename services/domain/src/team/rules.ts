/** The team draw's numbers, from spec section 9, in one place. */
export const TEAM_RULES = {
  /** A captain invites this many mates; with the captain the team is complete. */
  matesPerTeam: 3,
  teamSize: 4,
  mateFeeCents: 5000,
  mateEntries: 30,
  merchandiseDiscountPercent: 20,
  benefitMonths: 1,
  inviterBonusEntries: 40,
} as const;

/** What one paying mate receives. */
export const mateBenefits = {
  entries: TEAM_RULES.mateEntries,
  merchandiseDiscountPercent: TEAM_RULES.merchandiseDiscountPercent,
  benefitMonths: TEAM_RULES.benefitMonths,
} as const;

/** Causation keys of the `entries` grants (source 'team'): one per mate, one for the captain. */
export const teamCausationKeys = {
  mate: (teamId: string, memberId: string): string => `team:${teamId}:mate:${memberId}`,
  /** The revocation of the mate's grant after a refund of their fee (once). */
  mateRevoked: (teamId: string, memberId: string): string => `team:${teamId}:mate:${memberId}:revoked`,
  inviterBonus: (teamId: string): string => `team:${teamId}:inviter`,
};
