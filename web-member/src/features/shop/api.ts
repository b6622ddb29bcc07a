import { z } from 'zod';
import {
  cartSchema,
  DEFAULT_PRODUCT_IMAGE,
  orderSchema,
  productPageSchema,
  productSchema,
  shopSettingsSchema,
  startedCheckoutSchema,
  type CartData,
  type ProductPage,
  type ProductQuery,
} from '@roar/contracts/shop';
import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

/** The shop calls' shapes are the contract's (spec section 7), parsed at the edge. Money is integer cents, GST-inclusive. */
export type { Address, Cart, CartData, CartItem, Product, ProductQuery, ProductVariant, ShopSettings } from '@roar/contracts/shop';

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
const unwrap = <T>(r: ApiResult<{ data: T }>): ApiResult<T> => (r.ok ? { ok: true, data: r.data.data } : r);

export const fetchShopSettings = async () =>
  unwrap(await memberRequest('/api/shop/settings', { schema: data(shopSettingsSchema), serverMessage: true }));

/** The page's query; its sort goes to the server as the address bar has it (an unknown one is answered 400). */
export async function fetchProducts(q: Omit<ProductQuery, 'sort'> & { sort?: string }): Promise<ApiResult<ProductPage>> {
  const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return memberRequest('/api/shop/products', { schema: productPageSchema, query, serverMessage: true });
}
export const fetchProductBySlug = async (slug: string) =>
  unwrap(await memberRequest(`/api/shop/products/by-slug/${encodeURIComponent(slug)}`, { schema: data(productSchema), serverMessage: true }));
export const fetchCart = async () => unwrap(await memberRequest('/api/shop/cart', { schema: data(cartSchema), serverMessage: true }));
export const saveCart = async (body: CartData) =>
  unwrap(await memberRequest('/api/shop/update-cart', { method: 'PATCH', body, schema: data(cartSchema), serverMessage: true }));
export const startCheckout = async () =>
  unwrap(await memberRequest('/api/shop/checkout', { method: 'POST', body: {}, schema: data(startedCheckoutSchema), serverMessage: true }));
export const cancelCheckout = async (orderId: string) =>
  unwrap(
    await memberRequest('/api/shop/checkout/cancel', { method: 'POST', body: { order_id: orderId }, schema: data(cartSchema), serverMessage: true }),
  );

/** Cents as the spec shows money: dollars, trailing .00 removed. */
export const money = (cents: number): string => {
  const fixed = (cents / 100).toFixed(2);
  return `$${fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed}`;
};

/** Images load from the configured base path plus the image path; a default product image when there is none. */
export const imageUrl = (path: string | null | undefined): string => `${import.meta.env.BASE_URL.replace(/\/$/, '')}${path || DEFAULT_PRODUCT_IMAGE}`;

const orderStatusOnly = orderSchema.pick({ number: true, status: true, total: true });
/** The order's state only: the success page waits for the provider's webhook to mark it paid. */
export const fetchOrderStatus = async (orderId: string) =>
  unwrap(await memberRequest(`/api/shop/orders/${encodeURIComponent(orderId)}`, { schema: data(orderStatusOnly), serverMessage: true }));
