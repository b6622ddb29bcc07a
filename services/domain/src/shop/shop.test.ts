import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { cartDecider, type CartEvent } from './cart';
import { couponDecider, type CouponEvent, type CouponTerms } from './coupon';
import { gstOf, percentOf, priceCart, type PricingLine } from './pricing';
import { stockDecider, availableQty, type StockEvent } from './stock';
import { orderDecider } from './order';
import type { OrderEvent, OrderPlacedData } from './order-events';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-11-23T10:00:00.000Z';
const later = '2026-11-23T11:00:00.000Z';

const given = {
  cart: DeciderSpecification.for(cartDecider),
  coupon: DeciderSpecification.for(couponDecider),
  order: DeciderSpecification.for(orderDecider),
  stock: DeciderSpecification.for(stockDecider),
};

describe('pricing', () => {
  const line = (over: Partial<PricingLine>): PricingLine => ({
    productId: 'p',
    sku: 'A',
    name: 'A',
    attributes: {},
    product_type: 'physical',
    gift_card: false,
    qty: 1,
    unit_cents: 1000,
    delivery_method: 'standard',
    ...over,
  });

  it('rounds GST and percentages half a cent up, in integers', () => {
    expect([gstOf(1100), gstOf(1), gstOf(5), gstOf(6), gstOf(16)]).toEqual([100, 0, 0, 1, 1]);
    expect([percentOf(1005, 10), percentOf(1004, 10), percentOf(999, 20)]).toEqual([101, 100, 200]);
  });

  it('takes the team 20% then the coupon off merchandise only, charges each delivery method once, and finds GST in the taxable total', () => {
    const lines = [
      line({ sku: 'SHIRT-M', qty: 2, unit_cents: 4995 }),
      line({ sku: 'CAP', unit_cents: 2995, delivery_method: 'standard' }),
      line({ sku: 'GIFT-50', unit_cents: 5000, product_type: 'digital', gift_card: true, delivery_method: null }),
    ];
    const p = priceCart(lines, { code: 'TEN', kind: 'percent', value: 10 }, 20);
    expect(p.subtotal).toBe(9990 + 2995 + 5000);
    expect(p.discounts).toEqual([
      { kind: 'team', percent: 20, cents: 2597 },
      { kind: 'coupon', code: 'TEN', coupon_kind: 'percent', value: 10, cents: 1039 },
    ]);
    expect(p.shipping).toBe(995);
    expect(p.taxable).toBe(12985 - 2597 - 1039 + 995);
    expect(p.tax).toBe(gstOf(p.taxable));
    expect(p.total).toBe(p.subtotal - p.discount + p.shipping);
  });

  it('replays to the cent for any cart: total = subtotal - discount + shipping, GST = 1/11 of the taxable part under the recorded rule', () => {
    // A seeded generator (no dependency): 500 carts of 1-5 lines, mixed gift cards, team and coupon discounts.
    let seed = 20261123;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + rnd(5) }, (_, n) => {
        const gift = rnd(5) === 0;
        return line({
          sku: `S${n}`,
          qty: 1 + rnd(4),
          unit_cents: 1 + rnd(60_000),
          gift_card: gift,
          product_type: gift ? 'digital' : 'physical',
          delivery_method: gift ? null : (['standard', 'express', 'pickup'] as const)[rnd(3)]!,
        });
      });
      const coupon =
        rnd(3) === 0
          ? null
          : rnd(2) === 0
            ? { code: 'P', kind: 'percent' as const, value: 1 + rnd(100) }
            : { code: 'A', kind: 'amount' as const, value: 1 + rnd(20_000) };
      const p = priceCart(lines, coupon, rnd(2) === 0 ? 20 : 0);
      const merchandise = p.lines.filter((l) => !l.gift_card).reduce((n, l) => n + l.line_cents, 0);
      expect(p.subtotal).toBe(p.lines.reduce((n, l) => n + l.unit_cents * l.qty, 0));
      expect(p.discount).toBeLessThanOrEqual(merchandise);
      expect(p.total).toBe(p.subtotal - p.discount + p.shipping);
      expect(p.taxable).toBe(merchandise - p.discount + p.shipping);
      expect(Math.abs(p.tax * 11 - p.taxable)).toBeLessThanOrEqual(5.5);
      expect(p.total).toBeGreaterThanOrEqual(0);
    }
  });

  it('never lets an amount coupon take merchandise below zero', () => {
    const p = priceCart([line({ unit_cents: 500, delivery_method: 'pickup' })], { code: 'BIG', kind: 'amount', value: 2000 }, 0);
    expect([p.discount, p.shipping, p.total, p.tax]).toEqual([500, 0, 0, 0]);
  });
});

