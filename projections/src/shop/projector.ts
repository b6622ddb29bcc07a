import { z } from 'zod';
import type { CouponEvent, GiftCardEvent, OrderEvent, ProductEvent, ShopSettingsEvent, StockEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, loadRows, occurredAt, upsertRows } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure, type ErasedColumn } from '../runner/erasure';

import {
  COUPON_COLUMNS,
  couponRowSchema,
  GIFT_CARD_COLUMNS,
  giftCardRowSchema,
  ORDER_COLUMNS,
  orderRowSchema,
  PRODUCT_COLUMNS,
  productRowSchema,
  STOCK_COLUMNS,
  stockRowSchema,
  TERM_COLUMNS,
  type CouponRow,
  type GiftCardRow,
  type OrderRow,
  type ProductRow,
  type StockRow,
  type TermRow,
} from './rows';

/** The personal parts of a shipping or billing address (the state and postcode stay: they say where tax and delivery fell). */
const ADDRESS_FIELDS = {
  first_name: 'name',
  last_name: 'name',
  line1: 'text',
  line2: 'text',
  suburb: 'text',
  phone: 'text',
} as const satisfies Extract<ErasedColumn, { object: unknown }>['object'];

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'shop_products', PRODUCT_COLUMNS, 'id')};
    create unique index if not exists shop_products_slug on ${s}.shop_products (slug);
    create index if not exists shop_products_browse on ${s}.shop_products (published, category, brand);
    ${createTableSql(schema, 'shop_stock', STOCK_COLUMNS, 'sku')};
    create index if not exists shop_stock_product on ${s}.shop_stock (product_id);
    ${createTableSql(schema, 'shop_terms', TERM_COLUMNS, 'id')};
    ${createTableSql(schema, 'shop_coupons', COUPON_COLUMNS, 'code')};
    ${createTableSql(schema, 'shop_orders', ORDER_COLUMNS, 'id')};
    create index if not exists shop_orders_member on ${s}.shop_orders (member_id, placed_at);
    create index if not exists shop_orders_payment on ${s}.shop_orders (payment_id);
    create index if not exists shop_orders_expiry on ${s}.shop_orders (status, expires_at);
    ${createTableSql(schema, 'shop_gift_cards', GIFT_CARD_COLUMNS, 'card_id')};
    create index if not exists shop_gift_cards_order on ${s}.shop_gift_cards (order_id);
    create index if not exists shop_gift_cards_issued on ${s}.shop_gift_cards (issued_at);
  `);
}

type Loaded<R> = { rows: Map<string, R>; touched: Set<string> };
async function load<R extends object>(
  tx: Sql,
  ctx: ApplyContext,
  table: string,
  key: keyof R & string,
  keys: string[],
  schema: z.ZodType<R>,
): Promise<Loaded<R>> {
  const rows = await loadRows(tx, ctx.schema, table, key, keys, schema, ctx);
  return { rows: new Map(rows.map((r) => [String(r[key]), r])), touched: new Set() };
}
const put = <R>(l: Loaded<R>, key: string, row: R): void => {
  l.rows.set(key, row);
  l.touched.add(key);
};

export const PRODUCT_TYPES = ['ProductCreated', 'ProductEdited', 'VariantAdded', 'VariantRepriced', 'ProductPublished'];
export const STOCK_TYPES = ['StockOpened', 'StockReceived', 'StockReserved', 'StockReleased', 'StockSold', 'StockAdjusted', 'StockRestocked'];
const TERM_TYPES = ['ShopTermSaved', 'ShopTermRemoved', 'ShopBannerSaved', 'ShopBannerRemoved'];
export const COUPON_TYPES = ['CouponCreated', 'CouponRedeemed', 'CouponRedemptionReleased', 'CouponDisabled'];
const ORDER_TYPES = [
  'OrderPlaced',
  'OrderPaid',
  'OrderCancelled',
  'OrderPackingStarted',
  'OrderShipped',
  'OrderDelivered',
  'GiftCardIssued',
  'OrderGiftCardIssued',
  'OrderRefundRequested',
  'OrderRefunded',
];
const GIFT_CARD_TYPES = ['GiftCardActivated', 'GiftCardRedeemed', 'GiftCardCredited', 'GiftCardVoided'];

function priceRange(variants: readonly { price_cents: number }[]): { min_price: number; max_price: number } {
  const prices = variants.map((v) => v.price_cents);
  return { min_price: Math.min(...prices), max_price: Math.max(...prices) };
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'shop');
  const keysOf = (types: string[], key: (d: Record<string, unknown>) => string) =>
    decoded.filter((e) => types.includes(e.type)).map((e) => key(e.data as Record<string, unknown>));
  const products = await load(
    tx,
    ctx,
    'shop_products',
    'id',
    keysOf(PRODUCT_TYPES, (d) => String(d.productId)),
    productRowSchema,
  );
  const stock = await load(
    tx,
    ctx,
    'shop_stock',
    'sku',
    keysOf(STOCK_TYPES, (d) => String(d.sku)),
    stockRowSchema,
  );
  const coupons = await load(
    tx,
    ctx,
    'shop_coupons',
    'code',
    keysOf(COUPON_TYPES, (d) => String(d.code ?? (d.terms as { code: string }).code)),
    couponRowSchema,
  );
  const orders = await load(
    tx,
    ctx,
    'shop_orders',
    'id',
    keysOf(ORDER_TYPES, (d) => String(d.orderId)),
    orderRowSchema,
  );
  const cards = await load(
    tx,
    ctx,
    'shop_gift_cards',
    'card_id',
    keysOf(GIFT_CARD_TYPES, (d) => String(d.cardId)),
    giftCardRowSchema,
  );
  const terms: Loaded<TermRow> = { rows: new Map(), touched: new Set() };
  const removedTerms: string[] = [];

  for (const e of decoded) {
    const at = occurredAt(e);
    if (PRODUCT_TYPES.includes(e.type)) applyProduct(products, e as unknown as ProductEvent, at, ctx);
    else if (STOCK_TYPES.includes(e.type)) applyStock(stock, e as unknown as StockEvent);
    else if (COUPON_TYPES.includes(e.type)) applyCoupon(coupons, e as unknown as CouponEvent, at);
    else if (ORDER_TYPES.includes(e.type)) applyOrder(orders, e as unknown as OrderEvent, at, ctx);
    else if (GIFT_CARD_TYPES.includes(e.type)) applyGiftCard(cards, e as unknown as GiftCardEvent, at, ctx);
    else if (TERM_TYPES.includes(e.type)) {
      const ev = e as unknown as ShopSettingsEvent;
      switch (ev.type) {
        case 'ShopTermSaved': {
          const t = ev.data.term;
          put(terms, `${t.kind}:${t.slug}`, { id: `${t.kind}:${t.slug}`, kind: t.kind, slug: t.slug, name: t.name, data: null, sort: 0 });
          break;
        }
        case 'ShopTermRemoved':
          removedTerms.push(`${ev.data.kind}:${ev.data.slug}`);
          terms.touched.delete(`${ev.data.kind}:${ev.data.slug}`);
          break;
        case 'ShopBannerSaved': {
          const b = ev.data.banner;
          put(terms, `banner:${b.bannerId}`, { id: `banner:${b.bannerId}`, kind: 'banner', slug: b.bannerId, name: b.title, data: b, sort: b.sort });
          break;
        }
        case 'ShopBannerRemoved':
          removedTerms.push(`banner:${ev.data.bannerId}`);
          terms.touched.delete(`banner:${ev.data.bannerId}`);
          break;
        default: {
          const _exhaustive: never = ev;
          return _exhaustive;
        }
      }
    }
  }
  const s = ctx.schema;
  if (removedTerms.length)
    await tx.query(`delete from ${ident(s)}.shop_terms where id in (select jsonb_array_elements_text($1::jsonb))`, [JSON.stringify(removedTerms)]);
  await upsertRows(
    tx,
    s,
    'shop_terms',
    TERM_COLUMNS,
    'id',
    [...terms.touched].map((k) => terms.rows.get(k)!),
  );
  await upsertRows(
    tx,
    s,
    'shop_products',
    PRODUCT_COLUMNS,
    'id',
    [...products.touched].map((k) => products.rows.get(k)!),
  );
  await upsertRows(
    tx,
    s,
    'shop_stock',
    STOCK_COLUMNS,
    'sku',
    [...stock.touched].map((k) => stock.rows.get(k)!),
  );
  await upsertRows(
    tx,
    s,
    'shop_coupons',
    COUPON_COLUMNS,
    'code',
    [...coupons.touched].map((k) => coupons.rows.get(k)!),
  );
  await upsertRows(
    tx,
    s,
    'shop_orders',
    ORDER_COLUMNS,
    'id',
    [...orders.touched].map((k) => orders.rows.get(k)!),
  );
  await upsertRows(
    tx,
    s,
    'shop_gift_cards',
    GIFT_CARD_COLUMNS,
    'card_id',
    [...cards.touched].map((k) => cards.rows.get(k)!),
  );
}

function applyGiftCard(cards: Loaded<GiftCardRow>, e: GiftCardEvent, at: string, ctx: ApplyContext): void {
  if (e.type === 'GiftCardActivated') {
    const d = e.data;
    return put(cards, d.cardId, {
      card_id: d.cardId,
      last4: d.last4,
      order_id: d.orderId,
      order_number: d.orderNumber,
      member_id: d.memberId,
      sku: d.sku,
      value_cents: d.value_cents,
      balance_cents: d.value_cents,
      spent_cents: 0,
      status: 'active',
      expires_on: d.expires_on,
      terms_source: d.terms.source,
      void_reason: null,
      issued_at: new Date(d.at).toISOString(),
      updated_at: at,
    });
  }
  const c = cards.rows.get(e.data.cardId);
  if (!c) return ctx.logger.warn({ type: e.type, cardId: e.data.cardId }, 'shop: event for an unknown gift card skipped');
  switch (e.type) {
    case 'GiftCardRedeemed':
      return put(cards, c.card_id, { ...c, balance_cents: e.data.balance_cents, spent_cents: c.spent_cents + e.data.amount_cents, updated_at: at });
    case 'GiftCardCredited':
      return put(cards, c.card_id, {
        ...c,
        balance_cents: e.data.balance_cents,
        spent_cents: Math.max(0, c.spent_cents - e.data.amount_cents),
        updated_at: at,
      });
    case 'GiftCardVoided':
      return put(cards, c.card_id, { ...c, status: 'voided', balance_cents: 0, void_reason: e.data.reason, updated_at: at });
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

function applyProduct(products: Loaded<ProductRow>, e: ProductEvent, at: string, ctx: ApplyContext): void {
  if (e.type === 'ProductCreated') {
    const { productId, fields, variants } = e.data;
    put(products, productId, {
      id: productId,
      ...fields,
      published: true,
      variants,
      ...priceRange(variants),
      created_at: new Date(e.data.createdAt).toISOString(),
      updated_at: at,
    });
    return;
  }
  const p = products.rows.get(e.data.productId);
  if (!p) return ctx.logger.warn({ type: e.type, productId: e.data.productId }, 'shop: event for an unknown product skipped');
  switch (e.type) {
    case 'ProductEdited':
      return put(products, p.id, { ...p, ...e.data.fields, updated_at: at });
    case 'VariantAdded': {
      const variants = [...p.variants, e.data.variant];
      return put(products, p.id, { ...p, variants, ...priceRange(variants), updated_at: at });
    }
    case 'VariantRepriced': {
      const variants = p.variants.map((v) => (v.sku === e.data.sku ? { ...v, price_cents: e.data.to_cents } : v));
      return put(products, p.id, { ...p, variants, ...priceRange(variants), updated_at: at });
    }
    case 'ProductPublished':
      return put(products, p.id, { ...p, published: e.data.published, updated_at: at });
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

function applyStock(stock: Loaded<StockRow>, e: StockEvent): void {
  if (e.type === 'StockOpened') return put(stock, e.data.sku, { sku: e.data.sku, product_id: e.data.productId, on_hand: 0, reserved: 0, sold: 0 });
  const s = stock.rows.get(e.data.sku);
  if (!s) return;
  switch (e.type) {
    case 'StockReceived':
      return put(stock, s.sku, { ...s, on_hand: s.on_hand + e.data.qty });
    case 'StockReserved':
      return put(stock, s.sku, { ...s, reserved: s.reserved + e.data.qty });
    case 'StockReleased':
      // Clamped at zero on purpose: the stream never releases more than it reserved, but a read model never shows negative stock.
      return put(stock, s.sku, { ...s, reserved: Math.max(0, s.reserved - e.data.qty) });
    case 'StockSold':
      return put(stock, s.sku, { ...s, reserved: Math.max(0, s.reserved - e.data.qty), on_hand: s.on_hand - e.data.qty, sold: s.sold + e.data.qty });
    case 'StockAdjusted':
      return put(stock, s.sku, { ...s, on_hand: s.on_hand + e.data.delta });
    case 'StockRestocked':
      return put(stock, s.sku, { ...s, on_hand: s.on_hand + e.data.qty, sold: Math.max(0, s.sold - e.data.qty) });
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

function applyCoupon(coupons: Loaded<CouponRow>, e: CouponEvent, at: string): void {
  if (e.type === 'CouponCreated') {
    const t = e.data.terms;
    return put(coupons, t.code, {
      code: t.code,
      kind: t.kind,
      value: t.value,
      expires_at: t.expiresAt ? new Date(t.expiresAt).toISOString() : null,
      total_limit: t.totalLimit,
      per_member_limit: t.perMemberLimit,
      member_id: t.memberId,
      redemptions: 0,
      status: 'active',
      created_at: at,
      updated_at: at,
    });
  }
  const c = coupons.rows.get(e.data.code);
  if (!c) return;
  switch (e.type) {
    case 'CouponRedeemed':
      return put(coupons, c.code, { ...c, redemptions: c.redemptions + 1, updated_at: at });
    case 'CouponRedemptionReleased':
      return put(coupons, c.code, { ...c, redemptions: Math.max(0, c.redemptions - 1), updated_at: at });
    case 'CouponDisabled':
      return put(coupons, c.code, { ...c, status: 'disabled', updated_at: at });
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

function applyOrder(orders: Loaded<OrderRow>, e: OrderEvent, at: string, ctx: ApplyContext): void {
  if (e.type === 'OrderPlaced') {
    const d = e.data;
    return put(orders, d.orderId, {
      id: d.orderId,
      number: d.number,
      member_id: d.memberId,
      email: d.email,
      status: 'awaiting_payment',
      checkout_id: d.checkoutId,
      total: d.snapshot.total,
      tax: d.snapshot.tax,
      item_count: d.snapshot.lines.reduce((n, l) => n + l.qty, 0),
      snapshot: d.snapshot,
      shipping_address: d.shipping_address,
      billing_address: d.billing_address,
      notes: d.notes,
      coupon: d.coupon,
      payment_id: null,
      carrier: null,
      tracking: null,
      gift_cards: [],
      refund_reason: null,
      refund_message: null,
      placed_at: new Date(d.placedAt).toISOString(),
      expires_at: new Date(d.expiresAt).toISOString(),
      paid_at: null,
      shipped_at: null,
      delivered_at: null,
      updated_at: at,
    });
  }
  const o = orders.rows.get(e.data.orderId);
  if (!o) return ctx.logger.warn({ type: e.type, orderId: e.data.orderId }, 'shop: event for an unknown order skipped');
  switch (e.type) {
    case 'OrderPaid':
      return put(orders, o.id, {
        ...o,
        status: 'paid',
        payment_id: e.data.paymentId,
        paid_at: new Date(e.data.paidAt).toISOString(),
        updated_at: at,
      });
    case 'OrderCancelled':
      return put(orders, o.id, { ...o, status: 'cancelled', updated_at: at });
    case 'OrderPackingStarted':
      return put(orders, o.id, { ...o, status: 'packing', updated_at: at });
    case 'OrderShipped':
      return put(orders, o.id, {
        ...o,
        status: 'shipped',
        carrier: e.data.carrier,
        tracking: e.data.tracking,
        shipped_at: new Date(e.data.at).toISOString(),
        updated_at: at,
      });
    case 'OrderDelivered':
      return put(orders, o.id, { ...o, status: 'delivered', delivered_at: new Date(e.data.at).toISOString(), updated_at: at });
    case 'GiftCardIssued':
      // The code itself stays in the event log and the email; the read model shows only its tail.
      return put(orders, o.id, {
        ...o,
        gift_cards: [...o.gift_cards, { sku: e.data.sku, value_cents: e.data.value_cents, last4: e.data.code.slice(-4) }],
        updated_at: at,
      });
    case 'OrderGiftCardIssued':
      // The sealed code stays in the event for its email; the read model keeps the card's id and tail.
      return put(orders, o.id, {
        ...o,
        gift_cards: [
          ...o.gift_cards,
          { sku: e.data.sku, value_cents: e.data.value_cents, last4: e.data.last4, card_id: e.data.card_id, expires_on: e.data.expires_on },
        ],
        updated_at: at,
      });
    case 'OrderRefundRequested':
      return put(orders, o.id, { ...o, refund_reason: e.data.reason, refund_message: e.data.member_message ?? null, updated_at: at });
    case 'OrderRefunded':
      return put(orders, o.id, {
        ...o,
        status: 'refunded',
        refund_reason: o.refund_reason ?? e.data.reason,
        refund_message: o.refund_message ?? e.data.member_message ?? null,
        updated_at: at,
      });
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

export const shopProjector: Projector = withErasure(
  {
    name: 'shop',
    /** 2: gift cards (shop_gift_cards), orders a gift card paid in full (no checkout id), and the refund's member-facing message. */
    version: 2,
    tables: [
      { name: 'shop_products', primaryKey: ['id'] },
      { name: 'shop_stock', primaryKey: ['sku'] },
      { name: 'shop_terms', primaryKey: ['id'] },
      { name: 'shop_coupons', primaryKey: ['code'] },
      { name: 'shop_orders', primaryKey: ['id'] },
      { name: 'shop_gift_cards', primaryKey: ['card_id'] },
    ],
    handles: [...PRODUCT_TYPES, ...STOCK_TYPES, ...TERM_TYPES, ...COUPON_TYPES, ...ORDER_TYPES, ...GIFT_CARD_TYPES],
    migrate,
    apply,
  },
  [
    {
      table: 'shop_orders',
      member: 'member_id',
      columns: {
        email: 'email',
        shipping_address: { object: ADDRESS_FIELDS },
        billing_address: { object: ADDRESS_FIELDS },
        notes: 'text',
        // Issue 24: staff's message to the member, sealed in OrderRefundRequested/OrderRefunded under the member.
        refund_message: 'text',
      },
    },
  ],
);
