import { describe, expect, it } from 'vitest';
import { referralBenefits } from '../../lib/referral-benefits';
import { readDetails } from './api';
import { membershipSchema, type Membership } from '../../types/api';

const tier = (fields: Partial<Membership> & Pick<Membership, 'id' | 'type' | 'tier'>): Membership =>
  membershipSchema.parse({ status: 'published', visible: true, price: 10, ...fields });

describe('referral benefits', () => {
  it('lists bonus entries per published, visible single-entry and monthly tier, in catalogue order', () => {
    const catalogue = [
      tier({ id: 3, sort: 3, type: 'monthly-subscription', tier: 'Platinum', referrer_entries: 40, referee_entries: 20 }),
      tier({ id: 1, sort: 1, type: 'free', tier: 'Free', price: 0 }),
      tier({ id: 2, sort: 2, type: 'single-entry', tier: 'Single Entry', referrer_entries: 5, referee_entries: 5 }),
      tier({ id: 4, sort: 4, type: 'monthly-subscription', tier: 'Platinum Member', status: 'archived', visible: false, referrer_entries: 20 }),
      tier({ id: 5, sort: 5, type: 'monthly-subscription', tier: 'Hidden', visible: false, referrer_entries: 99 }),
    ];
    expect(referralBenefits(catalogue)).toEqual([
      { membershipId: 2, tier: 'Single Entry', referrerEntries: 5, refereeEntries: 5 },
      { membershipId: 3, tier: 'Platinum', referrerEntries: 40, refereeEntries: 20 },
    ]);
  });
});

describe('referral details', () => {
  it("takes the server's isValid and message, or valid when there is no error", () => {
    expect(readDetails({ isValid: true, message: 'Sam invited you', error: null })).toEqual({
      isValid: true,
      message: 'Sam invited you',
      error: null,
    });
    expect(readDetails({ message: 'Hello', error: null })).toMatchObject({ isValid: true, message: 'Hello' });
    expect(readDetails({ message: '', error: 'You cannot refer yourself.' })).toEqual({
      isValid: false,
      message: 'You cannot refer yourself.',
      error: 'You cannot refer yourself.',
    });
    expect(readDetails({ isValid: false, message: 'Invalid referral code.', error: 'Invalid referral code.' })).toMatchObject({
      isValid: false,
      message: 'Invalid referral code.',
    });
  });
});
