/**
 * The referral code a visitor arrived with (`/refer/{code}`), kept in the browser under
 * `referral_code` until the sign-up that carries it succeeds (docs/contracts-4-5.md).
 */
export const REFERRAL_CODE_KEY = 'referral_code';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const store = (): KeyValueStore | null => {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
};

export function createReferralCodeStore(getStore: () => KeyValueStore | null = store) {
  return {
    get(): string | null {
      const value = getStore()?.getItem(REFERRAL_CODE_KEY)?.trim();
      return value ? value : null;
    },
    save(code: string): void {
      const value = code.trim();
      if (value) getStore()?.setItem(REFERRAL_CODE_KEY, value);
    },
    remove(): void {
      getStore()?.removeItem(REFERRAL_CODE_KEY);
    },
  };
}

export const referralCode = createReferralCodeStore();
