import { describe, expect, it } from 'vitest';
import { referralRows, referralSchema, referralStatusText, type Referral } from './my-referrals';

const referral = (fields: Partial<Referral>): Referral =>
  referralSchema.parse({
    id: 'r1',
    referee_name: 'Sam J.',
    status: 'recorded',
    referrer_entries: null,
    recorded_at: '2026-11-20T23:30:00Z',
    granted_at: null,
    ...fields,
  });

describe('the status of a referral in words', () => {
  it('is pending until the friend first pays', () => {
    expect(referralStatusText({ status: 'recorded', referrer_entries: null })).toBe('Pending first payment');
  });
  it("shows the bonus once granted, with the referrer's entries when known", () => {
    expect(referralStatusText({ status: 'bonus-granted', referrer_entries: 40 })).toBe('Bonus granted +40 entries');
    expect(referralStatusText({ status: 'bonus-granted', referrer_entries: 1 })).toBe('Bonus granted +1 entry');
    expect(referralStatusText({ status: 'bonus-granted', referrer_entries: null })).toBe('Bonus granted');
  });
  it('is voided after a refund', () => {
    expect(referralStatusText({ status: 'voided', referrer_entries: 40 })).toBe('Voided after refund');
  });
});

describe('the rows of "Your referrals"', () => {
  it('lists the newest first with the join date in Sydney time as MMM D, YYYY', () => {
    const rows = referralRows([
      referral({ id: 'old', referee_name: 'Ben R.', status: 'voided', referrer_entries: 5, recorded_at: '2026-10-02T01:00:00Z' }),
      referral({ id: 'new', status: 'bonus-granted', referrer_entries: 40, granted_at: '2026-11-22T00:00:00Z' }),
      referral({ id: 'mid', referee_name: 'Cal T.', recorded_at: '2026-11-05T03:00:00Z' }),
    ]);
    expect(rows).toEqual([
      // 23:30 UTC on the 20th is the 21st in Sydney.
      { id: 'new', name: 'Sam J.', date: 'Nov 21, 2026', status: 'Bonus granted +40 entries', tone: 'granted' },
      { id: 'mid', name: 'Cal T.', date: 'Nov 5, 2026', status: 'Pending first payment', tone: 'pending' },
      { id: 'old', name: 'Ben R.', date: 'Oct 2, 2026', status: 'Voided after refund', tone: 'voided' },
    ]);
  });
  it('is empty for no referrals', () => {
    expect(referralRows([])).toEqual([]);
  });
});
