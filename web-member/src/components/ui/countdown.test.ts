import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown';

describe('timeLeft', () => {
  it('splits the remaining time into zero-padded parts', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(timeLeft(ms, 0)).toEqual({ days: '02', hours: '03', minutes: '04', seconds: '05' });
  });
  it('is null once no time is left', () => {
    expect(timeLeft(1000, 1000)).toBeNull();
    expect(timeLeft(1000, 5000)).toBeNull();
  });
});
