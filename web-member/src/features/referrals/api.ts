import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { session } from '../../lib/session';

export const INVALID_REFERRAL_CODE = 'Invalid referral code.';

export interface ReferralDetails {
  readonly isValid: boolean;
  readonly message: string;
  readonly error: string | null;
}

const detailsAnswer = z
  .object({
    isValid: z.boolean().optional(),
    message: z.string().nullable().default(''),
    error: z.string().nullable().default(null),
  })
  .loose();

/**
 * Spec section 8, referral failure: isValid is the server's, or true when there is no error;
 * the message is the server's. Exported for its test.
 */
export const readDetails = (answer: z.infer<typeof detailsAnswer>): ReferralDetails => {
  const error = answer.error || null;
  const isValid = answer.isValid ?? error === null;
  return { isValid, message: answer.message || error || (isValid ? '' : INVALID_REFERRAL_CODE), error };
};

/**
 * `POST /api/get-referral-details` {refer_code}. An empty code is refused here without calling
 * the server (spec section 5). A signed-in visitor's bearer goes along so the server can spot a
 * self-referral; it is optional, so an expired token is simply not sent.
 */
export async function getReferralDetails(code: string): Promise<ReferralDetails> {
  const referCode = code.trim();
  if (referCode === '') return { isValid: false, message: INVALID_REFERRAL_CODE, error: INVALID_REFERRAL_CODE };
  const expires = session.expiresAt();
  const token = expires !== null && expires > Date.now() ? session.accessToken() : null;
  const result = await apiRequest('/api/get-referral-details', {
    method: 'POST',
    body: { refer_code: referCode },
    token,
    schema: detailsAnswer,
    serverError: true,
  });
  if (!result.ok) return { isValid: false, message: result.error, error: result.error };
  return readDetails(result.data);
}

const sendAnswer = z.object({ error: z.string().nullable().default(null) }).loose();

/** `POST /api/send-referee-email` (bearer) {email}: the server's error text on failure. */
export async function sendRefereeEmail(email: string): Promise<ApiResult<null>> {
  const result = await memberRequest('/api/send-referee-email', { method: 'POST', body: { email: email.trim() }, schema: sendAnswer, serverError: true });
  if (!result.ok) return result;
  return result.data.error ? { ok: false, status: 200, error: result.data.error } : { ok: true, data: null };
}
