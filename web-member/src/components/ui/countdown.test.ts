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

describe('timeLeft at the edges', () => {
  it('pads single digits and keeps three-digit day counts whole', () => {
    expect(timeLeft(9_000, 0)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '09' });
    expect(timeLeft(123 * 86_400_000 + 1_000, 0)).toEqual({ days: '123', hours: '00', minutes: '00', seconds: '01' });
  });
  it('counts down one second per tick and rounds part-seconds down', () => {
    const target = 61_500;
    expect(timeLeft(target, 0)).toEqual({ days: '00', hours: '00', minutes: '01', seconds: '01' });
    expect(timeLeft(target, 1_000)).toEqual({ days: '00', hours: '00', minutes: '01', seconds: '00' });
    expect(timeLeft(target, 61_000)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00' });
  });
});
