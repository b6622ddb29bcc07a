import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalGiftCardCode, formatGiftCardCode, giftCardIdOf, giftCardKeys, openGiftCardCode, sealGiftCardCode } from './gift-card-code';
import { giftCardDecider, giftCardProblem, type GiftCardActivatedData, type GiftCardEvent } from './gift-card';
import { DEFAULT_GIFT_CARD_TERMS, giftCardExpiryDay, giftCardTermsDecider, giftCardTermsOn, type GiftCardTermsEvent } from './gift-card-terms';
import { orderDecider } from './order';
import type { OrderEvent, OrderPlacedData } from './order-events';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-11-26T10:00:00.000Z';
const cardId = 'c0ffee'.padEnd(32, '0');

const given = {
  giftCard: DeciderSpecification.for(giftCardDecider),
  giftCardTerms: DeciderSpecification.for(giftCardTermsDecider),
  order: DeciderSpecification.for(orderDecider),
};

const card: GiftCardActivatedData = {
  cardId,
  last4: 'K2P9',
  orderId: 'o-buy',
  orderNumber: 'R-BUY',
  memberId: 'm-buyer',
  sku: 'GIFT-50',
  value_cents: 5000,
  expires_on: '2029-11-26',
  terms: DEFAULT_GIFT_CARD_TERMS,
  at,
};
const activated: GiftCardEvent = { type: 'GiftCardActivated', data: card };
const redeemed = (orderId: string, amount: number, balance: number): GiftCardEvent => ({
  type: 'GiftCardRedeemed',
  data: { cardId, orderId, amount_cents: amount, balance_cents: balance, at },
});
const redeem = (orderId: string, amount: number, today = '2026-11-26') => ({
  type: 'RedeemGiftCard' as const,
  orderId,
  amount_cents: amount,
  today,
  at,
});

