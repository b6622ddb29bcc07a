import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOGOUT_REDIRECT_MS } from '../config/site';
import { paths } from '../config/paths';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { session } from './session';
import type { User } from '../types/api';

interface AuthValue {
  readonly loggedIn: boolean;
  readonly user: User | null;
  /** Re-reads the stored session (after a login, or another tab changed it). */
  readonly reload: () => void;
  readonly logout: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

/** Logout waits this long at most for the server before clearing the browser's session anyway. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

/**
 * Ends the session on the server first (`POST /auth/logout`), so a refresh token copied before
 * Logout stops working; then clears the session and does a full reload to home after 100 ms
 * (spec section 2). Offline or refused, the browser still forgets the session.
 */
export async function logout(): Promise<void> {
  const refreshToken = session.refreshToken();
  if (refreshToken) {
    await apiRequest('/auth/logout', {
      method: 'POST',
      body: { refresh_token: refreshToken },
      schema: z.unknown(),
      timeoutMs: LOGOUT_CALL_TIMEOUT_MS,
    });
  }
  session.clear();
  window.setTimeout(() => window.location.assign(paths.home.getHref()), LOGOUT_REDIRECT_MS);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const read = () => ({ loggedIn: session.isLoggedIn(), user: session.user() });
  const [state, setState] = useState(read);
  const reload = useCallback(() => setState(read()), []);
  useEffect(() => {
    // Another tab signing in or out changes what this tab may show.
    const onStorage = () => reload();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [reload]);
  const value = useMemo<AuthValue>(() => ({ ...state, reload, logout }), [state, reload]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export const fullName = (user: User | null): string => (user ? [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email : '');
