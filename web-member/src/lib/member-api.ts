import type { z } from 'zod';
import { apiRequest, type ApiResult, type RequestOptions } from './api-client';
import { session } from './session';
import { tokens } from './tokens';

/**
 * Bearer calls of the member API: a fresh token first (refreshed once when expired). A signed-out
 * user, or a token the server refuses (401), ends the session and goes to login (spec section 8:
 * auth failures redirect to login).
 */
export async function memberRequest<S extends z.ZodType>(path: string, options: Omit<RequestOptions<S>, 'token'>): Promise<ApiResult<z.infer<S>>> {
  const token = await tokens.accessToken();
  if (!token) return { ok: false, status: 401, error: 'Unknown error' };
  const result = await apiRequest(path, { ...options, token });
  if (!result.ok && result.status === 401) {
    session.clear();
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/login?${new URLSearchParams({ redirectTo: here }).toString()}`);
  }
  return result;
}
