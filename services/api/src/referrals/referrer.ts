import { INVALID_REFERRAL_CODE } from '@roar/contracts/errors';
import { MAX_REFERRAL_CODE_LENGTH } from '@roar/contracts/referrals';
import { canRefer } from '@roar/domain';
import { getMember, getMembership, memberIdByReferralCode, type MemberRow } from '@roar/projections';
import type { Sql } from '@roar/platform';
import { currentUser } from '../members/current-user';

export const INVALID_CODE = INVALID_REFERRAL_CODE;
export const INACTIVE_CODE = 'This referral link is no longer active.';
export const SELF_REFERRAL = 'You cannot refer yourself.';
export const NOT_ELIGIBLE = 'Sorry, you need to be on an active membership to "Refer a friend"';

/** Codes are 16 url-safe characters; anything longer is refused before a lookup. */
export const MAX_CODE_LENGTH = MAX_REFERRAL_CODE_LENGTH;

export async function memberByReferralCode(sql: Sql, code: string): Promise<MemberRow | null> {
  const id = await memberIdByReferralCode(sql, code);
  return id !== null ? getMember(sql, id) : null;
}

/** Whether the member may refer now: their tier (membership or active single entry) and the date rule. */
export async function mayRefer(sql: Sql, memberId: string, now: Date): Promise<boolean> {
  const me = await currentUser(sql, memberId, now);
  if (!me?.user.membership_id) return false;
  const tier = await getMembership(sql, me.user.membership_id);
  return canRefer(
    { tier: tier ? { code: tier.code, referrer_entries: tier.referrer_entries } : null, membershipEndDate: me.user.membership_end_date },
    now,
  );
}

export type CodeCheck = { ok: true; referrer: MemberRow } | { ok: false; message: string };

/** The code's owner, when the code is known, its owner may refer, and the caller is someone else. */
export async function checkReferralCode(sql: Sql, code: string, callerId: string | null, now: Date): Promise<CodeCheck> {
  const referrer = code && code.length <= MAX_CODE_LENGTH ? await memberByReferralCode(sql, code) : null;
  if (!referrer) return { ok: false, message: INVALID_CODE };
  if (callerId && referrer.id === callerId) return { ok: false, message: SELF_REFERRAL };
  if (!(await mayRefer(sql, referrer.id, now))) return { ok: false, message: INACTIVE_CODE };
  return { ok: true, referrer };
}

/** "Sam J.": what one member may see of another. */
export function shortName(firstname: string | null | undefined, lastname: string | null | undefined): string {
  const first = (firstname ?? '').trim() || 'A member';
  const initial = (lastname ?? '').trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
