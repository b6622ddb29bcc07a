import type { Cart, CartData } from './api';

export type CartLineData = NonNullable<CartData['items']>[number];

/** The items of a cart as cart data (what a save sends back). */
export const itemsOf = (cart: Cart | null): CartLineData[] =>
  (cart?.items ?? []).map((i) => ({ product: i.product, sku: i.sku, qty: i.qty, delivery_method: i.delivery_method }));

/**
 * Spec section 4: adding an existing product+sku line adds quantity and replaces the delivery
 * method; otherwise the line is appended. Digital items carry no delivery method.
 */
export function addLine(items: readonly CartLineData[], line: CartLineData, digital: boolean): CartLineData[] {
  const added = { ...line, delivery_method: digital ? null : line.delivery_method };
  const i = items.findIndex((x) => x.product === line.product && x.sku === line.sku);
  if (i < 0) return [...items, added];
  return items.map((x, n) => (n === i ? { ...x, qty: x.qty + line.qty, delivery_method: added.delivery_method } : x));
}

/** Shipping is required if any item is not digital. */
export const needsShipping = (cart: Cart | null): boolean => (cart?.items ?? []).some((i) => i.product_type !== 'digital');

/** The server flags a delivered item without a shipping address; it is entered at checkout, so it never blocks going there. */
export const SHIPPING_FLAG = 'shipping_address_required';
export const shippingFlagOf = (cart: Cart | null): Cart['errors'][number] | undefined => cart?.errors.find((e) => e.code === SHIPPING_FLAG);
/** What must be put right in the cart before paying: changed prices, stock, a refused coupon. */
export const blockingErrors = (cart: Cart | null): Cart['errors'] => (cart?.errors ?? []).filter((e) => e.code !== SHIPPING_FLAG);
