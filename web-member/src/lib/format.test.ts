import { describe, expect, it } from 'vitest';
import { formatDate, formatDollars, initialOf, ticketRange } from './format';

describe('formatDollars', () => {
  it('drops a trailing .00 and keeps real cents', () => {
    expect(formatDollars(20)).toBe('$20');
    expect(formatDollars(29.99)).toBe('$29.99');
    expect(formatDollars(19.9)).toBe('$19.90');
    expect(formatDollars(0)).toBe('$0');
  });
  it('groups thousands', () => {
    expect(formatDollars(125000)).toBe('$125,000');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });
});

describe('initialOf', () => {
  it('takes the first letter, upper-cased', () => {
    expect(initialOf(' jane Doe')).toBe('J');
    expect(initialOf('')).toBe('?');
  });
});

describe('dates and ticket ranges', () => {
  it('formats dates as MMM D, YYYY in Sydney time', () => {
    expect(formatDate('2026-12-21T03:00:00Z')).toBe('Dec 21, 2026');
    // 15:00 UTC on the 31st is already the next day in Sydney.
    expect(formatDate('2026-12-31T15:00:00Z')).toBe('Jan 1, 2027');
    expect(formatDate('not a date')).toBe('not a date');
  });
  it('reads a run of tickets the way a receipt does', () => {
    expect(ticketRange(51, 100)).toBe('Tickets 51-100');
    expect(ticketRange(7, 7)).toBe('Ticket 7');
  });
});
