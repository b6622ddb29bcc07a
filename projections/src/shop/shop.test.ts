import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import {
  findOrderByPayment,
  getCoupon,
  getGiftCard,
  getOrder,
  getProduct,
  listExpiredUnpaidOrders,
  listShopTerms,
  searchGiftCards,
  searchProducts,
  shopProjector,
  stockLevels,
} from '.';

const at = (h: string) => `2026-11-20T${h}:00:00.000Z`;
const fields = (slug: string, name: string, category: string) => ({
  slug,
  name,
  description: `${name} for testing`,
  product_type: 'physical',
  category,
  brand: 'roar',
  supplier: 'roar-merchandise',
  image_portrait: null,
  image_landscape: null,
  gift_card: false,
});
const snapshot = {
  lines: [
    {
      productId: 'cap',
      sku: 'CAP-NAVY',
      name: 'Cap',
      attributes: { colour: 'Navy' },
      product_type: 'physical',
      gift_card: false,
      qty: 2,
      unit_cents: 3495,
      line_cents: 6990,
      delivery_method: 'standard',
    },
  ],
  subtotal: 6990,
  discounts: [],
  discount: 0,
  deliveries: [{ code: 'standard', name: 'Standard', cents: 995 }],
  shipping: 995,
  taxable: 7985,
  tax: 726,
  total: 7985,
  rounding_rule: 'total-invoice',
  currency: 'AUD',
};

