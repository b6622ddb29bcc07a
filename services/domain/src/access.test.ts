import { describe, expect, it } from 'vitest';
import { isFreeMembership, offersUpgrade, rewardsAccess, shopAccess, showsMembershipWord } from './access';

const now = new Date('2026-01-10T12:00:00.000Z');
const platinum = { rewards_access: true, shop_access: true };
const single = { rewards_access: false, shop_access: true };
const free = { rewards_access: false, shop_access: false };

describe('access rules (spec 4)', () => {
  it('grants rewards while the end date is absent or not past, and the tier grants them', () => {
    expect(rewardsAccess({ membershipEndDate: null, tier: platinum }, now)).toBe(true);
    expect(rewardsAccess({ membershipEndDate: '2026-01-11T00:00:00.000Z', tier: platinum }, now)).toBe(true);
    expect(rewardsAccess({ membershipEndDate: '2026-01-09T00:00:00.000Z', tier: platinum }, now)).toBe(false);
    expect(rewardsAccess({ membershipEndDate: null, tier: free }, now)).toBe(false);
    expect(rewardsAccess({ membershipEndDate: null, tier: null }, now)).toBe(false);
  });

  it('grants the shop on the same date rule with shop_access, or with an active single entry', () => {
    expect(shopAccess({ membershipEndDate: null, tier: single }, [], now)).toBe(true);
    expect(shopAccess({ membershipEndDate: '2026-01-01T00:00:00.000Z', tier: platinum }, [], now)).toBe(false);
    expect(shopAccess({ membershipEndDate: null, tier: free }, [{ validUntil: '2026-02-01T00:00:00.000Z' }], now)).toBe(true);
    expect(shopAccess({ membershipEndDate: null, tier: free }, [{ validUntil: '2026-01-01T00:00:00.000Z' }], now)).toBe(false);
  });

  it('names free memberships, upgrade offers and the MEMBERSHIP word', () => {
    expect([null, '', 'free', 'platinum'].map(isFreeMembership)).toEqual([true, true, true, false]);
    expect(['free', 'single-entry', 'platinum', 'platinum-member'].map(offersUpgrade)).toEqual([true, true, false, false]);
    expect(showsMembershipWord('platinum', 'monthly-subscription')).toBe(true);
    expect(showsMembershipWord('single-entry', 'single-entry')).toBe(false);
    expect(showsMembershipWord('free', 'free')).toBe(false);
  });
});
