import { rewardsAccess, type AccessInput } from '../access';

const DAY_MS = 24 * 60 * 60_000;

/** Everything that can open rewards for one member, gathered by the application. */
export interface RewardsAccessFacts {
  /** Spec section 4: the membership's end date and the tier's rewards_access. */
  readonly membership: AccessInput;
  /** A paid team mate's month of benefits runs until this instant (null when none). */
  readonly teamBenefitUntil: string | null;
  /** Purchases of tiers whose rewards_days open rewards for that many days (single entries). */
  readonly rewardsDayGrants: readonly { readonly purchasedAt: string; readonly rewardsDays: number }[];
}

/** True when any of the three grants is running at `now`. */
export function memberHasRewardsAccess(facts: RewardsAccessFacts, now: Date): boolean {
  if (rewardsAccess(facts.membership, now)) return true;
  if (facts.teamBenefitUntil && Date.parse(facts.teamBenefitUntil) > now.getTime()) return true;
  return facts.rewardsDayGrants.some((g) => g.rewardsDays > 0 && Date.parse(g.purchasedAt) + g.rewardsDays * DAY_MS > now.getTime());
}
