import { INVALID_REFERRAL_CODE } from '@roar/contracts/errors';
import { referralDetailsSchema, sendRefereeEmailAnswerSchema } from '@roar/contracts/referrals';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { session } from '../../lib/session';

export { INVALID_REFERRAL_CODE };

export interface ReferralDetails {
  readonly isValid: boolean;
  readonly message: string;
  readonly error: string | null;
}

/** What readDetails reads of the answer (the contract's referralDetailsSchema; isValid may be left out). */
interface DetailsAnswer {
  readonly isValid?: boolean;
  readonly message: string | null;
  readonly error: string | null;
}

/**
 * Spec section 8, referral failure: isValid is the server's, or true when there is no error;
 * the message is the server's. Exported for its test.
 */
export const readDetails = (answer: DetailsAnswer): ReferralDetails => {
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
    schema: referralDetailsSchema,
    serverError: true,
  });
  if (!result.ok) return { isValid: false, message: result.error, error: result.error };
  return readDetails(result.data);
}

/** `POST /api/send-referee-email` (bearer) {email}: the server's error text on failure. */
export async function sendRefereeEmail(email: string): Promise<ApiResult<null>> {
  const result = await memberRequest('/api/send-referee-email', {
    method: 'POST',
    body: { email: email.trim() },
    schema: sendRefereeEmailAnswerSchema,
    serverError: true,
  });
  return result.ok ? { ok: true, data: null } : result;
}
