import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../member/test-fixtures';
import { checkoutDecider, type CheckoutCommand } from './decider';
import type { CheckoutEvent } from './events';
import { webhookDecider, webhookStreamId } from './webhook';
import { DeciderSpecification } from '@roar/platform/testing';

const created: CheckoutEvent = {
  type: 'CheckoutCreated',
  data: {
    checkoutId: 'c-1',
    memberId: 'm-1',
    purpose: 'join',
    tier: seedSnapshot('platinum'),
    amount_cents: 2999,
    currency: 'AUD',
    provider: 'local',
    providerSessionId: 'cs_1',
    mode: 'subscription',
  },
};
const complete: CheckoutCommand = {
  type: 'CompleteCheckout',
  checkoutId: 'c-1',
  paymentId: 'pi_1',
  subscriptionId: 'sub_1',
  card: { brand: 'visa', last4: '4242' },
  amount_cents: 2999,
};

const given = DeciderSpecification.for(checkoutDecider);

describe('checkout decider', () => {
  it('creates a checkout once', () => {
    given([])
      .when({ type: 'CreateCheckout', ...created.data })
      .then([created]);
    given([created])
      .when({ type: 'CreateCheckout', ...created.data })
      .thenThrows('Checkout c-1 already exists.');
  });

  it('completes once per payment id; another payment on a paid checkout is a conflict', () => {
    const [completed] = given([created]).when(complete).events();
    expect(completed?.type).toBe('CheckoutCompleted');
    given([created, completed!]).when(complete).thenNothingHappened();
    given([created, completed!])
      .when({ ...complete, paymentId: 'pi_2' } as CheckoutCommand)
      .thenThrows(/already paid/);
    given([]).when(complete).thenThrows('Checkout not found.');
  });

  it('lets a declined card be retried, but never completes an expired checkout', () => {
    const failed: CheckoutEvent = { type: 'CheckoutFailed', data: { checkoutId: 'c-1', reason: 'card_declined' } };
    given([created]).when({ type: 'FailCheckout', checkoutId: 'c-1', reason: 'card_declined' }).then([failed]);
    given([created, failed])
      .when(complete)
      .then((events) => expect(events).toHaveLength(1));
    const [expired] = given([created, failed]).when({ type: 'ExpireCheckout', checkoutId: 'c-1' }).events();
    expect(expired).toEqual({ type: 'CheckoutExpired', data: { checkoutId: 'c-1' } });
    given([created, expired!]).when(complete).thenThrows('Checkout c-1 has expired.');
    given([created, expired!]).when({ type: 'ExpireCheckout', checkoutId: 'c-1' }).thenNothingHappened();
  });

  it('ignores a decline or expiry after payment', () => {
    const paid = given([created]).when(complete).events();
    given([created, ...paid])
      .when({ type: 'FailCheckout', checkoutId: 'c-1', reason: 'late' })
      .thenNothingHappened();
    given([created, ...paid])
      .when({ type: 'ExpireCheckout', checkoutId: 'c-1' })
      .thenNothingHappened();
  });

  it('records a webhook once', () => {
    expect(webhookStreamId('stripe', 'evt_1')).toBe('webhook-stripe-evt_1');
    const received = { provider: 'stripe' as const, providerEventId: 'evt_1', type: 'invoice.paid' };
    const events = webhookDecider.decide({ type: 'RecordWebhook', received }, webhookDecider.initialState);
    expect(events).toEqual([{ type: 'WebhookReceived', data: received }]);
    expect(webhookDecider.decide({ type: 'RecordWebhook', received }, events.reduce(webhookDecider.evolve, webhookDecider.initialState))).toEqual([]);
  });
});