describe('shop read model on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [shopProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('projects products with price ranges, stock per SKU, terms, coupons and an order through its states', async () => {
    await backend.store.append(
      'shop-settings',
      [
        event('ShopTermSaved', { term: { kind: 'category', slug: 'apparel', name: 'Apparel' }, reason: 'launch' }, at('01')),
        event('ShopTermSaved', { term: { kind: 'brand', slug: 'roar', name: 'ROAR+' }, reason: 'launch' }, at('01')),
        event('ShopTermRemoved', { kind: 'brand', slug: 'roar', reason: 'renamed' }, at('01')),
      ],
      'no_stream',
    );
    await backend.store.append(
      'product-cap',
      [
        event(
          'ProductCreated',
          {
            productId: 'cap',
            fields: fields('cap', 'Tour Cap', 'apparel'),
            variants: [{ sku: 'CAP-NAVY', attributes: { colour: 'Navy' }, price_cents: 3495 }],
            createdAt: at('01'),
          },
          at('01'),
        ),
        event(
          'VariantAdded',
          { productId: 'cap', variant: { sku: 'CAP-WHITE', attributes: { colour: 'White' }, price_cents: 3995 }, reason: 'new colour' },
          at('02'),
        ),
        event('VariantRepriced', { productId: 'cap', sku: 'CAP-NAVY', from_cents: 3495, to_cents: 2995, reason: 'sale' }, at('03')),
      ],
      'no_stream',
    );
    await backend.store.append(
      'product-bag',
      [
        event(
          'ProductCreated',
          {
            productId: 'bag',
            fields: fields('bag', 'Stand Bag', 'bags'),
            variants: [{ sku: 'BAG', attributes: {}, price_cents: 32900 }],
            createdAt: at('01'),
          },
          at('01'),
        ),
        event('ProductPublished', { productId: 'bag', published: false, reason: 'recall' }, at('02')),
      ],
      'no_stream',
    );
    await backend.store.append(
      'stock-CAP-NAVY',
      [
        event('StockOpened', { sku: 'CAP-NAVY', productId: 'cap' }, at('01')),
        event('StockReceived', { sku: 'CAP-NAVY', qty: 10, reason: 'launch' }, at('01')),
        event('StockReserved', { sku: 'CAP-NAVY', reservationId: 'o1:CAP-NAVY', qty: 2, expiresAt: at('05') }, at('04')),
        event('StockSold', { sku: 'CAP-NAVY', reservationId: 'o1:CAP-NAVY', qty: 2, orderId: 'o1' }, at('04')),
        event('StockAdjusted', { sku: 'CAP-NAVY', delta: -1, reason: 'damaged' }, at('05')),
      ],
      'no_stream',
    );
    await backend.store.append(
      'coupon-TEN',
      [
        event(
          'CouponCreated',
          { terms: { code: 'TEN', kind: 'percent', value: 10, expiresAt: null, totalLimit: 5, perMemberLimit: 1, memberId: null }, reason: 'launch' },
          at('01'),
        ),
        event('CouponRedeemed', { code: 'TEN', orderId: 'o1', memberId: 'm1', discount_cents: 699 }, at('04')),
      ],
      'no_stream',
    );
    await backend.store.append(
      'order-o1',
      [
        event(
          'OrderPlaced',
          {
            orderId: 'o1',
            number: 'R-00000001',
            memberId: 'm1',
            email: 'm1@example.com',
            checkoutId: 'c1',
            payment_url: 'http://x/pay',
            snapshot,
            shipping_address: {
              first_name: 'A',
              last_name: 'B',
              line1: '1 Tee St',
              line2: '',
              suburb: 'Manly',
              state: 'NSW',
              postcode: '2095',
              phone: '',
            },
            billing_address: null,
            notes: null,
            coupon: null,
            reservations: [{ sku: 'CAP-NAVY', reservationId: 'o1:CAP-NAVY', qty: 2 }],
            expiresAt: at('05'),
            placedAt: at('04'),
          },
          at('04'),
        ),
      ],
      'no_stream',
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect(await listExpiredUnpaidOrders(backend.sql, new Date(at('06')))).toHaveLength(1);

    await backend.store.append(
      'order-o1',
      [
        event('OrderPaid', { orderId: 'o1', paymentId: 'pi_1', amount_cents: 7985, paidAt: at('04') }, at('04')),
        event('OrderShipped', { orderId: 'o1', carrier: 'Australia Post', tracking: 'AP1', at: at('06') }, at('06')),
      ],
      0n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    expect(await getProduct(backend.sql, { slug: 'cap' })).toMatchObject({ min_price: 2995, max_price: 3995, published: true });
    expect((await searchProducts(backend.sql, {})).records.map((p) => p.id)).toEqual(['cap']);
    expect((await searchProducts(backend.sql, { includeUnpublished: true, sort: 'price_desc' })).records.map((p) => p.id)).toEqual(['bag', 'cap']);
    expect((await searchProducts(backend.sql, { maxPrice: 3000 })).records.map((p) => p.id)).toEqual(['cap']);
    expect((await stockLevels(backend.sql, ['CAP-NAVY'])).get('CAP-NAVY')).toEqual({
      sku: 'CAP-NAVY',
      product_id: 'cap',
      on_hand: 7,
      reserved: 0,
      sold: 2,
    });
    expect((await listShopTerms(backend.sql)).map((t) => t.id)).toEqual(['category:apparel']);
    expect(await getCoupon(backend.sql, 'TEN')).toMatchObject({ redemptions: 1, total_limit: 5 });
    expect(await getOrder(backend.sql, 'o1')).toMatchObject({
      status: 'shipped',
      carrier: 'Australia Post',
      tracking: 'AP1',
      total: 7985,
      tax: 726,
      item_count: 2,
    });
    expect((await findOrderByPayment(backend.sql, 'pi_1'))?.id).toBe('o1');
    expect(await listExpiredUnpaidOrders(backend.sql, new Date(at('06')))).toEqual([]);

    const report = await daemon.verify('shop');
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    await backend.sql.query("update read.shop_stock set on_hand = 99 where sku = 'CAP-NAVY'");
    expect((await daemon.verify('shop')).ok).toBe(false);
  });

  it('projects a gift card: bought by an order paid in full by another card, spent, credited back and voided', async () => {
    const cardId = 'ab'.repeat(16);
    const terms = { expiry_months: 36, legal_minimum_months: 36, effective_from: '2019-11-01', source: 'Australian Consumer Law s 99B' };
    const giftSnapshot = {
      ...snapshot,
      lines: [
        {
          ...snapshot.lines[0],
          sku: 'GIFT-50',
          product_type: 'digital',
          gift_card: true,
          qty: 1,
          unit_cents: 5000,
          line_cents: 5000,
          delivery_method: null,
        },
      ],
      subtotal: 5000,
      deliveries: [],
      shipping: 0,
      taxable: 0,
      tax: 0,
      total: 5000,
    };
    await backend.store.append(
      'order-o2',
      [
        // Paid in full by an earlier card: no checkout, no payment page.
        event(
          'OrderPlaced',
          {
            orderId: 'o2',
            number: 'R-00000002',
            memberId: 'm2',
            email: 'm2@example.com',
            checkoutId: null,
            payment_url: null,
            snapshot: { ...giftSnapshot, gift_card: { card_id: 'cd'.repeat(16), last4: 'WXYZ', cents: 5000 } },
            shipping_address: null,
            billing_address: null,
            notes: null,
            coupon: null,
            reservations: [],
            expiresAt: at('08'),
            placedAt: at('07'),
          },
          at('07'),
        ),
        event('OrderPaid', { orderId: 'o2', paymentId: 'gift-card-o2', amount_cents: 0, paidAt: at('07') }, at('07')),
        event(
          'OrderGiftCardIssued',
          {
            orderId: 'o2',
            sku: 'GIFT-50',
            card_id: cardId,
            last4: 'K2P9',
            sealed_code: 'sealed-code-not-the-code',
            value_cents: 5000,
            expires_on: '2029-11-20',
            at: at('07'),
          },
          at('07'),
        ),
      ],
      'no_stream',
    );
    await backend.store.append(
      `gift-card-${cardId}`,
      [
        event(
          'GiftCardActivated',
          {
            cardId,
            last4: 'K2P9',
            orderId: 'o2',
            orderNumber: 'R-00000002',
            memberId: 'm2',
            sku: 'GIFT-50',
            value_cents: 5000,
            expires_on: '2029-11-20',
            terms,
            at: at('07'),
          },
          at('07'),
        ),
        event('GiftCardRedeemed', { cardId, orderId: 'o3', amount_cents: 3990, balance_cents: 1010, at: at('08') }, at('08')),
        event(
          'GiftCardCredited',
          { cardId, orderId: 'o3', amount_cents: 3990, balance_cents: 5000, cause: 'order-cancelled', at: at('09') },
          at('09'),
        ),
        event('GiftCardRedeemed', { cardId, orderId: 'o4', amount_cents: 1000, balance_cents: 4000, at: at('10') }, at('10')),
      ],
      'no_stream',
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect(await getOrder(backend.sql, 'o2')).toMatchObject({
      checkout_id: null,
      status: 'paid',
      gift_cards: [{ sku: 'GIFT-50', value_cents: 5000, last4: 'K2P9', card_id: cardId, expires_on: '2029-11-20' }],
    });
    expect(await getGiftCard(backend.sql, cardId)).toMatchObject({
      last4: 'K2P9',
      order_id: 'o2',
      order_number: 'R-00000002',
      value_cents: 5000,
      balance_cents: 4000,
      spent_cents: 1000,
      status: 'active',
      expires_on: '2029-11-20',
      terms_source: 'Australian Consumer Law s 99B',
    });

    await backend.store.append(
      `gift-card-${cardId}`,
      [
        event(
          'GiftCardVoided',
          { cardId, voided_cents: 4000, cause: 'purchase-refunded', reason: 'Order R-00000002 refunded: mistake', at: at('11') },
          at('11'),
        ),
      ],
      3n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect(await getGiftCard(backend.sql, cardId)).toMatchObject({
      status: 'voided',
      balance_cents: 0,
      void_reason: 'Order R-00000002 refunded: mistake',
    });
    expect((await searchGiftCards(backend.sql, { q: 'k2p9' })).records.map((c) => c.card_id)).toEqual([cardId]);
    expect((await searchGiftCards(backend.sql, { orderIds: ['o2'] })).total).toBe(1);
    expect(JSON.stringify(await backend.sql.query('select to_jsonb(g) from read.shop_gift_cards g'))).not.toContain('sealed');
    // The stock row the first test tampered with is still off; the gift card and order rows replay exactly.
    expect((await daemon.verify('shop')).differences.filter((d) => d.table !== 'shop_stock')).toEqual([]);
  });
});
