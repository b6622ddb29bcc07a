import { z } from 'zod';
import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

/** Shapes of the shop calls (spec section 7), parsed at the edge. Money is integer cents, GST-inclusive. */
const variantSchema = z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()), price: z.number().int(), available: z.number().int(), stock_state: z.enum(['in_stock', 'low_stock', 'out_of_stock']) });
export const productSchema = z.object({
  id: z.string(), slug: z.string(), name: z.string(), description: z.string(), product_type: z.enum(['physical', 'digital']), gift_card: z.boolean(),
  category: z.string(), brand: z.string(), image_portrait: z.string(), image_landscape: z.string(), price: z.number().int(), price_max: z.number().int(),
  stock_state: z.enum(['in_stock', 'low_stock', 'out_of_stock']), variants: z.array(variantSchema),
});
export type Product = z.infer<typeof productSchema>;
export type ProductVariant = z.infer<typeof variantSchema>;

const term = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export const settingsSchema = z.object({
  attributes: z.array(z.object({ key: z.string(), name: z.string() })),
  banners: z.array(z.object({ id: z.string(), title: z.string(), subtitle: z.string(), image: z.string(), link: z.string() })),
  brands: z.array(term),
  categories: z.array(term),
  deliveries: z.array(z.object({ code: z.string(), name: z.string(), price: z.number().int() })),
  sorts: z.array(z.string()),
});
export type ShopSettings = z.infer<typeof settingsSchema>;

export const addressSchema = z.object({
  first_name: z.string(), last_name: z.string(), line1: z.string(), line2: z.string().default(''), suburb: z.string(), state: z.string(), postcode: z.string(), phone: z.string().default(''),
});
export type Address = z.infer<typeof addressSchema>;

const cartItemSchema = z.object({
  product: z.string(), sku: z.string(), qty: z.number().int(), delivery_method: z.string().nullable(), name: z.string(), slug: z.string(), product_type: z.enum(['physical', 'digital']),
  image_portrait: z.string().nullable(), image_landscape: z.string().nullable(), attributes: z.record(z.string(), z.string()), unit_price: z.number().int(), line_total: z.number().int(), in_stock: z.number().int().nullable(),
});
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  shipping_address: addressSchema.nullable(),
  billing_address: addressSchema.nullable(),
  coupon: z.string().nullable(),
  notes: z.string().nullable(),
  deliveries: z.array(z.object({ code: z.string(), name: z.string(), price: z.number().int() })),
  errors: z.array(z.object({ code: z.string(), message: z.string(), sku: z.string().optional(), product: z.string().optional() })),
  subtotal: z.number().int(), shipping: z.number().int(), discount: z.number().int(), tax: z.number().int(), total: z.number().int(),
  discounts: z.array(z.object({ kind: z.string(), code: z.string().optional(), percent: z.number().optional(), cents: z.number().int() }).loose()),
  pending_order_id: z.string().nullable(),
  /** The gift card entered beside the coupon: its last 4, balance and last valid day; what it pays, and what is left to pay by card. */
  gift_card: z.object({ last4: z.string(), balance: z.number().int(), expires_on: z.string() }).nullable(),
  gift_card_amount: z.number().int(),
  amount_due: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;
export type CartItem = z.infer<typeof cartItemSchema>;

/** The spec's cart data: what a save sends. */
export interface CartData {
  readonly items?: readonly { product: string; sku: string; qty: number; delivery_method: string | null }[];
  readonly shipping_address?: Address | null;
  readonly billing_address?: Address | null;
  readonly coupon?: string | null;
  /** A gift card code; null removes the card. */
  readonly gift_card?: string | null;
  readonly notes?: string | null;
}

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
const unwrap = <T>(r: ApiResult<{ data: T }>): ApiResult<T> => (r.ok ? { ok: true, data: r.data.data } : r);

export const fetchShopSettings = async () => unwrap(await memberRequest('/api/shop/settings', { schema: data(settingsSchema), serverMessage: true }));

export interface ProductQuery { category?: string; brand?: string; search?: string; min_price?: number; max_price?: number; sort?: string; page?: number }
const pageSchema = z.object({ data: z.array(productSchema), meta: z.object({ total: z.number(), page: z.number(), pages: z.number() }) });
export async function fetchProducts(q: ProductQuery): Promise<ApiResult<z.infer<typeof pageSchema>>> {
  const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return memberRequest('/api/shop/products', { schema: pageSchema, query, serverMessage: true });
}
export const fetchProductBySlug = async (slug: string) => unwrap(await memberRequest(`/api/shop/products/by-slug/${encodeURIComponent(slug)}`, { schema: data(productSchema), serverMessage: true }));
export const fetchCart = async () => unwrap(await memberRequest('/api/shop/cart', { schema: data(cartSchema), serverMessage: true }));
export const saveCart = async (body: CartData) => unwrap(await memberRequest('/api/shop/update-cart', { method: 'PATCH', body, schema: data(cartSchema), serverMessage: true }));
export const startCheckout = async () => unwrap(await memberRequest('/api/shop/checkout', { method: 'POST', body: {}, schema: data(z.object({ order_id: z.string(), redirect_url: z.string() })), serverMessage: true }));
export const cancelCheckout = async (orderId: string) => unwrap(await memberRequest('/api/shop/checkout/cancel', { method: 'POST', body: { order_id: orderId }, schema: data(cartSchema), serverMessage: true }));

/** Cents as the spec shows money: dollars, trailing .00 removed. */
export const money = (cents: number): string => {
  const fixed = (cents / 100).toFixed(2);
  return `$${fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed}`;
};

/** Images load from the configured base path plus the image path; a default product image when there is none. */
export const DEFAULT_PRODUCT_IMAGE = '/images/shop/default-product.svg';
export const imageUrl = (path: string | null | undefined): string => `${import.meta.env.BASE_URL.replace(/\/$/, '')}${path || DEFAULT_PRODUCT_IMAGE}`;

/** The order's state only: the success page waits for the provider's webhook to mark it paid. */
export const fetchOrderStatus = async (orderId: string) =>
  unwrap(await memberRequest(`/api/shop/orders/${encodeURIComponent(orderId)}`, { schema: data(z.object({ number: z.string(), status: z.string(), total: z.number().int() })), serverMessage: true }));
