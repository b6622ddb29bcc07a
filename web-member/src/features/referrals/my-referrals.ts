import { referralsAnswerSchema, type Referral } from '@roar/contracts/referrals';
import type { ApiResult } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { memberRequest } from '../../lib/member-api';
import { entries } from '../../lib/referral-cards';

export { referralSchema, type Referral } from '@roar/contracts/referrals';

/** `GET /api/referrals` (bearer): the friends who joined with the member's code. */
export async function fetchMyReferrals(): Promise<ApiResult<Referral[]>> {
  const result = await memberRequest('/api/referrals', { schema: referralsAnswerSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

export type ReferralTone = 'pending' | 'granted' | 'voided';

export interface ReferralRow {
  readonly id: string;
  readonly name: string;
  readonly date: string;
  readonly status: string;
  readonly tone: ReferralTone;
}

/** A referral's status in words: pending until the friend's first payment, then the bonus, or voided by a refund. */
export function referralStatusText(referral: Pick<Referral, 'status' | 'referrer_entries'>): string {
  switch (referral.status) {
    case 'recorded':
      return 'Pending first payment';
    case 'bonus-granted':
      return referral.referrer_entries === null || referral.referrer_entries <= 0
        ? 'Bonus granted'
        : `Bonus granted +${entries(referral.referrer_entries)}`;
    case 'voided':
      return 'Voided after refund';
    default: {
      const unknownStatus: never = referral.status;
      return String(unknownStatus);
    }
  }
}

const toneOf = (status: Referral['status']): ReferralTone => (status === 'recorded' ? 'pending' : status === 'bonus-granted' ? 'granted' : 'voided');

/**
 * The rows of "Your referrals", newest first: the friend's short name, the date they joined
 * as 'MMM D, YYYY' (spec section 9), and the status in words.
 */
export function referralRows(referrals: readonly Referral[]): ReferralRow[] {
  return [...referrals]
    .sort((a, b) => Date.parse(b.recorded_at) - Date.parse(a.recorded_at))
    .map((r) => ({
      id: r.id,
      name: r.referee_name,
      date: formatDate(r.recorded_at),
      status: referralStatusText(r),
      tone: toneOf(r.status),
    }));
}
