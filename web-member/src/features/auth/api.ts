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

export interface SignUpInput {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly password: string;
  readonly membership_id: number;
  readonly recaptcha_token: string;
  readonly referral_code?: string;
}

const signUpAnswer = loginResultSchema.extend({ redirect_url: z.string().min(1) });
export type SignUpResult = z.infer<typeof signUpAnswer>;

/** `POST /api/sign-up`: failures show the server's error text (spec section 8). */
export async function signUp(input: SignUpInput): Promise<ApiResult<SignUpResult>> {
  return apiRequest('/api/sign-up', { method: 'POST', body: input, schema: signUpAnswer, serverError: true });
}

const errorAnswer = z.object({ error: z.string().default('') }).loose();

/** `POST /api/reset-password`: the answer is the same for known and unknown emails. */
export async function resetPassword(email: string): Promise<ApiResult<unknown>> {
  // A refusal (bad address, too many attempts) carries its reason as `{error}`.
  return apiRequest('/api/reset-password', { method: 'POST', body: { email }, schema: errorAnswer, serverError: true });
}

export const PASSWORD_UPDATE_ERROR = 'Could not update your password';

/** `POST /api/change-password` {token, password}: any failure reads 'Could not update your password' (and the reason a refused password carries). */
export async function changePassword(token: string, password: string): Promise<ApiResult<null>> {
  if (!token) return { ok: false, status: null, error: PASSWORD_UPDATE_ERROR };
  const result = await apiRequest('/api/change-password', { method: 'POST', body: { token, password }, schema: errorAnswer });
  if (result.ok && result.data.error === '') return { ok: true, data: null };
  // A refused password comes with its reason (issue 19): the member sees why.
  const details = result.ok ? undefined : result.details;
  return { ok: false, status: result.ok ? 200 : result.status, error: details ? `${PASSWORD_UPDATE_ERROR}. ${details}` : PASSWORD_UPDATE_ERROR };
}
