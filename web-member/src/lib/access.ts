import type { Membership, User } from '../types/api';

/**
 * Membership rules of spec sections 4 and 6, as pure functions of the stored user and the
 * catalogue entry for their membership. `now` is passed in so the rules are testable.
 */
export const isMembershipCurrent = (user: User, now: Date): boolean =>
  user.membership_end_date === null || new Date(user.membership_end_date).getTime() >= now.getTime();

export const isFreeMembership = (membership: Membership | undefined): boolean => !membership || !membership.code || membership.code === 'free';

/**
 * Rewards access: the membership's rewards_access while it is current, or a paid team mate's month of
 * the benefit programme (current-user's `team_benefit.until`), whatever their own membership.
 */
export const hasRewardsAccess = (user: User, membership: Membership | undefined, now: Date, teamBenefitUntil: string | null = null): boolean =>
  (Boolean(membership?.rewards_access) && isMembershipCurrent(user, now)) ||
  (teamBenefitUntil !== null && new Date(teamBenefitUntil).getTime() >= now.getTime());

/** Shop access: an unexpired membership with shop_access, or at least one active single entry. */
export const hasShopAccess = (user: User, membership: Membership | undefined, now: Date, activeSingleEntries = 0): boolean =>
  (Boolean(membership?.shop_access) && isMembershipCurrent(user, now)) || activeSingleEntries > 0;

/** The ROAR Store button needs an active membership and shop access. */
export const showsStoreButton = (user: User, membership: Membership | undefined, now: Date): boolean =>
  user.membership_id !== null && !isFreeMembership(membership) && hasShopAccess(user, membership, now);

/** Referral needs an eligible, current membership that rewards the referrer. */
export const canRefer = (user: User, membership: Membership | undefined, now: Date): boolean =>
  !isFreeMembership(membership) && (membership?.referrer_entries ?? 0) > 0 && isMembershipCurrent(user, now) && Boolean(user.referral_code);

/** Upgrade is offered unless the member is already on the top tier. */
export const offersUpgrade = (membership: Membership | undefined): boolean =>
  membership?.code !== 'platinum' && membership?.code !== 'platinum-member';

/** Tiers a visitor may pick: published and visible, in catalogue order. */
export const visibleTiers = (memberships: readonly Membership[]): Membership[] =>
  memberships
    .filter((m) => m.status === 'published' && m.visible)
    .sort((a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER));
