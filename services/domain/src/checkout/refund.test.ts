import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { refundDecider, type RefundCommand } from './refund';

const command: RefundCommand = {
  type: 'RecordRefund',
  paymentId: 'pi_1',
  memberId: 'm1',
  checkoutId: 'co_1',
  amount_cents: 2999,
  reason: ' Asked for a refund ',
  refundedAt: '2026-11-21T10:00:00.000Z',
};

describe('refund decider', () => {
  it('records a refund once, whatever the provider retries', () => {
    const first = refundDecider.decide(command, refundDecider.initialState);
    expect(first).toEqual([
      {
        type: 'PaymentRefunded',
        data: {
          paymentId: 'pi_1',
          memberId: 'm1',
          checkoutId: 'co_1',
          amount_cents: 2999,
          reason: 'Asked for a refund',
          refundedAt: '2026-11-21T10:00:00.000Z',
        },
      },
    ]);
    const after = refundDecider.evolve(refundDecider.initialState, first[0]!);
    expect(refundDecider.decide(command, after)).toEqual([]);
  });

  it('needs a reason', () => {
    expect(() => refundDecider.decide({ ...command, reason: '  ' }, refundDecider.initialState)).toThrow(DomainError);
  });
});
