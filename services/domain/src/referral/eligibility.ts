import { isFreeMembership, rewardsAccess } from '../access';

export interface ReferrerMembership {
  /** The tier the member holds now (membership or active single entry), or null. */
  readonly tier: { readonly code: string; readonly referrer_entries: number } | null;
  /** ISO-8601 or null (null: a renewing membership with no end). */
  readonly membershipEndDate: string | null;
}

/**
 * Who may refer (spec sections 5 and 6): a member whose tier is not free, earns referrers
 * entries, and whose membership is current by the access rule's date condition
 * ("membership end date absent or not past", as `rewardsAccess` words it).
 */
export function canRefer(m: ReferrerMembership, now: Date): boolean {
  if (!m.tier || isFreeMembership(m.tier.code) || m.tier.referrer_entries <= 0) return false;
  return rewardsAccess({ membershipEndDate: m.membershipEndDate, tier: { rewards_access: true, shop_access: false } }, now);
}
