import { describe, expect, it } from 'vitest';
import { createReferralCodeStore, REFERRAL_CODE_KEY } from './referral-code';

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    store: {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    },
  };
};

describe('the stored referral code', () => {
  it('keeps a code under referral_code until removed', () => {
    const { map, store } = memory();
    const codes = createReferralCodeStore(() => store);
    expect(codes.get()).toBeNull();
    codes.save(' abc123 ');
    expect(map.get(REFERRAL_CODE_KEY)).toBe('abc123');
    expect(codes.get()).toBe('abc123');
    codes.remove();
    expect(codes.get()).toBeNull();
  });
  it('never stores an empty code and reads a blank one as none', () => {
    const { map, store } = memory();
    const codes = createReferralCodeStore(() => store);
    codes.save('   ');
    expect(map.size).toBe(0);
    map.set(REFERRAL_CODE_KEY, '  ');
    expect(codes.get()).toBeNull();
  });
  it('does nothing when the browser refuses storage', () => {
    const codes = createReferralCodeStore(() => null);
    codes.save('abc');
    expect(codes.get()).toBeNull();
  });
});