describe('gift card stream', () => {
  it('is activated once for the order that bought it, whatever redelivers the payment', () => {
    given
      .giftCard([])
      .when({ type: 'ActivateGiftCard', ...card })
      .then([activated]);
    given
      .giftCard([activated])
      .when({ type: 'ActivateGiftCard', ...card })
      .thenNothingHappened();
    given
      .giftCard([activated])
      .when({ type: 'ActivateGiftCard', ...card, orderId: 'o-other' })
      .thenThrows('This gift card already exists.');
  });

  it('is spent in whole or in part, never below zero', () => {
    given
      .giftCard([activated])
      .when(redeem('o1', 3990))
      .then([redeemed('o1', 3990, 1010)]);
    given
      .giftCard([activated])
      .when(redeem('o1', 5000))
      .then([redeemed('o1', 5000, 0)]);
    given
      .giftCard([activated, redeemed('o1', 3990, 1010)])
      .when(redeem('o2', 1010))
      .then([redeemed('o2', 1010, 0)]);
  });

  it('refuses a second checkout that the first one left short: the later revision decides', () => {
    // Both checkouts priced the cart at a balance of $50; the first appended, the second re-reads and is refused.
    given
      .giftCard([activated, redeemed('o1', 3990, 1010)])
      .when(redeem('o2', 3990))
      .thenThrows('The balance of this gift card changed: review your cart before paying.');
  });

  it('takes one spend per order (a retried checkout is not taken twice)', () => {
    given
      .giftCard([activated, redeemed('o1', 3990, 1010)])
      .when(redeem('o1', 3990))
      .thenNothingHappened();
  });

  it('refuses an unknown, expired, voided or empty card in plain words', () => {
    given.giftCard([]).when(redeem('o1', 100)).thenThrows('This gift card code is not valid.');
    given
      .giftCard([activated])
      .when(redeem('o1', 100, '2029-11-27'))
      .thenThrows('This gift card expired on 26 November 2029.');
    given
      .giftCard([activated])
      .when(redeem('o1', 100, '2029-11-26'))
      .then([redeemed('o1', 100, 4900)]);
    const voided: GiftCardEvent = {
      type: 'GiftCardVoided',
      data: { cardId, voided_cents: 5000, cause: 'cancelled-by-staff', reason: 'Reported stolen', at },
    };
    given.giftCard([activated, voided]).when(redeem('o1', 100)).thenThrows('This gift card has been cancelled.');
    given
      .giftCard([activated, redeemed('o1', 5000, 0)])
      .when(redeem('o2', 100))
      .thenThrows('This gift card has no balance left.');
  });

  it('credits back what an order took when that order is cancelled or refunded, once', () => {
    const credited: GiftCardEvent = {
      type: 'GiftCardCredited',
      data: { cardId, orderId: 'o1', amount_cents: 3990, balance_cents: 5000, cause: 'order-cancelled', at },
    };
    given
      .giftCard([activated, redeemed('o1', 3990, 1010)])
      .when({ type: 'CreditGiftCard', orderId: 'o1', cause: 'order-cancelled', at })
      .then([credited]);
    given
      .giftCard([activated, redeemed('o1', 3990, 1010), credited])
      .when({ type: 'CreditGiftCard', orderId: 'o1', cause: 'order-refunded', at })
      .thenNothingHappened();
    given.giftCard([activated]).when({ type: 'CreditGiftCard', orderId: 'o-never', cause: 'order-refunded', at }).thenNothingHappened();
    // Credited, the order may take from the card again (the member edits the cart and pays once more).
    given
      .giftCard([activated, redeemed('o1', 3990, 1010), credited])
      .when(redeem('o1', 2000))
      .then([redeemed('o1', 2000, 3000)]);
  });

  it('voids the unspent part when the purchase is refunded or staff cancel it, with a reason', () => {
    given
      .giftCard([activated, redeemed('o1', 3990, 1010)])
      .when({ type: 'VoidGiftCard', cause: 'purchase-refunded', reason: 'Order R-BUY refunded', at })
      .then([{ type: 'GiftCardVoided', data: { cardId, voided_cents: 1010, cause: 'purchase-refunded', reason: 'Order R-BUY refunded', at } }]);
    given
      .giftCard([activated])
      .when({ type: 'VoidGiftCard', cause: 'cancelled-by-staff', reason: '  ', at })
      .thenThrows('Give a reason for cancelling this gift card.');
    const voided: GiftCardEvent = { type: 'GiftCardVoided', data: { cardId, voided_cents: 5000, cause: 'cancelled-by-staff', reason: 'Stolen', at } };
    given.giftCard([activated, voided]).when({ type: 'VoidGiftCard', cause: 'purchase-refunded', reason: 'x', at }).thenNothingHappened();
    given.giftCard([]).when({ type: 'VoidGiftCard', cause: 'cancelled-by-staff', reason: 'x', at }).thenThrows('This gift card code is not valid.');
  });

  it('keeps a voided card at zero even when an order it paid for is credited back', () => {
    const events: GiftCardEvent[] = [
      activated,
      redeemed('o1', 1000, 4000),
      { type: 'GiftCardVoided', data: { cardId, voided_cents: 4000, cause: 'cancelled-by-staff', reason: 'Stolen', at } },
    ];
    given
      .giftCard(events)
      .when({ type: 'CreditGiftCard', orderId: 'o1', cause: 'order-refunded', at })
      .then([{ type: 'GiftCardCredited', data: { cardId, orderId: 'o1', amount_cents: 1000, balance_cents: 0, cause: 'order-refunded', at } }]);
    const state = events.reduce(giftCardDecider.evolve, giftCardDecider.initialState);
    expect(giftCardProblem(state, '2026-11-26')?.code).toBe('voided');
  });
});

