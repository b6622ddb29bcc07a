import { describe, expect, it } from 'vitest';
import { statusTitle } from './membership-status-box';
import { tierAction } from './tier-action';
import { membershipSchema, type Membership } from '../types/api';

const tier = (over: Partial<Membership>): Membership =>
  membershipSchema.parse({ id: 1, status: 'published', visible: true, type: 'monthly-subscription', price: 20, tier: 'Gold', code: 'gold', ...over });

const free = tier({ id: 1, code: 'free', tier: 'Free', type: 'free', price: 0 });
const single = tier({ id: 2, code: 'single entry', tier: 'Single Entry', type: 'single-entry', price: 10 });
const platinum = tier({ id: 3, code: 'platinum', tier: 'Platinum' });
const gold = tier({ id: 5, code: 'gold', tier: 'Gold' });

describe('membership status box title (spec 4)', () => {
  it('omits MEMBERSHIP for free and single-entry, and for no membership at all', () => {
    expect(statusTitle(free)).toBe('Free');
    expect(statusTitle(single)).toBe('Single Entry');
    expect(statusTitle(undefined)).toBe('No Membership');
    expect(statusTitle(tier({ code: null, tier: 'Legacy' }))).toBe('Legacy');
  });
  it('adds MEMBERSHIP for a paid subscription', () => {
    expect(statusTitle(platinum)).toBe('Platinum MEMBERSHIP');
  });
});

describe('what a tier card offers', () => {
  it('offers Join to visitors', () => {
    expect(tierAction(platinum, false, undefined)).toEqual({ kind: 'join' });
  });
  it('offers an upgrade to a free member, and single entries to everyone signed in', () => {
    expect(tierAction(platinum, true, free)).toEqual({ kind: 'upgrade' });
    expect(tierAction(single, true, platinum)).toEqual({ kind: 'single-entry' });
  });
  it('marks the current plan and offers no upgrade from the top tier', () => {
    expect(tierAction(platinum, true, platinum)).toEqual({ kind: 'current' });
    expect(tierAction(gold, true, platinum)).toEqual({ kind: 'none', label: 'Top tier reached' });
    expect(tierAction(gold, true, tier({ id: 4, code: 'platinum-member' }))).toEqual({ kind: 'none', label: 'Top tier reached' });
    expect(tierAction(free, true, gold)).toEqual({ kind: 'none', label: 'Included' });
  });
});