describe('stock per SKU', () => {
  const opened: StockEvent = { type: 'StockOpened', data: { sku: 'A', productId: 'p' } };
  const received: StockEvent = { type: 'StockReceived', data: { sku: 'A', qty: 2, reason: 'launch' } };
  const reserved = (r: string, qty = 1): StockEvent => ({ type: 'StockReserved', data: { sku: 'A', reservationId: r, qty, expiresAt: later } });

  it('reserves only what is available and refuses the rest plainly', () => {
    given
      .stock([opened, received])
      .when({ type: 'ReserveStock', reservationId: 'r1', qty: 2, expiresAt: later, at })
      .then([reserved('r1', 2)]);
    given
      .stock([opened, received, reserved('r1', 2)])
      .when({ type: 'ReserveStock', reservationId: 'r2', qty: 1, expiresAt: later, at })
      .thenThrows('A is out of stock.');
    given
      .stock([opened, received, reserved('r1')])
      .when({ type: 'ReserveStock', reservationId: 'r2', qty: 2, expiresAt: later, at })
      .thenThrows('Only 1 of A left.');
  });

  it('lets an expired reservation go before reserving again', () => {
    given
      .stock([opened, received, reserved('r1', 2)])
      .when({ type: 'ReserveStock', reservationId: 'r2', qty: 1, expiresAt: '2026-11-23T12:00:00.000Z', at: later })
      .then([
        { type: 'StockReleased', data: { sku: 'A', reservationId: 'r1', qty: 2, reason: 'expired' } },
        { type: 'StockReserved', data: { sku: 'A', reservationId: 'r2', qty: 1, expiresAt: '2026-11-23T12:00:00.000Z' } },
      ]);
  });

  it('sells a reservation once and never adjusts below what is reserved', () => {
    const sold: StockEvent = { type: 'StockSold', data: { sku: 'A', reservationId: 'r1', qty: 1, orderId: 'o1' } };
    given
      .stock([opened, received, reserved('r1')])
      .when({ type: 'SellStock', reservationId: 'r1', orderId: 'o1' })
      .then([sold]);
    given
      .stock([opened, received, reserved('r1'), sold])
      .when({ type: 'SellStock', reservationId: 'r1', orderId: 'o1' })
      .thenNothingHappened();
    given
      .stock([opened, received, reserved('r1', 2)])
      .when({ type: 'AdjustStock', delta: -1, reason: 'damaged' })
      .thenThrows('cannot go below the 2 reserved');
    const state = [opened, received, reserved('r1'), sold].reduce(stockDecider.evolve, stockDecider.initialState);
    expect(availableQty(state)).toBe(1);
  });
});

describe('coupon limits', () => {
  const terms: CouponTerms = {
    code: 'ONCE',
    kind: 'amount',
    value: 500,
    expiresAt: '2026-12-01T00:00:00.000Z',
    totalLimit: 2,
    perMemberLimit: 1,
    memberId: null,
  };
  const created: CouponEvent = { type: 'CouponCreated', data: { terms, reason: 'launch' } };
  const redeemed = (orderId: string, memberId: string): CouponEvent => ({
    type: 'CouponRedeemed',
    data: { code: 'ONCE', orderId, memberId, discount_cents: 500 },
  });
  const redeem = (orderId: string, memberId: string, when = at) => ({
    type: 'RedeemCoupon' as const,
    orderId,
    memberId,
    discount_cents: 500,
    at: when,
  });

  it('holds per-member, total and expiry limits, and gives a use back when an order is not paid', () => {
    given
      .coupon([created])
      .when(redeem('o1', 'm1'))
      .then([redeemed('o1', 'm1')]);
    given
      .coupon([created, redeemed('o1', 'm1')])
      .when(redeem('o2', 'm1'))
      .thenThrows('You have already used this coupon.');
    given
      .coupon([created, redeemed('o1', 'm1'), redeemed('o2', 'm2')])
      .when(redeem('o3', 'm3'))
      .thenThrows('This coupon has been fully redeemed.');
    given
      .coupon([created])
      .when(redeem('o1', 'm1', '2026-12-02T00:00:00.000Z'))
      .thenThrows('This coupon has expired.');
    const released: CouponEvent = { type: 'CouponRedemptionReleased', data: { code: 'ONCE', orderId: 'o1', reason: 'payment-failed' } };
    given
      .coupon([created, redeemed('o1', 'm1'), released])
      .when(redeem('o2', 'm1'))
      .then([redeemed('o2', 'm1')]);
  });

  it('keeps a member-only coupon from anyone else', () => {
    const mine: CouponEvent = { type: 'CouponCreated', data: { terms: { ...terms, memberId: 'm1' }, reason: 'apology' } };
    given.coupon([mine]).when(redeem('o1', 'm2')).thenThrows('This coupon code is not valid.');
  });
});

