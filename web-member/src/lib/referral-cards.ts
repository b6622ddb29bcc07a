import type { ReferralBenefit } from './referral-benefits';

/** '1 entry', '40 entries'. */
export const entries = (count: number): string => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/** '1 bonus entry', '40 bonus entries'. */
export const bonusEntries = (count: number): string => `${count} bonus ${count === 1 ? 'entry' : 'entries'}`;

/**
 * The wording of a home-page referral card (spec section 9: swapped for signed-in versus not).
 * A signed-in member is the inviter: their own bonus comes first. A visitor is the invited
 * friend: the bonus they get on joining comes first.
 */
export function referralCardWording(benefit: ReferralBenefit, signedIn: boolean): string {
  return signedIn
    ? `Invite a friend to ${benefit.tier}: you get ${bonusEntries(benefit.referrerEntries)}, your friend gets ${benefit.refereeEntries}`
    : `Invited by a friend? Join ${benefit.tier} and get ${bonusEntries(benefit.refereeEntries)}, your friend gets ${benefit.referrerEntries}`;
}
