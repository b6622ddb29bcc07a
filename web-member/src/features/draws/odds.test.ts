import { describe, expect, it } from 'vitest';
import { claimCountdown, oddsLine, oneIn, poolLine } from './odds';

describe('the odds line on the event page (issue 22)', () => {
  it('reads as the issue words it, with thousands separators', () => {
    expect(oddsLine(50, 18_240)).toBe('You hold 50 of 18,240 entries (about 1 in 365)');
  });
  it('rounds "1 in N" sensibly: one decimal under 10, whole to 1,000, three figures beyond', () => {
    expect(oneIn(1, 4)).toBe('4');
    expect(oneIn(2, 5)).toBe('2.5');
    expect(oneIn(3, 10)).toBe('3.3');
    expect(oneIn(7, 100)).toBe('14');
    expect(oneIn(1, 123_456)).toBe('123,000');
    expect(oneIn(3, 1_000_000)).toBe('333,000');
  });
  it('never shows a pool smaller than what the member holds (the pool is refreshed within a minute)', () => {
    expect(oddsLine(60, 50)).toBe('You hold 60 of 60 entries (about 1 in 1)');
    expect(oddsLine(1, 1)).toBe('You hold 1 of 1 entry (about 1 in 1)');
  });
  it('says so when the member holds none', () => {
    expect(oddsLine(0, 1_200)).toBe('You hold no entries of 1,200 in this draw.');
  });
  it('tells a visitor the pool', () => {
    expect(poolLine(18_240)).toBe('18,240 entries in the draw');
    expect(poolLine(1)).toBe('1 entry in the draw');
  });
});

describe('the claim countdown (issue 22)', () => {
  const now = Date.parse('2026-12-01T00:00:00.000Z');
  it('counts days and hours, then hours and minutes, until the claim period ends', () => {
    expect(claimCountdown('2026-12-13T04:30:00.000Z', now)).toEqual({ ended: false, text: '12 days 4 hours left' });
    expect(claimCountdown('2026-12-02T00:00:00.000Z', now)).toEqual({ ended: false, text: '1 day left' });
    expect(claimCountdown('2026-12-01T05:20:00.000Z', now)).toEqual({ ended: false, text: '5 hours 20 minutes left' });
    expect(claimCountdown('2026-12-01T00:00:30.000Z', now)).toEqual({ ended: false, text: 'less than a minute left' });
  });
  it('has ended at the claim-by instant and after', () => {
    expect(claimCountdown('2026-12-01T00:00:00.000Z', now)).toEqual({ ended: true });
    expect(claimCountdown('2026-11-30T00:00:00.000Z', now)).toEqual({ ended: true });
  });
});