describe('cart per member', () => {
  const line = { product: 'p', sku: 'A', qty: 1, delivery_method: 'standard', seen_unit_cents: 1000 };
  const saved: CartEvent = {
    type: 'CartSaved',
    data: { memberId: 'm', items: [line], shipping_address: null, billing_address: null, coupon: 'TEN', notes: 'gift wrap' },
  };

  it('empties items, coupon, notes and the gift card together', () => {
    given
      .cart([saved])
      .when({
        type: 'SaveCart',
        memberId: 'm',
        items: [],
        shipping_address: null,
        billing_address: null,
        coupon: 'TEN',
        notes: 'x',
        gift_card: { card_id: 'a'.repeat(32), last4: 'AB12' },
      })
      .then([
        {
          type: 'CartSaved',
          data: { memberId: 'm', items: [], shipping_address: null, billing_address: null, coupon: null, notes: null, gift_card: null },
        },
      ]);
  });

  it('starts one checkout at a time (double click, second tab) and empties only when paid', () => {
    const started: CartEvent = { type: 'CartCheckoutStarted', data: { memberId: 'm', orderId: 'o1' } };
    given.cart([saved]).when({ type: 'StartCartCheckout', memberId: 'm', orderId: 'o1' }).then([started]);
    given
      .cart([saved, started])
      .when({ type: 'StartCartCheckout', memberId: 'm', orderId: 'o2' })
      .thenThrows('Your checkout is already in progress.');
    const failed = [
      saved,
      started,
      { type: 'CartCheckoutEnded', data: { memberId: 'm', orderId: 'o1', outcome: 'payment-failed' } } as CartEvent,
    ].reduce(cartDecider.evolve, cartDecider.initialState);
    expect(failed.contents.items).toEqual([line]);
    const paid = [saved, started, { type: 'CartCheckoutEnded', data: { memberId: 'm', orderId: 'o1', outcome: 'paid' } } as CartEvent].reduce(
      cartDecider.evolve,
      cartDecider.initialState,
    );
    expect(paid.contents.items).toEqual([]);
  });
});

describe('orders', () => {
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
    },
    shipping_address: null,
    billing_address: null,
    notes: null,
    coupon: null,
    reservations: [{ sku: 'A', reservationId: 'o1:A', qty: 1 }],
    expiresAt: later,
    placedAt: at,
  };
  const orderPlaced: OrderEvent = { type: 'OrderPlaced', data: placed };
  const paid: OrderEvent = { type: 'OrderPaid', data: { orderId: 'o1', paymentId: 'pi_1', amount_cents: 3990, paidAt: at } };

  it('is paid once whatever reports it, and only for its total', () => {
    given.order([orderPlaced]).when({ type: 'PayOrder', paymentId: 'pi_1', amount_cents: 3990, at }).then([paid]);
    given.order([orderPlaced, paid]).when({ type: 'PayOrder', paymentId: 'pi_1', amount_cents: 3990, at }).thenNothingHappened();
    given
      .order([orderPlaced])
      .when({ type: 'PayOrder', paymentId: 'pi_1', amount_cents: 100, at })
      .thenThrows('does not match the 3990 cents due on this order');
  });

  it('ships with a carrier and tracking number only once paid, and refunds with a reason', () => {
    given
      .order([orderPlaced])
      .when({ type: 'ShipOrder', carrier: 'AusPost', tracking: 'X1', at })
      .thenThrows('This order is awaiting payment: it cannot be shipped.');
    given
      .order([orderPlaced, paid])
      .when({ type: 'ShipOrder', carrier: ' AusPost ', tracking: 'X1', at })
      .then([{ type: 'OrderShipped', data: { orderId: 'o1', carrier: 'AusPost', tracking: 'X1', at } }]);
    given
      .order([orderPlaced, paid])
      .when({ type: 'RequestRefund', reason: ' ', memberMessage: null, at })
      .thenThrows('Give a reason for this refund.');
    given.order([orderPlaced]).when({ type: 'RequestRefund', reason: 'x', memberMessage: null, at }).thenThrows('cannot be refunded');
  });
});

describe('addresses', () => {
  const base = { first_name: 'A', last_name: 'B', line1: '1 Tee St', suburb: 'Manly', state: 'NSW', postcode: '2095' };
  it('checks the postcode against the state', () => {
    expect(addressSchema.safeParse(base).success).toBe(true);
    expect(addressSchema.safeParse({ ...base, postcode: '3000' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...base, state: 'VIC', postcode: '3000' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...base, state: 'XX' }).success).toBe(false);
  });
});
