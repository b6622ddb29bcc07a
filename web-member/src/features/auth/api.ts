import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { dataOf, loginResultSchema, userSchema, type LoginResult, type User } from '../../types/api';

/** `POST /auth/login`: the first message of the server's error list on failure. */
export async function login(email: string, password: string, baseUrl = ''): Promise<ApiResult<LoginResult>> {
  const result = await apiRequest('/auth/login', {
    method: 'POST',
    body: { email, password },
    schema: dataOf(loginResultSchema),
    serverMessage: true,
    baseUrl,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

const currentUserAnswer = z.object({ user: userSchema }).loose();

/** `GET /api/current-user` (bearer): only the user part is needed to open a session. */
export async function currentUser(token: string, baseUrl = ''): Promise<ApiResult<User>> {
  const result = await apiRequest('/api/current-user', { schema: currentUserAnswer, token, baseUrl });
  return result.ok ? { ok: true, data: result.data.user } : result;
}
