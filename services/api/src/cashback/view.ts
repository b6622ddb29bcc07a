import type { CashbackClaimRow } from '@roar/projections';
import type { MemberClaim } from '@roar/contracts/cashback';

export const DECISION_DAYS = 5;

/** A claim waiting past its promised decision time is overdue, to the member and to staff alike. */
export const isOverdue = (c: Pick<CashbackClaimRow, 'status' | 'decision_due_by'>, now: Date): boolean =>
  c.status === 'submitted' && Date.parse(c.decision_due_by) < now.getTime();

/** A claim as its member reads it: dollars as numbers, the decline reason, overdue. */
export function toMemberClaim(c: CashbackClaimRow, now: Date): MemberClaim {
  return {
    id: c.id,
    course: c.course,
    played_on: c.played_on,
    amount: c.amount_cents / 100,
    payout: c.payout_cents === null ? null : c.payout_cents / 100,
    status: c.status,
    overdue: isOverdue(c, now),
    decline_reason: c.decline_reason,
    submitted_at: c.submitted_at,
    decision_due_by: c.decision_due_by,
    decided_at: c.decided_at,
    paid_at: c.paid_at,
    receipt_type: c.receipt_type,
  };
}
