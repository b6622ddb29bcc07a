import { describe, expect, it } from 'vitest';
import { createEventRegistry } from '../registry';
import { referralDecider, type ReferralCommand } from './decider';
import { referralCausationKeys, referralStreamId, type ReferralEvent } from './events';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-01-10T00:00:00.000Z';
const later = '2026-01-11T00:00:00.000Z';
const record: ReferralCommand = { type: 'RecordReferral', refereeId: 'm-new', referrerId: 'm-old', referralCode: 'CODE1', at };
const recorded: ReferralEvent = {
  type: 'ReferralRecorded',
  data: { refereeId: 'm-new', referrerId: 'm-old', referralCode: 'CODE1', recordedAt: at },
};
const bonus: ReferralCommand = {
  type: 'GrantReferralBonus',
  paymentId: 'pi_1',
  amount_cents: 2999,
  referrerEntries: 20,
  refereeEntries: 10,
  tierCode: 'platinum',
  at: later,
};
const granted: ReferralEvent = {
  type: 'ReferralBonusGranted',
  data: {
    refereeId: 'm-new',
    referrerId: 'm-old',
    paymentId: 'pi_1',
    tierCode: 'platinum',
    referrerEntries: 20,
    refereeEntries: 10,
    grantedAt: later,
  },
};
const voidIt: ReferralCommand = { type: 'VoidReferral', reason: 'payment refunded', at: later };

const given = DeciderSpecification.for(referralDecider);

describe('referral decider', () => {
  it('records who referred whom, on one stream per referred member', () => {
    given([]).when(record).then([recorded]);
    expect(referralStreamId('m-new')).toBe('referral-m-new');
  });

  it('refuses self-referral', () => {
    given([])
      .when({ ...record, referrerId: 'm-new' })
      .thenThrows('You cannot refer yourself.');
  });

  it('refuses a second referral of the same person, and ignores a replay of the first', () => {
    given([recorded])
      .when({ ...record, referrerId: 'm-other' })
      .thenThrows('This member has already been referred.');
    given([recorded]).when(record).thenNothingHappened();
  });

  it('grants the bonus after a paid sign-up with the counts of the tier snapshot, naming both members', () => {
    given([recorded]).when(bonus).then([granted]);
  });

  it('grants the bonus only once', () => {
    given([recorded, granted]).when(bonus).thenNothingHappened();
    given([recorded, granted])
      .when({ ...bonus, paymentId: 'pi_2' })
      .thenNothingHappened();
  });

  it('grants nothing without a paid sign-up or without a referral', () => {
    given([recorded])
      .when({ ...bonus, amount_cents: 0 })
      .thenThrows('A referral bonus needs a paid sign-up.');
    given([recorded])
      .when({ ...bonus, paymentId: ' ' })
      .thenThrows('A referral bonus needs a paid sign-up.');
    given([recorded])
      .when({ ...bonus, refereeEntries: -1 })
      .thenThrows('Bonus entries must be a whole number of zero or more.');
    given([]).when(bonus).thenThrows('This member was not referred.');
  });

  it('voids on a refund or failed payment, after which nothing is granted', () => {
    const voided: ReferralEvent = {
      type: 'ReferralVoided',
      data: { refereeId: 'm-new', referrerId: 'm-old', reason: 'payment refunded', bonusWasGranted: false, voidedAt: later },
    };
    given([recorded]).when(voidIt).then([voided]);
    given([recorded, voided]).when(bonus).thenNothingHappened();
    given([recorded, voided]).when(voidIt).thenNothingHappened();
    given([recorded])
      .when({ ...voidIt, reason: '  ' })
      .thenThrows('Voiding a referral needs a reason.');
  });

  it('says when a void comes after the bonus, so the application can revoke the entries', () => {
    given([recorded, granted])
      .when(voidIt)
      .then([
        {
          type: 'ReferralVoided',
          data: { refereeId: 'm-new', referrerId: 'm-old', reason: 'payment refunded', bonusWasGranted: true, voidedAt: later },
        },
      ]);
  });

  it('keys both entries grants by the referred member', () => {
    expect(referralCausationKeys.referrer('m-new')).toBe('referral:m-new:referrer');
    expect(referralCausationKeys.referee('m-new')).toBe('referral:m-new:referee');
  });

  it('writes events that the registry accepts', () => {
    const registry = createEventRegistry();
    const metadata = { correlationId: 'c', causationId: null, actor: { type: 'system' as const, id: 't' }, occurredAt: at, schemaVersion: 1 };
    const produced = [
      ...referralDecider.decide(record, referralDecider.initialState),
      ...referralDecider.decide(bonus, referralDecider.evolve(referralDecider.initialState, recorded)),
      ...referralDecider.decide(voidIt, [recorded, granted].reduce(referralDecider.evolve, referralDecider.initialState)),
    ];
    expect(produced.map((e) => e.type)).toEqual(['ReferralRecorded', 'ReferralBonusGranted', 'ReferralVoided']);
    for (const e of produced) expect(() => registry.validateNew({ id: 'x', ...e, metadata })).not.toThrow();
  });
});
