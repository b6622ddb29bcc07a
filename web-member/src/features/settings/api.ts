import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { tokens } from '../../lib/tokens';
import { REQUEST_TIMEOUT_MS } from '../../config/site';
import { emptyAnswerSchema } from '@roar/contracts/auth';
import { myDataPreparingSchema } from '@roar/contracts/my-data';
import { deleteAccountAnswerSchema } from '@roar/contracts/erasure';
import { COULD_NOT_UPDATE_PASSWORD, DRAWS_ERROR, PROFILE_UPDATE_ERROR } from '@roar/contracts/errors';
import {
  cancelMembershipAnswerSchema,
  cancelPreviewAnswerSchema,
  payMethodAnswerSchema,
  profileUpdateAnswerSchema,
  type MemberUser,
  type ProfileUpdate,
} from '@roar/contracts/members';

export const PROFILE_ERROR = PROFILE_UPDATE_ERROR;
export const PASSWORD_ERROR = COULD_NOT_UPDATE_PASSWORD;
export const PAY_METHOD_ERROR = DRAWS_ERROR;
export const CANCEL_ERROR = 'Could not cancel your membership';

export type ProfileChanges = Pick<ProfileUpdate, 'firstname' | 'lastname' | 'mobile' | 'state' | 'dob'>;

/** `PATCH /api/update-user` → `{user}`; any failure reads 'Error updating your profile'. */
export async function updateProfile(changes: ProfileChanges): Promise<ApiResult<MemberUser>> {
  const result = await memberRequest('/api/update-user', { method: 'PATCH', body: changes, schema: profileUpdateAnswerSchema });
  if (!result.ok) return { ...result, error: PROFILE_ERROR };
  return result.data.user ? { ok: true, data: result.data.user } : { ok: false, status: 200, error: PROFILE_ERROR };
}

/** `PATCH /api/update-password` {password, current_password} → `{}`; a refused password's reason follows the error. */
export async function updatePassword(currentPassword: string, password: string): Promise<ApiResult<null>> {
  const result = await memberRequest('/api/update-password', {
    method: 'PATCH',
    body: { password, current_password: currentPassword },
    schema: emptyAnswerSchema,
  });
  if (result.ok) return { ok: true, data: null };
  return { ok: false, status: result.status, error: result.details ? `${PASSWORD_ERROR}. ${result.details}` : PASSWORD_ERROR };
}

export type PayMethod = { readonly brand: string; readonly last4: string } | null;

/** `GET /api/user-pay-method`: the card on file, or null when there is none. */
export async function fetchPayMethod(): Promise<ApiResult<PayMethod>> {
  const result = await memberRequest('/api/user-pay-method', { schema: payMethodAnswerSchema });
  if (!result.ok) return { ...result, error: PAY_METHOD_ERROR };
  if (result.data.error) return { ok: false, status: 200, error: result.data.error };
  return { ok: true, data: result.data.last4 ? { brand: result.data.brand, last4: result.data.last4 } : null };
}

export const CANCEL_PREVIEW_ERROR = 'We could not work out what happens to your entries. Try again.';

/** `GET /api/cancel-preview`: what cancelling does to the member's entries, in the words the email repeats. */
export async function fetchCancelPreview(): Promise<ApiResult<{ endsAt: string; text: string }>> {
  const result = await memberRequest('/api/cancel-preview', { schema: cancelPreviewAnswerSchema });
  if (!result.ok) return { ...result, error: CANCEL_PREVIEW_ERROR };
  return { ok: true, data: { endsAt: result.data.data.ends_at, text: result.data.data.text } };
}

/** `POST /api/cancel-membership`: benefits last until the returned end date; `notice` says what happens to the entries. */
export async function cancelMembership(): Promise<ApiResult<{ endDate: string | null; notice: string }>> {
  const result = await memberRequest('/api/cancel-membership', { method: 'POST', body: {}, schema: cancelMembershipAnswerSchema });
  if (!result.ok) return { ...result, error: CANCEL_ERROR };
  if (result.data.status !== 'ok' || !result.data.result) return { ok: false, status: 200, error: result.data.error || CANCEL_ERROR };
  return { ok: true, data: { endDate: result.data.result.membership_end_date, notice: result.data.result.notice } };
}

export const MY_DATA_ERROR = 'We could not prepare your data. Try again.';

/** `GET /api/my-data?format=zip` with the member's bearer token: the zip as a blob and its file name, or (a large file, 202) the sentence that a link is on its way by email. */
export async function downloadMyData(): Promise<ApiResult<{ blob: Blob; filename: string } | { emailed: string }>> {
  const token = await tokens.accessToken();
  if (!token) return { ok: false, status: 401, error: MY_DATA_ERROR };
  try {
    const r = await fetch('/api/my-data?format=zip', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/zip' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 4),
    });
    if (!r.ok) return { ok: false, status: r.status, error: MY_DATA_ERROR };
    if (r.status === 202) {
      const preparing = myDataPreparingSchema.safeParse(await r.json());
      return preparing.success ? { ok: true, data: { emailed: preparing.data.message } } : { ok: false, status: r.status, error: MY_DATA_ERROR };
    }
    const filename = /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? 'my-data.zip';
    return { ok: true, data: { blob: await r.blob(), filename } };
  } catch {
    return { ok: false, status: null, error: MY_DATA_ERROR };
  }
}

/** `POST /api/delete-account` {password}: the password re-entered confirms; a refusal reads as the server words it. */
export async function deleteAccount(password: string): Promise<ApiResult<string>> {
  const result = await memberRequest('/api/delete-account', {
    method: 'POST',
    body: { password },
    schema: deleteAccountAnswerSchema,
    serverMessage: true,
  });
  if (!result.ok) return result;
  return { ok: true, data: result.data.message };
}