describe('gift card terms (Australian Consumer Law: at least 3 years)', () => {
  const set = (over: Partial<typeof DEFAULT_GIFT_CARD_TERMS>, reason = 'Board decision') => ({
    type: 'SetGiftCardTerms' as const,
    terms: { ...DEFAULT_GIFT_CARD_TERMS, ...over },
    reason,
  });
  const seeded: GiftCardTermsEvent = { type: 'GiftCardTermsSet', data: { terms: DEFAULT_GIFT_CARD_TERMS, reason: 'Launch terms' } };

  it('refuses a period under the legal minimum', () => {
    given
      .giftCardTerms([seeded])
      .when(set({ expiry_months: 24, effective_from: '2027-01-01' }))
      .thenThrows('A gift card must be valid for at least 36 months (the legal minimum).');
  });

  it('takes a longer period from its effective date, with its source, and keeps the older version for earlier days', () => {
    const longer = { ...DEFAULT_GIFT_CARD_TERMS, expiry_months: 60, effective_from: '2027-01-01', source: 'Club board minute 2026-11' };
    given
      .giftCardTerms([seeded])
      .when(set(longer))
      .then([{ type: 'GiftCardTermsSet', data: { terms: longer, reason: 'Board decision' } }]);
    const state = [seeded, { type: 'GiftCardTermsSet', data: { terms: longer, reason: 'Board decision' } } as GiftCardTermsEvent].reduce(
      giftCardTermsDecider.evolve,
      giftCardTermsDecider.initialState,
    );
    expect(giftCardTermsOn(state, '2026-12-31').expiry_months).toBe(36);
    expect(giftCardTermsOn(state, '2027-01-01').expiry_months).toBe(60);
  });

  it('does not rewrite the past: a version takes effect on or after the one in force', () => {
    given
      .giftCardTerms([seeded])
      .when(set({ effective_from: '2019-01-01', expiry_months: 48 }))
      .thenThrows('A new version takes effect on or after 2019-11-01');
  });

  it('defaults to the law when nothing was recorded', () => {
    expect(giftCardTermsOn(giftCardTermsDecider.initialState, '2026-11-26')).toEqual(DEFAULT_GIFT_CARD_TERMS);
    expect(DEFAULT_GIFT_CARD_TERMS.expiry_months).toBeGreaterThanOrEqual(36);
  });

  it('counts whole months from the club day of issue, rolling a missing day forward (never shorter)', () => {
    expect(giftCardExpiryDay('2026-11-26', 36)).toBe('2029-11-26');
    expect(giftCardExpiryDay('2028-02-29', 36)).toBe('2031-03-01');
    expect(giftCardExpiryDay('2026-08-31', 1)).toBe('2026-10-01');
  });
});

