import { z } from 'zod';
import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { userSchema, type User } from '../../types/api';

export const PROFILE_ERROR = 'Error updating your profile';
export const PASSWORD_ERROR = 'Could not update your password';
export const PAY_METHOD_ERROR = 'Error getting draws.';
export const CANCEL_ERROR = 'Could not cancel your membership';

export interface ProfileChanges {
  readonly firstname: string;
  readonly lastname: string;
  readonly mobile?: string;
}

/** `PATCH /api/update-user` → `{user}`; any failure reads 'Error updating your profile'. */
export async function updateProfile(changes: ProfileChanges): Promise<ApiResult<User>> {
  const result = await memberRequest('/api/update-user', { method: 'PATCH', body: changes, schema: z.object({ user: userSchema }) });
  return result.ok ? { ok: true, data: result.data.user } : { ...result, error: PROFILE_ERROR };
}

/** `PATCH /api/update-password` {password, current_password} → `{}`; a refused password's reason follows the error. */
export async function updatePassword(currentPassword: string, password: string): Promise<ApiResult<null>> {
  const result = await memberRequest('/api/update-password', {
    method: 'PATCH',
    body: { password, current_password: currentPassword },
    schema: z.object({ error: z.string().optional() }).loose(),
  });
  if (result.ok && !result.data.error) return { ok: true, data: null };
  const details = result.ok ? undefined : result.details;
  return { ok: false, status: result.ok ? 200 : result.status, error: details ? `${PASSWORD_ERROR}. ${details}` : PASSWORD_ERROR };
}

const payMethodAnswer = z.object({ last4: z.string(), brand: z.string(), error: z.string().default('') });
export type PayMethod = { readonly brand: string; readonly last4: string } | null;

/** `GET /api/user-pay-method`: the card on file, or null when there is none. */
export async function fetchPayMethod(): Promise<ApiResult<PayMethod>> {
  const result = await memberRequest('/api/user-pay-method', { schema: payMethodAnswer });
  if (!result.ok) return { ...result, error: PAY_METHOD_ERROR };
  if (result.data.error) return { ok: false, status: 200, error: result.data.error };
  return { ok: true, data: result.data.last4 ? { brand: result.data.brand, last4: result.data.last4 } : null };
}

const cancelAnswer = z.object({
  status: z.string(),
  result: z.object({ membership_end_date: z.string().nullable() }).nullable(),
  error: z.string().default(''),
});

/** `POST /api/cancel-membership`: benefits last until the returned end date. */
export async function cancelMembership(): Promise<ApiResult<string | null>> {
  const result = await memberRequest('/api/cancel-membership', { method: 'POST', body: {}, schema: cancelAnswer });
  if (!result.ok) return { ...result, error: CANCEL_ERROR };
  if (result.data.status !== 'ok' || !result.data.result) return { ok: false, status: 200, error: result.data.error || CANCEL_ERROR };
  return { ok: true, data: result.data.result.membership_end_date };
}
