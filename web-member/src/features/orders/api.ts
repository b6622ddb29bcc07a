import { z } from 'zod';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { orderSchema, ordersPageSchema, type Order } from '@roar/contracts/shop';
import { memberRequest } from '../../lib/member-api';

export type { Order } from '@roar/contracts/shop';

export interface OrdersPage {
  readonly orders: readonly Order[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** One page of the member's orders, newest first (the server's pages of 20). */
export async function fetchOrders(page = 1) {
  const r = await memberRequest(`/api/shop/orders?page=${page}`, { schema: ordersPageSchema, serverMessage: true });
  return r.ok
    ? {
        ok: true as const,
        data: { orders: r.data.data, total: r.data.meta.total, page: r.data.meta.page, pageSize: r.data.meta.page_size } satisfies OrdersPage,
      }
    : r;
}
export async function fetchOrder(id: string) {
  const r = await memberRequest(`/api/shop/orders/${encodeURIComponent(id)}`, { schema: z.object({ data: orderSchema }), serverMessage: true });
  return r.ok ? { ok: true as const, data: r.data.data } : r;
}

export const STATUS_LABEL: Record<Order['status'], string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  packing: 'Being packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
export const cents = (c: number): string => {
  const fixed = (c / 100).toFixed(2);
  return `$${fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed}`;
};
/** Dates in Sydney time, MMM D, YYYY (spec section 9). */
export const day = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: CLUB_TIME_ZONE });