describe('orders paid in part by a gift card', () => {
  const placed: OrderPlacedData = {
    orderId: 'o1',
    number: 'R-1',
    memberId: 'm',
    email: 'm@example.com',
    checkoutId: 'c1',
    payment_url: 'http://x/pay',
    snapshot: {
      lines: [
        {
          productId: 'p',
          sku: 'A',
          name: 'Cap',
          attributes: {},
          product_type: 'physical',
          gift_card: false,
          qty: 1,
          unit_cents: 2995,
          line_cents: 2995,
          delivery_method: 'standard',
        },
      ],
      subtotal: 2995,
      discounts: [],
      discount: 0,
      deliveries: [{ code: 'standard', name: 'Standard', cents: 995 }],
      shipping: 995,
      taxable: 3990,
      tax: 363,
      total: 3990,
      rounding_rule: 'r',
      currency: 'AUD',
      gift_card: { card_id: cardId, last4: 'K2P9', cents: 1000 },
    },
    shipping_address: null,
    billing_address: null,
    notes: null,
    coupon: null,
    reservations: [],
    expiresAt: at,
    placedAt: at,
  };
  const orderPlaced: OrderEvent = { type: 'OrderPlaced', data: placed };

  it('asks the payments port only for what the card does not pay', () => {
    given
      .order([orderPlaced])
      .when({ type: 'PayOrder', paymentId: 'pi_1', amount_cents: 3990, at })
      .thenThrows('does not match the 2990 cents due on this order');
    given
      .order([orderPlaced])
      .when({ type: 'PayOrder', paymentId: 'pi_1', amount_cents: 2990, at })
      .then([{ type: 'OrderPaid', data: { orderId: 'o1', paymentId: 'pi_1', amount_cents: 2990, paidAt: at } }]);
  });

  it('records the card part with the refund', () => {
    const paid: OrderEvent = { type: 'OrderPaid', data: { orderId: 'o1', paymentId: 'pi_1', amount_cents: 2990, paidAt: at } };
    given
      .order([orderPlaced, paid])
      .when({ type: 'RecordRefund', paymentId: 'pi_1', amount_cents: 2990, reason: 'Damaged', at })
      .then([
        {
          type: 'OrderRefunded',
          data: {
            orderId: 'o1',
            paymentId: 'pi_1',
            amount_cents: 2990,
            tax_cents: 363,
            reason: 'Damaged',
            at,
            gift_card_cents: 1000,
            memberId: placed.memberId,
          },
        },
      ]);
  });

  it('issues one card per unit bought, with no code in the clear', () => {
    const gift: OrderPlacedData = {
      ...placed,
      snapshot: {
        ...placed.snapshot,
        gift_card: undefined,
        lines: [
          {
            ...placed.snapshot.lines[0]!,
            sku: 'GIFT-50',
            product_type: 'digital',
            gift_card: true,
            qty: 2,
            unit_cents: 5000,
            line_cents: 10000,
            delivery_method: null,
          },
        ],
      },
    };
    const paid: OrderEvent = { type: 'OrderPaid', data: { orderId: 'o1', paymentId: 'pi_1', amount_cents: 3990, paidAt: at } };
    const one = { sku: 'GIFT-50', card_id: cardId, last4: 'K2P9', sealed_code: 'sealed'.repeat(4), expires_on: '2029-11-26' };
    given
      .order([{ type: 'OrderPlaced', data: gift }, paid])
      .when({ type: 'IssueGiftCards', cards: [one], at })
      .thenThrows('bought 2 of GIFT-50: issue one card per unit');
    given
      .order([{ type: 'OrderPlaced', data: gift }, paid])
      .when({ type: 'IssueGiftCards', cards: [one, { ...one, card_id: 'b'.repeat(32) }], at })
      .then([
        { type: 'OrderGiftCardIssued', data: { orderId: 'o1', ...one, value_cents: 5000, at } },
        { type: 'OrderGiftCardIssued', data: { orderId: 'o1', ...one, card_id: 'b'.repeat(32), value_cents: 5000, at } },
      ]);
  });
});

describe('gift card codes (a bearer secret)', () => {
  const keys = giftCardKeys('a-server-secret-that-is-long-enough-for-tests');
  const other = giftCardKeys('another-server-secret-that-is-long-enough-too');

  it('reads a code however it is typed, and refuses what cannot be one', () => {
    expect(canonicalGiftCardCode('roar-k2p9 ab3c-DEFG-hj45')).toBe('K2P9AB3CDEFGHJ45');
    expect(canonicalGiftCardCode('K2P9AB3CDEFGHJ45')).toBe('K2P9AB3CDEFGHJ45');
    expect(canonicalGiftCardCode('ROAR-K2P9-AB3C-DEFG-HJ4')).toBeNull();
    // 0, 1, I and O are not in the alphabet (look-alikes).
    expect(canonicalGiftCardCode('ROAR-K2P0-AB3C-DEFG-HJ45')).toBeNull();
    expect(formatGiftCardCode('K2P9AB3CDEFGHJ45')).toBe('ROAR-K2P9-AB3C-DEFG-HJ45');
  });

  it('finds a card by a keyed hash: the same code gives the same id under one key, another under another', () => {
    const id = giftCardIdOf(keys, 'K2P9AB3CDEFGHJ45');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(giftCardIdOf(keys, 'K2P9AB3CDEFGHJ45')).toBe(id);
    expect(giftCardIdOf(other, 'K2P9AB3CDEFGHJ45')).not.toBe(id);
    expect(giftCardIdOf(keys, 'K2P9AB3CDEFGHJ46')).not.toBe(id);
  });

  it('seals the code for its email: opened under the same key only', () => {
    const sealed = sealGiftCardCode(keys, 'ROAR-K2P9-AB3C-DEFG-HJ45', randomBytes(12));
    expect(sealed).not.toContain('K2P9');
    expect(openGiftCardCode(keys, sealed)).toBe('ROAR-K2P9-AB3C-DEFG-HJ45');
    expect(() => openGiftCardCode(other, sealed)).toThrow();
  });
});
