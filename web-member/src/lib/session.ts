import { userSchema, type LoginResult, type User } from '../types/api';

/**
 * The browser keys the spec stores (section 9): access token, refresh token, expiry, user data,
 * the upgrade plan chosen before sign-in, and the service keys. Nothing else writes them.
 */
export const STORAGE_KEYS = {
  accessToken: 'roar.access_token',
  refreshToken: 'roar.refresh_token',
  expires: 'roar.expires',
  user: 'roar.user',
  upgradePlanId: 'roar.upgrade_plan_id',
  serviceKeys: 'roar.service_keys',
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Session {
  accessToken(): string | null;
  refreshToken(): string | null;
  /** Expiry as epoch milliseconds, or null when none is stored or it is unreadable. */
  expiresAt(): number | null;
  user(): User | null;
  /** Logged in = an access token and stored user data exist (spec section 4). */
  isLoggedIn(): boolean;
  saveTokens(tokens: LoginResult, now: number): void;
  saveUser(user: User): void;
  upgradePlanId(): string | null;
  saveUpgradePlanId(id: string | number): void;
  removeUpgradePlanId(): void;
  /** Clears every stored auth and session key. */
  clear(): void;
}

export function createSession(store: KeyValueStore): Session {
  const readUser = (): User | null => {
    const raw = store.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const parsed = userSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const readNumber = (key: string): number | null => {
    const value = Number(store.getItem(key) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  };
  return {
    accessToken: () => store.getItem(STORAGE_KEYS.accessToken),
    refreshToken: () => store.getItem(STORAGE_KEYS.refreshToken),
    expiresAt: () => readNumber(STORAGE_KEYS.expires),
    user: readUser,
    isLoggedIn: () => Boolean(store.getItem(STORAGE_KEYS.accessToken)) && readUser() !== null,
    saveTokens: (tokens, now) => {
      store.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
      store.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
      // `expires` is a lifetime in milliseconds (Directus convention); store the absolute time.
      store.setItem(STORAGE_KEYS.expires, String(now + tokens.expires));
    },
    saveUser: (user) => store.setItem(STORAGE_KEYS.user, JSON.stringify(user)),
    upgradePlanId: () => store.getItem(STORAGE_KEYS.upgradePlanId),
    saveUpgradePlanId: (id) => store.setItem(STORAGE_KEYS.upgradePlanId, String(id)),
    removeUpgradePlanId: () => store.removeItem(STORAGE_KEYS.upgradePlanId),
    clear: () => {
      for (const key of Object.values(STORAGE_KEYS)) store.removeItem(key);
    },
  };
}

/** A store that forgets everything: used where the browser refuses storage access. */
const memoryStore = (): KeyValueStore => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

const browserStore = (): KeyValueStore => {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : memoryStore();
  } catch {
    return memoryStore();
  }
};

export const session: Session = createSession(browserStore());
