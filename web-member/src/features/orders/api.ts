import { z } from 'zod';
import { memberRequest } from '../../lib/member-api';

const addressSchema = z.object({ first_name: z.string(), last_name: z.string(), line1: z.string(), line2: z.string().default(''), suburb: z.string(), state: z.string(), postcode: z.string() }).loose();
export const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(['awaiting_payment', 'paid', 'packing', 'shipped', 'delivered', 'cancelled', 'refunded']),
  placed_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  items: z.array(z.object({ sku: z.string(), name: z.string(), attributes: z.record(z.string(), z.string()), product_type: z.string(), qty: z.number(), unit_price: z.number(), line_total: z.number() })),
  item_count: z.number(),
  subtotal: z.number(),
  discounts: z.array(z.object({ kind: z.string(), code: z.string().optional(), cents: z.number() }).loose()),
  deliveries: z.array(z.object({ name: z.string(), cents: z.number() }).loose()),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  shipping_address: addressSchema.nullable(),
  /** The cards this order bought: last 4, value, last valid day (Australian Consumer Law: shown to the buyer), balance and state. */
  gift_cards: z.array(z.object({ sku: z.string(), value_cents: z.number(), last4: z.string(), expires_on: z.string().nullable(), balance_cents: z.number().nullable(), status: z.enum(['active', 'voided']).nullable() })),
  /** The part of the total a gift card paid; amount_due is what the payment card paid. */
  gift_card_payment: z.object({ last4: z.string(), cents: z.number() }).nullable(),
  amount_due: z.number(),
  /** What the club told the member of the refund (never staff's internal reason). */
  refund_message: z.string().nullable().default(null),
});
export type Order = z.infer<typeof orderSchema>;

const ordersPageSchema = z.object({ data: z.array(orderSchema), meta: z.object({ total: z.number().int().min(0), page: z.number().int().min(1), page_size: z.number().int().min(1) }) });
export interface OrdersPage {
  readonly orders: readonly Order[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** One page of the member's orders, newest first (the server's pages of 20). */
export async function fetchOrders(page = 1) {
  const r = await memberRequest(`/api/shop/orders?page=${page}`, { schema: ordersPageSchema, serverMessage: true });
  return r.ok ? { ok: true as const, data: { orders: r.data.data, total: r.data.meta.total, page: r.data.meta.page, pageSize: r.data.meta.page_size } satisfies OrdersPage } : r;
}
export async function fetchOrder(id: string) {
  const r = await memberRequest(`/api/shop/orders/${encodeURIComponent(id)}`, { schema: z.object({ data: orderSchema }), serverMessage: true });
  return r.ok ? { ok: true as const, data: r.data.data } : r;
}

export const STATUS_LABEL: Record<Order['status'], string> = {
  awaiting_payment: 'Awaiting payment', paid: 'Paid', packing: 'Being packed', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled', refunded: 'Refunded',
};
export const cents = (c: number): string => {
  const fixed = (c / 100).toFixed(2);
  return `$${fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed}`;
};
/** Dates in Sydney time, MMM D, YYYY (spec section 9). */
export const day = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'Australia/Sydney' });
