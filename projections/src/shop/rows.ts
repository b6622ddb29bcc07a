import { z } from 'zod';
import { addressSchema, bannerSchema, orderSnapshotSchema, ORDER_STATUSES, variantSchema } from '@roar/domain';
import { isoInstant, type Columns } from '../runner/table';

export const PRODUCT_COLUMNS: Columns = [
  ['id', 'text'],
  ['slug', 'text'],
  ['name', 'text'],
  ['description', 'text'],
  ['product_type', 'text'],
  ['category', 'text'],
  ['brand', 'text'],
  ['supplier', 'text'],
  ['image_portrait', 'text', 'null'],
  ['image_landscape', 'text', 'null'],
  ['gift_card', 'boolean'],
  ['published', 'boolean'],
  ['variants', 'jsonb'],
  ['min_price', 'integer'],
  ['max_price', 'integer'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
export const productRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  product_type: z.enum(['physical', 'digital']),
  category: z.string(),
  brand: z.string(),
  supplier: z.string(),
  image_portrait: z.string().nullable(),
  image_landscape: z.string().nullable(),
  gift_card: z.boolean(),
  published: z.boolean(),
  variants: z.array(variantSchema),
  min_price: z.number().int(),
  max_price: z.number().int(),
  created_at: isoInstant,
  updated_at: isoInstant,
});
export type ProductRow = z.infer<typeof productRowSchema>;

export const STOCK_COLUMNS: Columns = [
  ['sku', 'text'],
  ['product_id', 'text'],
  ['on_hand', 'integer'],
  ['reserved', 'integer'],
  ['sold', 'integer'],
];
export const stockRowSchema = z.object({
  sku: z.string(),
  product_id: z.string(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  sold: z.number().int(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

/** Categories, brands, suppliers, attributes and banners (kind 'banner', its fields in data). */
export const TERM_COLUMNS: Columns = [
  ['id', 'text'],
  ['kind', 'text'],
  ['slug', 'text'],
  ['name', 'text'],
  ['data', 'jsonb', 'null'],
  ['sort', 'integer'],
];
export const termRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['category', 'brand', 'supplier', 'attribute', 'banner']),
  slug: z.string(),
  name: z.string(),
  data: bannerSchema.nullable(),
  sort: z.number().int(),
});
export type TermRow = z.infer<typeof termRowSchema>;

export const COUPON_COLUMNS: Columns = [
  ['code', 'text'],
  ['kind', 'text'],
  ['value', 'integer'],
  ['expires_at', 'timestamptz', 'null'],
  ['total_limit', 'integer', 'null'],
  ['per_member_limit', 'integer', 'null'],
  ['member_id', 'text', 'null'],
  ['redemptions', 'integer'],
  ['status', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
export const couponRowSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  expires_at: isoInstant.nullable(),
  total_limit: z.number().int().nullable(),
  per_member_limit: z.number().int().nullable(),
  member_id: z.string().nullable(),
  redemptions: z.number().int(),
  status: z.enum(['active', 'disabled']),
  created_at: isoInstant,
  updated_at: isoInstant,
});
export type CouponRow = z.infer<typeof couponRowSchema>;

export const ORDER_COLUMNS: Columns = [
  ['id', 'text'],
  ['number', 'text'],
  ['member_id', 'text'],
  ['email', 'text'],
  ['status', 'text'],
  ['checkout_id', 'text', 'null'],
  ['total', 'integer'],
  ['tax', 'integer'],
  ['item_count', 'integer'],
  ['snapshot', 'jsonb'],
  ['shipping_address', 'jsonb', 'null'],
  ['billing_address', 'jsonb', 'null'],
  ['notes', 'text', 'null'],
  ['coupon', 'text', 'null'],
  ['payment_id', 'text', 'null'],
  ['carrier', 'text', 'null'],
  ['tracking', 'text', 'null'],
  ['gift_cards', 'jsonb'],
  ['refund_reason', 'text', 'null'],
  ['refund_message', 'text', 'null'],
  ['placed_at', 'timestamptz'],
  ['expires_at', 'timestamptz'],
  ['paid_at', 'timestamptz', 'null'],
  ['shipped_at', 'timestamptz', 'null'],
  ['delivered_at', 'timestamptz', 'null'],
  ['updated_at', 'timestamptz'],
];
export const orderRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  member_id: z.string(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  checkout_id: z.string().nullable(),
  total: z.number().int(),
  tax: z.number().int(),
  item_count: z.number().int(),
  snapshot: orderSnapshotSchema,
  shipping_address: addressSchema.nullable(),
  billing_address: addressSchema.nullable(),
  notes: z.string().nullable(),
  coupon: z.string().nullable(),
  payment_id: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  gift_cards: z.array(
    z.object({
      sku: z.string(),
      value_cents: z.number().int(),
      last4: z.string(),
      card_id: z.string().optional(),
      expires_on: z.string().optional(),
    }),
  ),
  refund_reason: z.string().nullable(),
  /** What the member is told of the refund (null: staff gave no words, or it predates the message). The reason is staff's only. */
  refund_message: z.string().nullable(),
  placed_at: isoInstant,
  expires_at: isoInstant,
  paid_at: isoInstant.nullable(),
  shipped_at: isoInstant.nullable(),
  delivered_at: isoInstant.nullable(),
  updated_at: isoInstant,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** One gift card: its balance and state, the order that bought it; its id is the keyed hash of the code, never the code. */
export const GIFT_CARD_COLUMNS: Columns = [
  ['card_id', 'text'],
  ['last4', 'text'],
  ['order_id', 'text'],
  ['order_number', 'text'],
  ['member_id', 'text'],
  ['sku', 'text'],
  ['value_cents', 'integer'],
  ['balance_cents', 'integer'],
  ['spent_cents', 'integer'],
  ['status', 'text'],
  ['expires_on', 'text'],
  ['terms_source', 'text'],
  ['void_reason', 'text', 'null'],
  ['issued_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
export const giftCardRowSchema = z.object({
  card_id: z.string(),
  last4: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  member_id: z.string(),
  sku: z.string(),
  value_cents: z.number().int(),
  balance_cents: z.number().int(),
  spent_cents: z.number().int(),
  status: z.enum(['active', 'voided']),
  expires_on: z.string(),
  terms_source: z.string(),
  void_reason: z.string().nullable(),
  issued_at: isoInstant,
  updated_at: isoInstant,
});
export type GiftCardRow = z.infer<typeof giftCardRowSchema>;
