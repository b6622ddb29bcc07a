import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '@roar/platform/testing';
import { activePause, limitInForce, memberControlsDecider, pendingLimit, type MemberControlsEvent } from './index';

const memberId = 'm-1';
const given = DeciderSpecification.for(memberControlsDecider);
const t0 = '2026-11-26T10:15:00.000Z';
const fold = (events: MemberControlsEvent[]) => events.reduce(memberControlsDecider.evolve, memberControlsDecider.initialState);
const limitSet = (limitCents: number | null, previousLimitCents: number | null, setAt: string, effectiveAt: string): MemberControlsEvent => ({
  type: 'SpendingLimitSet',
  data: { memberId, limitCents, previousLimitCents, setAt, effectiveAt },
});

describe('member controls (issue 23)', () => {
  it('applies a lower limit at once, including $0', () => {
    given([])
      .when({ type: 'SetSpendingLimit', memberId, limitCents: 0, at: t0, raiseDelayHours: 24 })
      .then([limitSet(0, null, t0, t0)]);
    given([limitSet(5000, null, t0, t0)])
      .when({ type: 'SetSpendingLimit', memberId, limitCents: 1250, at: '2026-11-27T00:00:00.000Z', raiseDelayHours: 24 })
      .then([limitSet(1250, 5000, '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z')]);
  });

  it('applies a higher limit (or none) only after the delay the rules give', () => {
    const raisedAt = '2026-11-26T12:00:00.000Z';
    given([limitSet(0, null, t0, t0)])
      .when({ type: 'SetSpendingLimit', memberId, limitCents: 2000, at: raisedAt, raiseDelayHours: 24 })
      .then([limitSet(2000, 0, raisedAt, '2026-11-27T12:00:00.000Z')]);
    const state = fold([limitSet(0, null, t0, t0), limitSet(2000, 0, raisedAt, '2026-11-27T12:00:00.000Z')]);
    expect(limitInForce(state, new Date('2026-11-27T11:59:59.000Z'))).toBe(0);
    expect(pendingLimit(state, new Date(raisedAt))).toEqual({ limitCents: 2000, effectiveAt: '2026-11-27T12:00:00.000Z' });
    expect(limitInForce(state, new Date('2026-11-27T12:00:00.000Z'))).toBe(2000);
    // Removing the limit is a raise too; a 48-hour rule is honoured.
    given([limitSet(0, null, t0, t0)])
      .when({ type: 'SetSpendingLimit', memberId, limitCents: null, at: raisedAt, raiseDelayHours: 48 })
      .then([limitSet(null, 0, raisedAt, '2026-11-28T12:00:00.000Z')]);
    // Lowering again while a raise waits cancels the raise at once.
    const lowered = fold([
      limitSet(0, null, t0, t0),
      limitSet(2000, 0, raisedAt, '2026-11-27T12:00:00.000Z'),
      limitSet(0, 0, '2026-11-26T13:00:00.000Z', '2026-11-26T13:00:00.000Z'),
    ]);
    expect(limitInForce(lowered, new Date('2026-11-28T00:00:00.000Z'))).toBe(0);
  });

  it('starts a break or self-exclusion that cannot be ended early, and refuses one shorter than the rules allow', () => {
    const started: MemberControlsEvent = {
      type: 'MemberPauseStarted',
      data: { memberId, kind: 'break', length: '7-days', billing: 'pause', startedAt: t0, endsAt: '2026-12-03T10:15:00.000Z' },
    };
    given([]).when({ type: 'StartPause', memberId, length: '7-days', billing: 'pause', at: t0, minSelfExclusionMonths: 6 }).then([started]);
    given([started])
      .when({ type: 'EndPause', memberId, at: '2026-11-27T00:00:00.000Z' })
      .thenThrows('A break or self-exclusion cannot be ended early.');
    given([started])
      .when({ type: 'ResumeBilling', memberId, at: '2026-11-27T00:00:00.000Z' })
      .thenThrows('A break or self-exclusion cannot be ended early.');
    given([started])
      .when({ type: 'StartPause', memberId, length: '24-hours', billing: 'pause', at: '2026-11-27T00:00:00.000Z', minSelfExclusionMonths: 6 })
      .thenThrows('You are on a break until 3 Dec 2026, 9:15 pm. Purchases and renewals are paused.');
    given([])
      .when({ type: 'StartPause', memberId, length: '6-months', billing: 'cancel', at: t0, minSelfExclusionMonths: 12 })
      .thenThrows('Self-exclusion lasts at least 12 months.');
    given([])
      .when({ type: 'StartPause', memberId, length: '6-months', billing: 'cancel', at: t0, minSelfExclusionMonths: 6 })
      .then([
        {
          type: 'MemberPauseStarted',
          data: { memberId, kind: 'self-exclusion', length: '6-months', billing: 'cancel', startedAt: t0, endsAt: '2027-05-26T10:15:00.000Z' },
        },
      ]);
  });

  it('restarts nothing when a pause ends: billing stays paused until the member resumes it', () => {
    const started: MemberControlsEvent = {
      type: 'MemberPauseStarted',
      data: { memberId, kind: 'break', length: '24-hours', billing: 'pause', startedAt: t0, endsAt: '2026-11-27T10:15:00.000Z' },
    };
    const after = new Date('2026-11-28T00:00:00.000Z');
    const state = fold([started]);
    expect(activePause(state, after)).toBeNull();
    expect(state.billingPaused).toBe(true);
    given([started]).when({ type: 'EndPause', memberId, at: after.toISOString() }).thenNothingHappened();
    given([started])
      .when({ type: 'ResumeBilling', memberId, at: after.toISOString() })
      .then([{ type: 'MemberBillingResumed', data: { memberId, at: after.toISOString() } }]);
  });
});
