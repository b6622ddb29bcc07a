import { describe, expect, it } from 'vitest';
import { canRefer, hasRewardsAccess, hasShopAccess, offersUpgrade, showsStoreButton, visibleTiers } from './access';
import { membershipSchema, userSchema, type Membership } from '../types/api';

const tier = (over: Partial<Membership>): Membership =>
  membershipSchema.parse({
    id: 1,
    status: 'published',
    type: 'monthly-subscription',
    price: 29.99,
    visible: true,
    code: 'platinum',
    tier: 'Platinum',
    ...over,
  });
const member = (over: Record<string, unknown> = {}) =>
  userSchema.parse({ id: 'u1', email: 'a@b.co', membership_id: 3, membership_end_date: null, referral_code: 'ref', ...over });
const now = new Date('2026-06-01T00:00:00Z');

describe('membership rules', () => {
  it('store button needs an unexpired paid membership with shop access', () => {
    const platinum = tier({ shop_access: true });
    expect(showsStoreButton(member(), platinum, now)).toBe(true);
    expect(showsStoreButton(member({ membership_end_date: '2026-05-01T00:00:00Z' }), platinum, now)).toBe(false);
    expect(showsStoreButton(member(), tier({ shop_access: false }), now)).toBe(false);
    expect(showsStoreButton(member(), tier({ code: 'free', shop_access: true }), now)).toBe(false);
  });

  it('shop access also comes from an active single entry', () => {
    expect(hasShopAccess(member(), tier({ shop_access: false }), now, 1)).toBe(true);
    expect(hasShopAccess(member(), tier({ shop_access: false }), now, 0)).toBe(false);
  });

  it('rewards need rewards_access and an unexpired membership', () => {
    expect(hasRewardsAccess(member(), tier({ rewards_access: true }), now)).toBe(true);
    expect(hasRewardsAccess(member({ membership_end_date: '2026-01-01' }), tier({ rewards_access: true }), now)).toBe(false);
  });

  it("a paid team mate's month of benefits gives rewards access until it ends", () => {
    const free = tier({ code: 'free', rewards_access: false });
    expect(hasRewardsAccess(member(), free, now)).toBe(false);
    expect(hasRewardsAccess(member(), free, now, '2026-06-20T00:00:00Z')).toBe(true);
    expect(hasRewardsAccess(member(), free, now, '2026-05-31T00:00:00Z')).toBe(false);
  });

  it('referral needs a paid tier that rewards the referrer and a referral code', () => {
    expect(canRefer(member(), tier({ referrer_entries: 40 }), now)).toBe(true);
    expect(canRefer(member(), tier({ referrer_entries: 0 }), now)).toBe(false);
    expect(canRefer(member({ referral_code: null }), tier({ referrer_entries: 40 }), now)).toBe(false);
    expect(canRefer(member(), tier({ code: 'free', referrer_entries: 40 }), now)).toBe(false);
  });

  it('no upgrade from platinum tiers', () => {
    expect(offersUpgrade(tier({ code: 'platinum' }))).toBe(false);
    expect(offersUpgrade(tier({ code: 'platinum-member' }))).toBe(false);
    expect(offersUpgrade(tier({ code: 'single-entry' }))).toBe(true);
  });

  it('visitors see visible published tiers in catalogue order', () => {
    const tiers = [
      tier({ id: 3, sort: 3 }),
      tier({ id: 4, sort: 4, status: 'archived' }),
      tier({ id: 1, sort: 1 }),
      tier({ id: 5, sort: 2, visible: false }),
    ];
    expect(visibleTiers(tiers).map((t) => t.id)).toEqual([1, 3]);
  });
});
