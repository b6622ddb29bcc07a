import { apiRequest, type ApiResult } from './api-client';
import { session as browserSession, type Session } from './session';
import { dataOf, loginResultSchema, type LoginResult } from '../types/api';

/** `POST /auth/refresh` {refresh_token, mode:'json'}: the same answer as login. */
export async function refreshTokens(refreshToken: string, baseUrl = ''): Promise<ApiResult<LoginResult>> {
  const result = await apiRequest('/auth/refresh', {
    method: 'POST',
    body: { refresh_token: refreshToken, mode: 'json' },
    schema: dataOf(loginResultSchema),
    serverMessage: true,
    baseUrl,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

export interface TokenManagerOptions {
  readonly session: Session;
  readonly refresh: (refreshToken: string) => Promise<ApiResult<LoginResult>>;
  readonly now: () => number;
  /** Called once the session is given up (no token, or the refresh failed): send the user to login. */
  readonly onSignedOut: () => void;
}

export interface TokenManager {
  /** A usable access token, refreshing it first when its stored expiry has passed; null when signed out. */
  accessToken(): Promise<string | null>;
}

/**
 * Spec section 4: the token is valid until its stored expiry; after that it is refreshed once,
 * and concurrent callers share that one refresh (the server rotates refresh tokens, so a second
 * refresh with the same token would be taken as reuse and revoke the family). A failed or
 * incomplete refresh clears all stored auth data and sends the user to login.
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { session, refresh, now, onSignedOut } = options;
  let inFlight: Promise<string | null> | null = null;

  const giveUp = (): null => {
    session.clear();
    onSignedOut();
    return null;
  };

  const runRefresh = async (): Promise<string | null> => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) return giveUp();
    const result = await refresh(refreshToken);
    // "Incomplete": a 200 without both tokens and a lifetime is as bad as a refusal; the schema checks it.
    if (!result.ok) return giveUp();
    session.saveTokens(result.data, now());
    return result.data.access_token;
  };

  return {
    async accessToken() {
      const token = session.accessToken();
      const expiresAt = session.expiresAt();
      if (token && expiresAt !== null && now() < expiresAt) return token;
      if (!token && !session.refreshToken()) return giveUp();
      inFlight ??= runRefresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

const redirectToLogin = () => {
  if (typeof window === 'undefined') return;
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?${new URLSearchParams({ redirectTo: here }).toString()}`);
};

export const tokens: TokenManager = createTokenManager({
  session: browserSession,
  refresh: (refreshToken) => refreshTokens(refreshToken),
  now: () => Date.now(),
  onSignedOut: redirectToLogin,
});
