import { DomainError, type Decider } from '@roar/platform';
import { clubDay } from '../rewards/month';
import type { CashbackEvent, Receipt, ReceiptFingerprintEvent } from './events';

export type ClaimStatus = 'submitted' | 'approved' | 'declined' | 'paid' | 'reversed';
export interface Claim {
  readonly claimId: string;
  readonly month: string;
  readonly status: ClaimStatus;
  readonly amountCents: number;
  readonly maximumCents: number;
  readonly payoutId: string | null;
  readonly payoutCents: number | null;
}
export interface CashbackState {
  readonly claims: ReadonlyMap<string, Claim>;
}

export type CashbackCommand =
  | {
      readonly type: 'SubmitClaim';
      readonly claimId: string;
      readonly memberId: string;
      readonly course: string;
      readonly playedOn: string;
      readonly amountCents: number;
      /** The member's tier cashback_maximum now; 0 when the plan has no cashback. */
      readonly maximumCents: number;
      readonly receipt: Receipt;
      readonly at: string;
      readonly decisionDueBy: string;
    }
  | { readonly type: 'ApproveClaim'; readonly claimId: string; readonly memberId: string; readonly payoutId: string; readonly at: string }
  | { readonly type: 'DeclineClaim'; readonly claimId: string; readonly memberId: string; readonly reason: string; readonly at: string }
  | { readonly type: 'MarkPayoutPaid'; readonly claimId: string; readonly memberId: string; readonly bankReference: string; readonly at: string }
  | { readonly type: 'ReversePayout'; readonly claimId: string; readonly memberId: string; readonly reason: string; readonly at: string };

export const CASHBACK_ERRORS = {
  noCashback: 'Green-fee cashback is for members whose plan includes it.',
  amount: 'Enter the amount you paid for the round.',
  future: 'The date played cannot be in the future.',
  tooOld: 'Claims must be made within 90 days of the round.',
  monthTaken: 'You have already claimed cashback for a round played this month.',
  monthApproved: 'Another claim for this month has already been approved.',
  notFound: 'This claim does not exist.',
  notSubmitted: 'This claim has already been decided.',
  notApproved: 'Only an approved claim can be paid.',
  notPaidOrScheduled: 'Only a scheduled or paid payout can be reversed.',
  duplicateReceipt: 'This receipt has already been claimed.',
} as const;

/** A month counts as used by a claim waiting, approved, paid or reversed; a declined claim frees it. */
const holdsMonth = (c: Claim): boolean => c.status !== 'declined';

function claimOf(state: CashbackState, claimId: string): Claim {
  const claim = state.claims.get(claimId);
  if (!claim) throw new DomainError('not_found', CASHBACK_ERRORS.notFound);
  return claim;
}

const DAY_MS = 24 * 60 * 60_000;
const CLAIM_WINDOW_DAYS = 90;

/**
 * The `YYYY-MM-DD` that is `days` calendar days before `day`. Counted on the club's calendar, not
 * as 90 × 24 h before the instant: across a daylight-saving change those differ by an hour, which
 * just after midnight let a round 91 days back through.
 */
function calendarDaysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

