/**
 * Who may apply for an official handicap (request or transfer), the rule written once:
 * a paying membership (a monthly subscription whose code is not free) that is active, or cancelled
 * but still inside its paid period (membership_end_date absent or not past). Free plans and
 * single-entry purchases do not include the handicap; a failed payment suspends it until paid.
 */
export interface HandicapPlanFacts {
  readonly membershipCode: string | null;
  readonly membershipType: string | null;
  readonly membershipStatus: string;
  readonly membershipEndDate: string | null;
}

export const HANDICAP_PLAN_REQUIRED = 'An official handicap comes with a paying membership. Upgrade your membership to apply.';

export function planIncludesHandicap(plan: HandicapPlanFacts, at: string): boolean {
  if (!plan.membershipCode || plan.membershipCode === 'free') return false;
  if (plan.membershipType !== 'monthly-subscription' && plan.membershipType !== 'monthly') return false;
  if (plan.membershipStatus !== 'active' && plan.membershipStatus !== 'cancelled') return false;
  return plan.membershipEndDate === null || Date.parse(plan.membershipEndDate) >= Date.parse(at);
}
