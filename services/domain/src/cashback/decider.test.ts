import { describe, expect, it } from 'vitest';
import { cashbackDecider, CASHBACK_ERRORS, receiptFingerprintDecider, venueDateAmountKey, type CashbackCommand } from './decider';
import type { CashbackEvent } from './events';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-11-20T01:00:00.000Z';
const receipt = { key: 'receipts/2026/11/a.pdf', contentType: 'application/pdf' as const, size: 1000, sha256: 'a'.repeat(64) };
const submit = (over: Partial<Extract<CashbackCommand, { type: 'SubmitClaim' }>> = {}): CashbackCommand => ({
  type: 'SubmitClaim',
  claimId: 'c1',
  memberId: 'm1',
  course: 'Parkland Links',
  playedOn: '2026-11-18',
  amountCents: 3500,
  maximumCents: 2000,
  receipt,
  at,
  decisionDueBy: '2026-11-27T01:00:00.000Z',
  ...over,
});
const submitted = (claimId = 'c1', playedOn = '2026-11-18', amountCents = 3500): CashbackEvent => ({
  type: 'CashbackClaimSubmitted',
  data: {
    claimId,
    memberId: 'm1',
    course: 'Parkland Links',
    playedOn,
    month: playedOn.slice(0, 7),
    amountCents,
    maximumCents: 2000,
    receipt,
    submittedAt: at,
    decisionDueBy: '2026-11-27T01:00:00.000Z',
  },
});

const given = DeciderSpecification.for(cashbackDecider);

