import { describe, expect, it } from 'vitest';
import { createSession, STORAGE_KEYS } from './session';

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

const user = {
  id: 'u1',
  email: 'jane@example.com',
  firstname: 'Jane',
  lastname: 'Doe',
  status: 'active',
  membership_id: 3,
  membership_end_date: null,
  referral_code: 'abc',
};

describe('session', () => {
  it('is logged in only with both an access token and stored user data', () => {
    const { store } = memory();
    const session = createSession(store);
    expect(session.isLoggedIn()).toBe(false);
    session.saveTokens({ access_token: 'a', refresh_token: 'r', expires: 900_000 }, 1_000);
    expect(session.isLoggedIn()).toBe(false);
    session.saveUser(user);
    expect(session.isLoggedIn()).toBe(true);
    expect(session.expiresAt()).toBe(901_000);
    expect(session.user()?.firstname).toBe('Jane');
  });

  it('treats unreadable user data as no user', () => {
    const { store, map } = memory();
    map.set(STORAGE_KEYS.accessToken, 'a');
    map.set(STORAGE_KEYS.user, '{not json');
    expect(createSession(store).isLoggedIn()).toBe(false);
    map.set(STORAGE_KEYS.user, JSON.stringify({ email: 'no id' }));
    expect(createSession(store).isLoggedIn()).toBe(false);
  });

  it('clear removes every stored key, including the upgrade plan and service keys', () => {
    const { store, map } = memory();
    const session = createSession(store);
    session.saveTokens({ access_token: 'a', refresh_token: 'r', expires: 1 }, 0);
    session.saveUser(user);
    session.saveUpgradePlanId(3);
    map.set(STORAGE_KEYS.serviceKeys, '[]');
    map.set('unrelated', 'kept');
    session.clear();
    expect([...map.keys()]).toEqual(['unrelated']);
  });
});
