import { describe, expect, it } from 'vitest';
import { bonusEntries, entries, referralCardWording } from './referral-cards';

const platinum = { membershipId: 3, tier: 'Platinum', referrerEntries: 40, refereeEntries: 20 };

describe('referral card wording', () => {
  it('addresses a signed-in member as the inviter: their bonus first', () => {
    expect(referralCardWording(platinum, true)).toBe('Invite a friend to Platinum: you get 40 bonus entries, your friend gets 20');
  });
  it('swaps the wording for a visitor, the invited friend: the bonus they get on joining first', () => {
    expect(referralCardWording(platinum, false)).toBe('Invited by a friend? Join Platinum and get 20 bonus entries, your friend gets 40');
  });
  it('says entry for one', () => {
    expect(bonusEntries(1)).toBe('1 bonus entry');
    expect(bonusEntries(0)).toBe('0 bonus entries');
    expect(entries(1)).toBe('1 entry');
    expect(entries(5)).toBe('5 entries');
    expect(referralCardWording({ membershipId: 2, tier: 'Single Entry', referrerEntries: 5, refereeEntries: 1 }, false)).toBe(
      'Invited by a friend? Join Single Entry and get 1 bonus entry, your friend gets 5',
    );
  });
});
