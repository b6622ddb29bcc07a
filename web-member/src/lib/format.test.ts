import { describe, expect, it } from 'vitest';
import { formatDollars, initialOf } from './format';

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
