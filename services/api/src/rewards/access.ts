import { memberHasRewardsAccess } from '@roar/domain';
import { activeTeamBenefit, getMember, listMemberships, singleEntryPurchases } from '@roar/projections';
import type { Sql } from '@roar/platform';

/**
 * Whether a member may open offers now: the tier's rewards_access with the date rule of spec
 * section 4, a paid team mate's month of benefits, or a purchase whose tier grants rewards_days.
 * Read from read models (eventually consistent: a payment confirmed a moment ago may not count yet).
 */
export async function rewardsOpenFor(sql: Sql, memberId: string, now: Date): Promise<boolean> {
  const member = await getMember(sql, memberId);
  if (!member) return false;
  const team = await activeTeamBenefit(sql, memberId, now);
  const purchases = await singleEntryPurchases(sql, memberId);
  const days = new Map((await listMemberships(sql, { statuses: ['published', 'archived', 'draft'] })).map((t) => [t.id, t.rewards_days]));
  return memberHasRewardsAccess(
    {
      membership: {
        membershipEndDate: member.membership_end_date,
        tier:
          member.membership_status === 'none'
            ? null
            : { rewards_access: member.membership_rewards_access, shop_access: member.membership_shop_access },
      },
      teamBenefitUntil: team?.benefit_until ?? null,
      rewardsDayGrants: purchases.map((p) => ({ purchasedAt: new Date(p.purchased_at).toISOString(), rewardsDays: days.get(p.membership_id) ?? 0 })),
    },
    now,
  );
}
