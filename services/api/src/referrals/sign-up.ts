import type { SignUpReferrals } from '../members/signup-flow';
import { recordReferral } from './bonus';
import { checkReferralCode, INVALID_CODE } from './referrer';

/** The referral step of a sign-up: any refused code fails the sign-up with the spec's one message. */
export const signUpReferrals: SignUpReferrals = {
  async check(app, code) {
    const referral = await checkReferralCode(app.sql, code, null, app.now());
    return referral.ok ? { ok: true, referrerId: referral.referrer.id } : { ok: false, error: INVALID_CODE };
  },
  record: recordReferral,
};
