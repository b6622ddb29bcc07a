import { visibleTiers } from './access';
import type { Membership } from '../types/api';

export interface ReferralBenefit {
  readonly membershipId: number;
  readonly tier: string;
  readonly referrerEntries: number;
  readonly refereeEntries: number;
}

/**
 * The benefits section of the referral modal (spec section 9): the referrer's and the referee's
 * bonus entries per published, visible single-entry and monthly tier, in catalogue order.
 */
export const referralBenefits = (memberships: readonly Membership[]): ReferralBenefit[] =>
  visibleTiers(memberships)
    .filter((m) => m.type === 'single-entry' || m.type === 'monthly-subscription')
    .map((m) => ({ membershipId: m.id, tier: m.tier, referrerEntries: m.referrer_entries, refereeEntries: m.referee_entries }));
