import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { findOrderByPayment, getCoupon, getOrder, getProduct, listExpiredUnpaidOrders, listShopTerms, searchProducts, shopProjector, stockLevels } from '.';

const at = (h: string) => `2026-11-20T${h}:00:00.000Z`;
const fields = (slug: string, name: string, category: string) => ({
  slug, name, description: `${name} for testing`, product_type: 'physical', category, brand: 'roar', supplier: 'roar-merchandise',
  image_portrait: null, image_landscape: null, gift_card: false,
});
const snapshot = {
  lines: [{ productId: 'cap', sku: 'CAP-NAVY', name: 'Cap', attributes: { colour: 'Navy' }, product_type: 'physical', gift_card: false, qty: 2, unit_cents: 3495, line_cents: 6990, delivery_method: 'standard' }],
  subtotal: 6990, discounts: [], discount: 0, deliveries: [{ code: 'standard', name: 'Standard', cents: 995 }], shipping: 995, taxable: 7985, tax: 726, total: 7985, rounding_rule: 'total-invoice', currency: 'AUD',
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
    await backend.store.append('shop-settings', [
      event('ShopTermSaved', { term: { kind: 'category', slug: 'apparel', name: 'Apparel' }, reason: 'launch' }, at('01')),
      event('ShopTermSaved', { term: { kind: 'brand', slug: 'roar', name: 'ROAR+' }, reason: 'launch' }, at('01')),
      event('ShopTermRemoved', { kind: 'brand', slug: 'roar', reason: 'renamed' }, at('01')),
    ], 'no_stream');
    await backend.store.append('product-cap', [
      event('ProductCreated', { productId: 'cap', fields: fields('cap', 'Tour Cap', 'apparel'), variants: [{ sku: 'CAP-NAVY', attributes: { colour: 'Navy' }, price_cents: 3495 }], createdAt: at('01') }, at('01')),
      event('VariantAdded', { productId: 'cap', variant: { sku: 'CAP-WHITE', attributes: { colour: 'White' }, price_cents: 3995 }, reason: 'new colour' }, at('02')),
      event('VariantRepriced', { productId: 'cap', sku: 'CAP-NAVY', from_cents: 3495, to_cents: 2995, reason: 'sale' }, at('03')),
    ], 'no_stream');
    await backend.store.append('product-bag', [
      event('ProductCreated', { productId: 'bag', fields: fields('bag', 'Stand Bag', 'bags'), variants: [{ sku: 'BAG', attributes: {}, price_cents: 32900 }], createdAt: at('01') }, at('01')),
      event('ProductPublished', { productId: 'bag', published: false, reason: 'recall' }, at('02')),
    ], 'no_stream');
    await backend.store.append('stock-CAP-NAVY', [
      event('StockOpened', { sku: 'CAP-NAVY', productId: 'cap' }, at('01')),
      event('StockReceived', { sku: 'CAP-NAVY', qty: 10, reason: 'launch' }, at('01')),
      event('StockReserved', { sku: 'CAP-NAVY', reservationId: 'o1:CAP-NAVY', qty: 2, expiresAt: at('05') }, at('04')),
      event('StockSold', { sku: 'CAP-NAVY', reservationId: 'o1:CAP-NAVY', qty: 2, orderId: 'o1' }, at('04')),
      event('StockAdjusted', { sku: 'CAP-NAVY', delta: -1, reason: 'damaged' }, at('05')),
    ], 'no_stream');
    await backend.store.append('coupon-TEN', [
      event('CouponCreated', { terms: { code: 'TEN', kind: 'percent', value: 10, expiresAt: null, totalLimit: 5, perMemberLimit: 1, memberId: null }, reason: 'launch' }, at('01')),
      event('CouponRedeemed', { code: 'TEN', orderId: 'o1', memberId: 'm1', discount_cents: 699 }, at('04')),
    ], 'no_stream');
    await backend.store.append('order-o1', [
      event('OrderPlaced', {
        orderId: 'o1', number: 'R-00000001', memberId: 'm1', email: 'm1@example.com', checkoutId: 'c1', payment_url: 'http://x/pay', snapshot,
        shipping_address: { first_name: 'A', last_name: 'B', line1: '1 Tee St', line2: '', suburb: 'Manly', state: 'NSW', postcode: '2095', phone: '' }, billing_address: null,
        notes: null, coupon: null, reservations: [{ sku: 'CAP-NAVY', reservationId: 'o1:CAP-NAVY', qty: 2 }], expiresAt: at('05'), placedAt: at('04'),
      }, at('04')),
    ], 'no_stream');
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect(await listExpiredUnpaidOrders(backend.sql, new Date(at('06')))).toHaveLength(1);

    await backend.store.append('order-o1', [
      event('OrderPaid', { orderId: 'o1', paymentId: 'pi_1', amount_cents: 7985, paidAt: at('04') }, at('04')),
      event('OrderShipped', { orderId: 'o1', carrier: 'Australia Post', tracking: 'AP1', at: at('06') }, at('06')),
    ], 0n);
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    expect(await getProduct(backend.sql, { slug: 'cap' })).toMatchObject({ min_price: 2995, max_price: 3995, published: true });
    expect((await searchProducts(backend.sql, {})).records.map((p) => p.id)).toEqual(['cap']);
    expect((await searchProducts(backend.sql, { includeUnpublished: true, sort: 'price_desc' })).records.map((p) => p.id)).toEqual(['bag', 'cap']);
    expect((await searchProducts(backend.sql, { maxPrice: 3000 })).records.map((p) => p.id)).toEqual(['cap']);
    expect((await stockLevels(backend.sql, ['CAP-NAVY'])).get('CAP-NAVY')).toEqual({ sku: 'CAP-NAVY', product_id: 'cap', on_hand: 7, reserved: 0, sold: 2 });
    expect((await listShopTerms(backend.sql)).map((t) => t.id)).toEqual(['category:apparel']);
    expect(await getCoupon(backend.sql, 'TEN')).toMatchObject({ redemptions: 1, total_limit: 5 });
    expect(await getOrder(backend.sql, 'o1')).toMatchObject({ status: 'shipped', carrier: 'Australia Post', tracking: 'AP1', total: 7985, tax: 726, item_count: 2 });
    expect((await findOrderByPayment(backend.sql, 'pi_1'))?.id).toBe('o1');
    expect(await listExpiredUnpaidOrders(backend.sql, new Date(at('06')))).toEqual([]);

    const report = await daemon.verify('shop');
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    await backend.sql.query("update read.shop_stock set on_hand = 99 where sku = 'CAP-NAVY'");
    expect((await daemon.verify('shop')).ok).toBe(false);
  });
});