describe('green-fee cashback decider', () => {
  it('submits a claim for a past round with its month', () => {
    given([]).when(submit()).then([submitted()]);
  });

  it('refuses no cashback in the plan, $0, a future date and a stale round', () => {
    given([])
      .when(submit({ maximumCents: 0 }))
      .thenThrows(CASHBACK_ERRORS.noCashback);
    given([])
      .when(submit({ amountCents: 0 }))
      .thenThrows(CASHBACK_ERRORS.amount);
    // 01:00 UTC on 20 Nov is 12:00 on 20 Nov in Sydney: the 21st is tomorrow there.
    given([])
      .when(submit({ playedOn: '2026-11-21' }))
      .thenThrows(CASHBACK_ERRORS.future);
    given([])
      .when(submit({ playedOn: '2026-11-20' }))
      .then((events) => expect(events).toHaveLength(1));
    given([])
      .when(submit({ playedOn: '2026-08-01' }))
      .thenThrows(CASHBACK_ERRORS.tooOld);
  });

  it('takes a round played up to 90 days ago, not 91: the boundary is the club day 90 days back', () => {
    // 01:00 UTC on 20 Nov is midday on 20 Nov in Sydney; 90 days earlier is 22 Aug there.
    given([])
      .when(submit({ playedOn: '2026-08-22' }))
      .then((events) => expect(events).toHaveLength(1));
    given([])
      .when(submit({ playedOn: '2026-08-21' }))
      .thenThrows(CASHBACK_ERRORS.tooOld);
    // Late on the club's day (23:30 in Sydney, still 20 Nov): the same 22 Aug is the last day taken.
    const lateEvening = '2026-11-20T12:30:00.000Z';
    given([])
      .when(submit({ playedOn: '2026-08-22', at: lateEvening }))
      .then((events) => expect(events).toHaveLength(1));
    given([])
      .when(submit({ playedOn: '2026-08-21', at: lateEvening }))
      .thenThrows(CASHBACK_ERRORS.tooOld);
    // Just past midnight on 21 Nov in Sydney (daylight time now, standard time in August): the
    // window is counted in the club's calendar days, so 22 Aug is 91 days back and refused.
    const pastMidnight = '2026-11-20T13:30:00.000Z';
    given([])
      .when(submit({ playedOn: '2026-08-23', at: pastMidnight }))
      .then((events) => expect(events).toHaveLength(1));
    given([])
      .when(submit({ playedOn: '2026-08-22', at: pastMidnight }))
      .thenThrows(CASHBACK_ERRORS.tooOld);
  });

  it('refuses a second claim for the same month unless the first was declined', () => {
    given([submitted()])
      .when(submit({ claimId: 'c2', playedOn: '2026-11-02' }))
      .thenThrows(CASHBACK_ERRORS.monthTaken);
    const declined: CashbackEvent = {
      type: 'CashbackClaimDeclined',
      data: { claimId: 'c1', memberId: 'm1', reason: 'Unreadable receipt', declinedAt: at },
    };
    given([submitted(), declined])
      .when(submit({ claimId: 'c2', playedOn: '2026-11-02' }))
      .then((events) => expect(events).toHaveLength(1));
    given([submitted()])
      .when(submit({ claimId: 'c2', playedOn: '2026-10-30' }))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('approves with a payout of the smaller of the receipt and the tier maximum, and schedules it', () => {
    given([submitted()])
      .when({ type: 'ApproveClaim', claimId: 'c1', memberId: 'm1', payoutId: 'p1', at })
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['CashbackClaimApproved', 'CashbackPayoutScheduled']);
        expect(events[1]!.data).toMatchObject({ amountCents: 2000 });
      });
    given([submitted('c1', '2026-11-18', 1250)])
      .when({ type: 'ApproveClaim', claimId: 'c1', memberId: 'm1', payoutId: 'p1', at })
      .then((events) => expect(events[0]!.data).toMatchObject({ payoutCents: 1250 }));
  });

  it('decides a claim once, pays only approved claims, reverses scheduled or paid payouts', () => {
    const approved: CashbackEvent[] = given([submitted()]).when({ type: 'ApproveClaim', claimId: 'c1', memberId: 'm1', payoutId: 'p1', at }).events();
    const after = [submitted(), ...approved];
    given(after).when({ type: 'DeclineClaim', claimId: 'c1', memberId: 'm1', reason: 'late', at }).thenThrows(CASHBACK_ERRORS.notSubmitted);
    given([submitted()])
      .when({ type: 'MarkPayoutPaid', claimId: 'c1', memberId: 'm1', bankReference: 'B1', at })
      .thenThrows(CASHBACK_ERRORS.notApproved);
    const paid = given(after).when({ type: 'MarkPayoutPaid', claimId: 'c1', memberId: 'm1', bankReference: 'B1', at }).events();
    expect(paid[0]).toMatchObject({ type: 'CashbackPayoutPaid', data: { amountCents: 2000, bankReference: 'B1' } });
    expect(
      given([...after, ...paid])
        .when({ type: 'ReversePayout', claimId: 'c1', memberId: 'm1', reason: 'Chargeback', at })
        .events()[0]!.type,
    ).toBe('CashbackPayoutReversed');
    given([submitted()])
      .when({ type: 'ReversePayout', claimId: 'c1', memberId: 'm1', reason: 'x', at })
      .thenThrows(CASHBACK_ERRORS.notPaidOrScheduled);
  });
});

describe('receipt fingerprints', () => {
  it('are held by one claim: a second claim with the same receipt is refused until released', () => {
    const reserve = { type: 'ReserveFingerprint' as const, fingerprint: 'b'.repeat(64), kind: 'file' as const, claimId: 'c1', memberId: 'm1', at };
    const held = receiptFingerprintDecider.decide(reserve, receiptFingerprintDecider.initialState);
    const state = held.reduce(receiptFingerprintDecider.evolve, receiptFingerprintDecider.initialState);
    expect(() => receiptFingerprintDecider.decide({ ...reserve, claimId: 'c2', memberId: 'm2' }, state)).toThrow(CASHBACK_ERRORS.duplicateReceipt);
    const released = receiptFingerprintDecider
      .decide({ type: 'ReleaseFingerprint', fingerprint: reserve.fingerprint, claimId: 'c1', at }, state)
      .reduce(receiptFingerprintDecider.evolve, state);
    expect(receiptFingerprintDecider.decide({ ...reserve, claimId: 'c2' }, released)).toHaveLength(1);
  });

  it('normalise the course name for the venue+date+amount key', () => {
    expect(venueDateAmountKey(' Parkland  Links ', '2026-11-18', 3500)).toBe(venueDateAmountKey('parkland links', '2026-11-18', 3500));
  });
});
