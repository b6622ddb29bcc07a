import { canRefer } from '../../lib/access';
import type { Membership, User } from '../../types/api';

export type ReferralModalView = { kind: 'loading' } | { kind: 'can-refer'; code: string } | { kind: 'not-eligible' };

/**
 * The referral modal's view (spec sections 4 and 6): loading until the member and the catalogue
 * are read, then can-refer only for a user with an id and a code on an eligible, current
 * membership; everyone else gets the upgrade message.
 */
export function referralModalView(input: { loading: boolean; user: User | null; memberships: readonly Membership[]; now: Date }): ReferralModalView {
  if (input.loading) return { kind: 'loading' };
  const { user } = input;
  if (!user || user.id === '' || !user.referral_code) return { kind: 'not-eligible' };
  const membership = user.membership_id == null ? undefined : input.memberships.find((m) => m.id === user.membership_id);
  return canRefer(user, membership, input.now) ? { kind: 'can-refer', code: user.referral_code } : { kind: 'not-eligible' };
}
