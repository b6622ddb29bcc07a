import { z } from 'zod';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';
import { controlText, pauseBillingSchema, pauseLengthSchema, type PauseBilling, type PauseLength } from '@roar/contracts/member-controls';

/**
 * A member's own controls (issue 23): a monthly spending limit on draw purchases, a break and
 * self-exclusion. One `member-controls-<memberId>` stream: the controls change on their own
 * schedule (a raised limit applies a day later) and are read before every draw purchase, so they
 * stay out of the busy member stream; the member's history reads this stream beside it.
 * The numbers a code of practice sets (the delay before a raised limit applies, the minimum
 * self-exclusion) come in with each command from the rules table, never from here.
 */
export const memberControlsStreamId = (memberId: string): string => `member-controls-${memberId}`;

export const SpendingLimitSet = defineEvent(
  'SpendingLimitSet',
  z
    .object({
      memberId: z.string().min(1),
      /** Integer cents a club month; null = no limit. */
      limitCents: z.number().int().min(0).nullable(),
      previousLimitCents: z.number().int().min(0).nullable(),
      setAt: z.string(),
      /** At once for a lower limit; after the rules' delay for a higher one (or none). */
      effectiveAt: z.string(),
    })
    .strict(),
);
export const MemberPauseStarted = defineEvent(
  'MemberPauseStarted',
  z
    .object({
      memberId: z.string().min(1),
      kind: z.enum(['break', 'self-exclusion']),
      length: pauseLengthSchema,
      billing: pauseBillingSchema,
      startedAt: z.string(),
      endsAt: z.string(),
    })
    .strict(),
);
/** Paused billing restarts only when the member asks, after the pause has ended. */
export const MemberBillingResumed = defineEvent('MemberBillingResumed', z.object({ memberId: z.string().min(1), at: z.string() }).strict());
/**
 * A plan renewal about to be charged would go past the month's limit: it is not charged, the
 * provider's collection is paused (until the member resumes it) and the member is told why.
 */
export const MemberRenewalHeld = defineEvent(
  'MemberRenewalHeld',
  z
    .object({
      memberId: z.string().min(1),
      subscriptionId: z.string().min(1),
      periodStart: z.string(),
      amountCents: z.number().int().min(0),
      limitCents: z.number().int().min(0),
      leftCents: z.number().int().min(0),
      at: z.string(),
    })
    .strict(),
);
export const memberControlsEvents = [SpendingLimitSet, MemberPauseStarted, MemberBillingResumed, MemberRenewalHeld] as const;

export type SpendingLimitSetEvent = DomainEvent<'SpendingLimitSet', z.infer<typeof SpendingLimitSet.schema>>;
export type MemberPauseStartedEvent = DomainEvent<'MemberPauseStarted', z.infer<typeof MemberPauseStarted.schema>>;
export type MemberBillingResumedEvent = DomainEvent<'MemberBillingResumed', z.infer<typeof MemberBillingResumed.schema>>;
export type MemberRenewalHeldEvent = DomainEvent<'MemberRenewalHeld', z.infer<typeof MemberRenewalHeld.schema>>;
export type MemberControlsEvent = SpendingLimitSetEvent | MemberPauseStartedEvent | MemberBillingResumedEvent | MemberRenewalHeldEvent;

export type MemberControlsCommand =
  | { type: 'SetSpendingLimit'; memberId: string; limitCents: number | null; at: string; raiseDelayHours: number }
  | { type: 'StartPause'; memberId: string; length: PauseLength; billing: PauseBilling; at: string; minSelfExclusionMonths: number }
  | { type: 'EndPause'; memberId: string; at: string }
  | { type: 'ResumeBilling'; memberId: string; at: string }
  | {
      type: 'HoldRenewal';
      memberId: string;
      subscriptionId: string;
      periodStart: string;
      amountCents: number;
      limitCents: number;
      leftCents: number;
      at: string;
    };

export interface MemberControlsState {
  /** The limits as set, in order: the one in force at an instant is the last whose effectiveAt has passed. */
  readonly limits: readonly { limitCents: number | null; effectiveAt: string; setAt: string }[];
  readonly pause: MemberPauseStartedEvent['data'] | null;
  /** True from a pause with billing 'pause' until the member resumes: nothing restarts by itself. */
  readonly billingPaused: boolean;
}

const initialState: MemberControlsState = { limits: [], pause: null, billingPaused: false };