export function decideCashback(command: CashbackCommand, state: CashbackState): CashbackEvent[] {
  switch (command.type) {
    case 'SubmitClaim': {
      if (state.claims.has(command.claimId)) return [];
      if (command.maximumCents <= 0) throw new DomainError('forbidden', CASHBACK_ERRORS.noCashback);
      if (command.amountCents <= 0) throw new DomainError('invalid', CASHBACK_ERRORS.amount);
      const today = clubDay(command.at);
      if (command.playedOn > today) throw new DomainError('invalid', CASHBACK_ERRORS.future);
      if (command.playedOn < calendarDaysBefore(today, CLAIM_WINDOW_DAYS)) throw new DomainError('invalid', CASHBACK_ERRORS.tooOld);
      const month = command.playedOn.slice(0, 7);
      if ([...state.claims.values()].some((c) => c.month === month && holdsMonth(c))) throw new DomainError('conflict', CASHBACK_ERRORS.monthTaken);
      const { claimId, memberId, course, playedOn, amountCents, maximumCents, receipt, at, decisionDueBy } = command;
      return [
        {
          type: 'CashbackClaimSubmitted',
          data: { claimId, memberId, course, playedOn, month, amountCents, maximumCents, receipt, submittedAt: at, decisionDueBy },
        },
      ];
    }
    case 'ApproveClaim': {
      const claim = claimOf(state, command.claimId);
      if (claim.status !== 'submitted') throw new DomainError('conflict', CASHBACK_ERRORS.notSubmitted);
      const others = [...state.claims.values()].filter((c) => c.claimId !== claim.claimId && c.month === claim.month);
      if (others.some((c) => c.status === 'approved' || c.status === 'paid')) throw new DomainError('conflict', CASHBACK_ERRORS.monthApproved);
      const payoutCents = Math.min(claim.amountCents, claim.maximumCents);
      const base = { claimId: claim.claimId, memberId: command.memberId };
      return [
        { type: 'CashbackClaimApproved', data: { ...base, month: claim.month, payoutId: command.payoutId, payoutCents, approvedAt: command.at } },
        { type: 'CashbackPayoutScheduled', data: { ...base, payoutId: command.payoutId, amountCents: payoutCents, scheduledAt: command.at } },
      ];
    }
    case 'DeclineClaim': {
      const claim = claimOf(state, command.claimId);
      if (claim.status !== 'submitted') throw new DomainError('conflict', CASHBACK_ERRORS.notSubmitted);
      return [
        {
          type: 'CashbackClaimDeclined',
          data: { claimId: claim.claimId, memberId: command.memberId, reason: command.reason, declinedAt: command.at },
        },
      ];
    }
    case 'MarkPayoutPaid': {
      const claim = claimOf(state, command.claimId);
      if (claim.status === 'paid') return [];
      if (claim.status !== 'approved' || !claim.payoutId || claim.payoutCents === null)
        throw new DomainError('conflict', CASHBACK_ERRORS.notApproved);
      const data = {
        payoutId: claim.payoutId,
        claimId: claim.claimId,
        memberId: command.memberId,
        amountCents: claim.payoutCents,
        bankReference: command.bankReference,
        paidAt: command.at,
      };
      return [{ type: 'CashbackPayoutPaid', data }];
    }
    case 'ReversePayout': {
      const claim = claimOf(state, command.claimId);
      if ((claim.status !== 'approved' && claim.status !== 'paid') || !claim.payoutId || claim.payoutCents === null)
        throw new DomainError('conflict', CASHBACK_ERRORS.notPaidOrScheduled);
      const data = {
        payoutId: claim.payoutId,
        claimId: claim.claimId,
        memberId: command.memberId,
        amountCents: claim.payoutCents,
        reason: command.reason,
        reversedAt: command.at,
      };
      return [{ type: 'CashbackPayoutReversed', data }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

function update(state: CashbackState, claimId: string, change: Partial<Claim>): CashbackState {
  const claim = state.claims.get(claimId);
  return claim ? { claims: new Map(state.claims).set(claimId, { ...claim, ...change }) } : state;
}

export function evolveCashback(state: CashbackState, event: CashbackEvent): CashbackState {
  switch (event.type) {
    case 'CashbackClaimSubmitted': {
      const d = event.data;
      const claim: Claim = {
        claimId: d.claimId,
        month: d.month,
        status: 'submitted',
        amountCents: d.amountCents,
        maximumCents: d.maximumCents,
        payoutId: null,
        payoutCents: null,
      };
      return { claims: new Map(state.claims).set(d.claimId, claim) };
    }
    case 'CashbackClaimApproved':
      return update(state, event.data.claimId, { status: 'approved', payoutId: event.data.payoutId, payoutCents: event.data.payoutCents });
    case 'CashbackClaimDeclined':
      return update(state, event.data.claimId, { status: 'declined' });
    case 'CashbackPayoutScheduled':
      return state;
    case 'CashbackPayoutPaid':
      return update(state, event.data.claimId, { status: 'paid' });
    case 'CashbackPayoutReversed':
      return update(state, event.data.claimId, { status: 'reversed' });
    default: {
      const _exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const cashbackDecider: Decider<CashbackCommand, CashbackEvent, CashbackState> = {
  decide: decideCashback,
  evolve: evolveCashback,
  initialState: { claims: new Map() },
};

export type FingerprintCommand =
  | {
      readonly type: 'ReserveFingerprint';
      readonly fingerprint: string;
      readonly kind: 'file' | 'venue-date-amount';
      readonly claimId: string;
      readonly memberId: string;
      readonly at: string;
    }
  | { readonly type: 'ReleaseFingerprint'; readonly fingerprint: string; readonly claimId: string; readonly at: string };
export type FingerprintState = { readonly heldBy: string | null };

/** A receipt fingerprint is held by one claim at a time, across all members. */
export const receiptFingerprintDecider: Decider<FingerprintCommand, ReceiptFingerprintEvent, FingerprintState> = {
  initialState: { heldBy: null },
  evolve: (_state, event) => (event.type === 'ReceiptFingerprintReserved' ? { heldBy: event.data.claimId } : { heldBy: null }),
  decide(command, state) {
    switch (command.type) {
      case 'ReserveFingerprint': {
        if (state.heldBy === command.claimId) return [];
        if (state.heldBy !== null) throw new DomainError('conflict', CASHBACK_ERRORS.duplicateReceipt);
        const { fingerprint, kind, claimId, memberId, at } = command;
        return [{ type: 'ReceiptFingerprintReserved', data: { fingerprint, kind, claimId, memberId, at } }];
      }
      case 'ReleaseFingerprint':
        return state.heldBy === command.claimId
          ? [{ type: 'ReceiptFingerprintReleased', data: { fingerprint: command.fingerprint, claimId: command.claimId, at: command.at } }]
          : [];
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};

/** The venue+date+amount fingerprint's input: course name normalised so "Parkland Links " and "parkland links" match. */
export function venueDateAmountKey(course: string, playedOn: string, amountCents: number): string {
  return `${course.trim().toLowerCase().replace(/\s+/g, ' ')}|${playedOn}|${amountCents}`;
}
