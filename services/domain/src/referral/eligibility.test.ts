import { describe, expect, it } from 'vitest';
import { canRefer } from './eligibility';

const now = new Date('2026-06-01T00:00:00.000Z');
const platinum = { code: 'platinum', referrer_entries: 40 };

describe('who may refer', () => {
  it('a current, paid tier that earns referrers entries', () => {
    expect(canRefer({ tier: platinum, membershipEndDate: null }, now)).toBe(true);
    expect(canRefer({ tier: platinum, membershipEndDate: '2026-06-30T00:00:00.000Z' }, now)).toBe(true);
  });

  it('not without a tier, on a free tier, on a tier with no referrer entries, or after the end date', () => {
    expect(canRefer({ tier: null, membershipEndDate: null }, now)).toBe(false);
    expect(canRefer({ tier: { code: 'free', referrer_entries: 10 }, membershipEndDate: null }, now)).toBe(false);
    expect(canRefer({ tier: { code: '', referrer_entries: 10 }, membershipEndDate: null }, now)).toBe(false);
    expect(canRefer({ tier: { ...platinum, referrer_entries: 0 }, membershipEndDate: null }, now)).toBe(false);
    expect(canRefer({ tier: platinum, membershipEndDate: '2026-05-31T23:59:59.000Z' }, now)).toBe(false);
    expect(canRefer({ tier: platinum, membershipEndDate: 'not a date' }, now)).toBe(false);
  });
});
