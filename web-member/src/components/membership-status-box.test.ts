import { describe, expect, it } from 'vitest';
import { statusLine } from './membership-status-box';
import { membershipSchema, type Membership } from '../types/api';

const tier = (over: Partial<Membership>): Membership =>
  membershipSchema.parse({ id: 1, status: 'published', visible: true, type: 'monthly-subscription', price: 20, tier: 'Gold', code: 'gold', ...over });
const single = tier({ id: 2, code: 'single entry', tier: 'Single Entry', type: 'single-entry', price: 10 });
const gold = tier({ id: 5 });
const free = tier({ id: 1, code: 'free', tier: 'Free', type: 'free', price: 0 });

describe('the status box line (defect 2)', () => {
  it('right after buying a single entry, says how long the entry lasts, not "Cancelled"', () => {
    const line = statusLine({ membership_end_date: '2026-12-24T08:00:00.000Z' }, single);
    expect(line).not.toMatch(/Cancelled/);
    expect(line).toBe('Single entry: valid until Dec 24, 2026');
  });
  it('says Cancelled only for a subscription with an end date', () => {
    expect(statusLine({ membership_end_date: '2026-12-24T08:00:00.000Z' }, gold)).toBe('Cancelled: your benefits last until Dec 24, 2026');
    expect(statusLine({ membership_end_date: null }, gold)).toBe('Active');
    expect(statusLine({ membership_end_date: null }, free)).toBe('Upgrade to stack entries every month.');
  });
});
