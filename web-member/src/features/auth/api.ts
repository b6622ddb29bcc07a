import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberSessionAnswerSchema, passwordAnswerSchema } from '@roar/contracts/auth';
import { COULD_NOT_UPDATE_PASSWORD } from '@roar/contracts/errors';
import { currentUserSchema, signUpAnswerSchema, type MemberUser, type SignUp } from '@roar/contracts/members';
import type { LoginResult } from '../../types/api';

/** `POST /auth/login`: the first message of the server's error list on failure. */
export async function login(email: string, password: string, baseUrl = ''): Promise<ApiResult<LoginResult>> {
  const result = await apiRequest('/auth/login', {
    method: 'POST',
    body: { email, password },
    schema: memberSessionAnswerSchema,
    serverMessage: true,
    baseUrl,
  });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /api/current-user` (bearer): only the user part is needed to open a session. */
export async function currentUser(token: string, baseUrl = ''): Promise<ApiResult<MemberUser>> {
  const result = await apiRequest('/api/current-user', { schema: currentUserSchema, token, baseUrl });
  return result.ok ? { ok: true, data: result.data.user } : result;
}

export type SignUpInput = SignUp & { readonly membership_id: number; readonly recaptcha_token: string };

/** A paid plan's sign-up answers the checkout to go to; the console only joins paid plans here. */
const signUpAnswer = signUpAnswerSchema.extend({ redirect_url: z.string().min(1) });
export type SignUpResult = z.infer<typeof signUpAnswer>;

/** `POST /api/sign-up`: failures show the server's error text (spec section 8). */
export async function signUp(input: SignUpInput): Promise<ApiResult<SignUpResult>> {
  return apiRequest('/api/sign-up', { method: 'POST', body: input, schema: signUpAnswer, serverError: true });
}

const errorAnswer = passwordAnswerSchema;

/** `POST /api/reset-password`: the answer is the same for known and unknown emails. */
export async function resetPassword(email: string): Promise<ApiResult<unknown>> {
  // A refusal (bad address, too many attempts) carries its reason as `{error}`.
  return apiRequest('/api/reset-password', { method: 'POST', body: { email }, schema: errorAnswer, serverError: true });
}

export const PASSWORD_UPDATE_ERROR = COULD_NOT_UPDATE_PASSWORD;

/** `POST /api/change-password` {token, password}: any failure reads 'Could not update your password' (and the reason a refused password carries). */
export async function changePassword(token: string, password: string): Promise<ApiResult<null>> {
  if (!token) return { ok: false, status: null, error: PASSWORD_UPDATE_ERROR };
  const result = await apiRequest('/api/change-password', { method: 'POST', body: { token, password }, schema: errorAnswer });
  if (result.ok && result.data.error === '') return { ok: true, data: null };
  // A refused password comes with its reason (issue 19): the member sees why.
  const details = result.ok ? undefined : result.details;
  return { ok: false, status: result.ok ? 200 : result.status, error: details ? `${PASSWORD_UPDATE_ERROR}. ${details}` : PASSWORD_UPDATE_ERROR };
}
