import type { CancellationDrawFact, CancellationNotice } from '../member/cancellation-notice';
import type { PrizeType } from './events';
import { memberStanding, type EligibilityEvent } from './eligibility';

export interface OpenDraw {
  readonly prizeId: string;
  readonly title: string;
  readonly prizeType: PrizeType;
  /** The draw's close (prize_end_date): its entries are taken as they are then. */
  readonly closesAt: string;
}

/**
 * The facts of a cancellation notice, by the eligibility rule itself: for every open draw (the team
 * draw aside, which stacked entries never enter), what the member holds in it now against what
 * would count at its close once a MembershipCancelled ending at `endsAt` is recorded. A draw where
 * something still counts is kept; what counts now and no longer would is lost. `renewalEntries`:
 * what the plan's next renewal would have granted (its tier's cumulative tickets).
 */
export function cancellationNoticeFacts(input: {
  readonly memberId: string;
  readonly events: readonly EligibilityEvent[];
  readonly now: string;
  readonly endsAt: string;
  readonly renewalEntries: number;
  readonly openDraws: readonly OpenDraw[];
}): CancellationNotice {
  const { memberId, events, now } = input;
  const cancelled: EligibilityEvent[] = [...events, { type: 'MembershipCancelled', data: { memberId, endsAt: input.endsAt }, occurredAt: now }];
  const kept: CancellationDrawFact[] = [];
  const lost: CancellationDrawFact[] = [];
  const draws = input.openDraws
    .filter((d) => d.prizeType !== 'team' && d.closesAt > now)
    .sort((a, b) => a.closesAt.localeCompare(b.closesAt) || a.title.localeCompare(b.title));
  for (const d of draws) {
    const base = { prizeId: d.prizeId, prizeType: d.prizeType };
    const held = memberStanding(events, memberId, { ...base, asOf: now }).tickets;
    const after = memberStanding(cancelled, memberId, { ...base, asOf: d.closesAt }).tickets;
    const fact = { prizeId: d.prizeId, title: d.title, closesAt: d.closesAt };
    if (after > 0) kept.push({ ...fact, entries: after });
    if (held > after) lost.push({ ...fact, entries: held - after });
  }
  return { endsAt: input.endsAt, kept, lost, renewalEntries: input.renewalEntries };
}