/** The limit in force at `at` (null = none). A pending raise does not count until its time. */
export function limitInForce(state: MemberControlsState, at: Date): number | null {
  let current: number | null = null;
  for (const l of state.limits) if (Date.parse(l.effectiveAt) <= at.getTime()) current = l.limitCents;
  return current;
}
/** The raise waiting for its time, if any. */
export function pendingLimit(state: MemberControlsState, at: Date): { limitCents: number | null; effectiveAt: string } | null {
  const last = state.limits[state.limits.length - 1];
  return last && Date.parse(last.effectiveAt) > at.getTime() ? { limitCents: last.limitCents, effectiveAt: last.effectiveAt } : null;
}
export function activePause(state: MemberControlsState, at: Date): MemberPauseStartedEvent['data'] | null {
  return state.pause && Date.parse(state.pause.endsAt) > at.getTime() ? state.pause : null;
}
export function pauseEndsAt(length: PauseLength, start: Date): Date {
  const end = new Date(start.getTime());
  switch (length) {
    case '24-hours':
      return new Date(start.getTime() + 24 * 3600_000);
    case '7-days':
      return new Date(start.getTime() + 7 * 24 * 3600_000);
    case '30-days':
      return new Date(start.getTime() + 30 * 24 * 3600_000);
    case '6-months':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1-year':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5-years':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
  }
}
const SELF_EXCLUSION_MONTHS: Partial<Record<PauseLength, number>> = { '6-months': 6, '1-year': 12, '5-years': 60 };

function isLower(next: number | null, current: number | null): boolean {
  if (next === null) return false;
  return current === null || next < current;
}

export const memberControlsDecider: Decider<MemberControlsCommand, MemberControlsEvent, MemberControlsState> = {
  decide: (command, state) => {
    const at = new Date(command.at);
    switch (command.type) {
      case 'SetSpendingLimit': {
        const current = limitInForce(state, at);
        const pending = pendingLimit(state, at);
        const wanted = command.limitCents;
        if (wanted === current && !pending) return [];
        const lower = isLower(wanted, current) || wanted === current;
        const effectiveAt = lower ? at : new Date(at.getTime() + command.raiseDelayHours * 3600_000);
        return [
          {
            type: 'SpendingLimitSet',
            data: {
              memberId: command.memberId,
              limitCents: wanted,
              previousLimitCents: current,
              setAt: command.at,
              effectiveAt: effectiveAt.toISOString(),
            },
          },
        ];
      }
      case 'StartPause': {
        const active = activePause(state, at);
        if (active)
          throw new DomainError('conflict', active.kind === 'break' ? controlText.onBreak(active.endsAt) : controlText.excluded(active.endsAt));
        const months = SELF_EXCLUSION_MONTHS[command.length];
        if (months !== undefined && months < command.minSelfExclusionMonths)
          throw new DomainError('invalid', `Self-exclusion lasts at least ${command.minSelfExclusionMonths} months.`);
        return [
          {
            type: 'MemberPauseStarted',
            data: {
              memberId: command.memberId,
              kind: months === undefined ? 'break' : 'self-exclusion',
              length: command.length,
              billing: command.billing,
              startedAt: command.at,
              endsAt: pauseEndsAt(command.length, at).toISOString(),
            },
          },
        ];
      }
      case 'EndPause':
        if (activePause(state, at)) throw new DomainError('forbidden', controlText.cannotEndEarly);
        return [];
      case 'ResumeBilling':
        if (activePause(state, at)) throw new DomainError('forbidden', controlText.cannotEndEarly);
        return state.billingPaused ? [{ type: 'MemberBillingResumed', data: { memberId: command.memberId, at: command.at } }] : [];
      case 'HoldRenewal': {
        const { type: _type, ...data } = command;
        return [{ type: 'MemberRenewalHeld', data }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'SpendingLimitSet': {
        // A new setting replaces a raise still waiting for its time.
        const kept = state.limits.filter((l) => Date.parse(l.effectiveAt) <= Date.parse(event.data.setAt));
        return { ...state, limits: [...kept, { limitCents: event.data.limitCents, effectiveAt: event.data.effectiveAt, setAt: event.data.setAt }] };
      }
      case 'MemberPauseStarted':
        return { ...state, pause: event.data, billingPaused: state.billingPaused || event.data.billing === 'pause' };
      case 'MemberBillingResumed':
        return { ...state, billingPaused: false };
      case 'MemberRenewalHeld':
        return { ...state, billingPaused: true };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  initialState,
};
