import { amountDue, REFUND_MESSAGE_FALLBACK } from '@roar/domain';
import type { Sql } from '@roar/platform';
import { DEFAULT_PRODUCT_IMAGE, type Order, type Product, type StaffOrder, type StockState } from '@roar/contracts/shop';
import { searchGiftCards, type GiftCardRow, type OrderRow, type ProductRow, type StockRow } from '@roar/projections';

export { DEFAULT_PRODUCT_IMAGE };
/** At or below this many units a variant shows "Only N left". */
export const LOW_STOCK = 5;

export type { StockState };
export const stockState = (available: number): StockState => (available <= 0 ? 'out_of_stock' : available <= LOW_STOCK ? 'low_stock' : 'in_stock');
const availableOf = (s: StockRow | undefined): number => (s ? Math.max(0, s.on_hand - s.reserved) : 0);

export function toProductView(p: ProductRow, stock: Map<string, StockRow>): Product {
  const variants = p.variants.map((v) => {
    const available = availableOf(stock.get(v.sku));
    return { sku: v.sku, attributes: v.attributes, price: v.price_cents, available, stock_state: stockState(available) };
  });
  const total = variants.reduce((n, v) => n + v.available, 0);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    product_type: p.product_type,
    gift_card: p.gift_card,
    category: p.category,
    brand: p.brand,
    supplier: p.supplier,
    image_portrait: p.image_portrait ?? DEFAULT_PRODUCT_IMAGE,
    image_landscape: p.image_landscape ?? p.image_portrait ?? DEFAULT_PRODUCT_IMAGE,
    price: p.min_price,
    price_max: p.max_price,
    stock_state: stockState(total),
    variants,
  };
}
export type ProductView = Product;

/** The gift cards the orders bought, by card id: their balance and state now. */
export async function cardsOfOrders(sql: Sql, orders: readonly OrderRow[]): Promise<Map<string, GiftCardRow>> {
  const ids = orders.filter((o) => o.gift_cards.length > 0).map((o) => o.id);
  if (ids.length === 0) return new Map();
  const { records } = await searchGiftCards(sql, { orderIds: ids, limit: 1000 });
  return new Map(records.map((c) => [c.card_id, c]));
}

/**
 * What a member sees of their order: the frozen snapshot, states and tracking. Gift card codes
 * travel by email only; the order shows each card's last 4, expiry (the law wants it shown), balance and state.
 */
export function toOrderView(o: OrderRow, cards: ReadonlyMap<string, GiftCardRow> = new Map()): Order {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    placed_at: o.placed_at,
    paid_at: o.paid_at,
    shipped_at: o.shipped_at,
    delivered_at: o.delivered_at,
    carrier: o.carrier,
    tracking: o.tracking,
    items: o.snapshot.lines.map((l) => ({
      product: l.productId,
      sku: l.sku,
      name: l.name,
      attributes: l.attributes,
      product_type: l.product_type,
      qty: l.qty,
      unit_price: l.unit_cents,
      line_total: l.line_cents,
      delivery_method: l.delivery_method,
    })),
    item_count: o.item_count,
    subtotal: o.snapshot.subtotal,
    discounts: o.snapshot.discounts,
    discount: o.snapshot.discount,
    deliveries: o.snapshot.deliveries,
    shipping: o.snapshot.shipping,
    tax: o.snapshot.tax,
    total: o.snapshot.total,
    rounding_rule: o.snapshot.rounding_rule,
    shipping_address: o.shipping_address,
    billing_address: o.billing_address,
    notes: o.notes,
    coupon: o.coupon,
    gift_cards: o.gift_cards.map((g) => {
      const card = g.card_id ? cards.get(g.card_id) : undefined;
      return {
        sku: g.sku,
        value_cents: g.value_cents,
        last4: g.last4,
        expires_on: card?.expires_on ?? g.expires_on ?? null,
        balance_cents: card?.balance_cents ?? null,
        status: card?.status ?? null,
      };
    }),
    /** The part of the total a gift card paid, and what was paid through the payments port. */
    gift_card_payment: o.snapshot.gift_card ? { last4: o.snapshot.gift_card.last4, cents: o.snapshot.gift_card.cents } : null,
    amount_due: amountDue(o.snapshot),
    // The member is told the member-facing message, never staff's internal reason (issue 20, defect 10).
    refund_message: o.status === 'refunded' ? (o.refund_message ?? REFUND_MESSAGE_FALLBACK) : null,
  };
}

/** Staff see both: the internal reason and what the member was told. */
export const toStaffOrderView = (o: OrderRow, cards: ReadonlyMap<string, GiftCardRow>): StaffOrder => ({
  ...toOrderView(o, cards),
  refund_reason: o.refund_reason,
  refund_message: o.refund_message,
  member_id: o.member_id,
  email: o.email,
  payment_id: o.payment_id,
});
