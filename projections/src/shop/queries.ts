import type { Sql } from '@roar/platform';
import {
  couponRowSchema,
  giftCardRowSchema,
  orderRowSchema,
  productRowSchema,
  stockRowSchema,
  termRowSchema,
  type CouponRow,
  type GiftCardRow,
  type OrderRow,
  type ProductRow,
  type StockRow,
  type TermRow,
} from './rows';

/** Read models are eventually consistent: commands answer after the projections caught up (read-your-writes). */
const parseAll = <T>(rows: { row: unknown }[], schema: { parse(v: unknown): T }): T[] => rows.map(({ row }) => schema.parse(row));

import type { ProductSort } from '@roar/contracts/shop';
export { PRODUCT_SORTS, type ProductSort } from '@roar/contracts/shop';
const ORDER_BY: Record<ProductSort, string> = {
  newest: 'created_at desc, id',
  price_asc: 'min_price asc, name, id',
  price_desc: 'max_price desc, name, id',
  name: 'name asc, id',
};

export interface ProductSearch {
  readonly category?: string;
  readonly brand?: string;
  readonly search?: string;
  readonly minPrice?: number;
  readonly maxPrice?: number;
  readonly sort?: ProductSort;
  readonly offset?: number;
  readonly limit?: number;
  /** Staff see unpublished products too. */
  readonly includeUnpublished?: boolean;
  readonly ids?: readonly string[];
}

export async function searchProducts(sql: Sql, q: ProductSearch): Promise<{ records: ProductRow[]; total: number }> {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => (args.push(v), `$${args.length}`);
  if (!q.includeUnpublished) where.push('published');
  if (q.category) where.push(`category = ${arg(q.category)}`);
  if (q.brand) where.push(`brand = ${arg(q.brand)}`);
  if (q.search) where.push(`(name ilike ${arg(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} or description ilike $${args.length})`);
  if (q.minPrice !== undefined) where.push(`max_price >= ${arg(q.minPrice)}`);
  if (q.maxPrice !== undefined) where.push(`min_price <= ${arg(q.maxPrice)}`);
  if (q.ids) where.push(`id in (select jsonb_array_elements_text(${arg(JSON.stringify(q.ids))}::jsonb))`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const total = await sql.query<{ n: number }>(`select count(*)::int as n from read.shop_products ${filter}`, args);
  const page = await sql.query<{ row: unknown }>(
    `select to_jsonb(p) as row from read.shop_products p ${filter} order by ${ORDER_BY[q.sort ?? 'newest']} limit ${arg(q.limit ?? 12)} offset ${arg(q.offset ?? 0)}`,
    args,
  );
  return { records: parseAll(page.rows, productRowSchema), total: total.rows[0]?.n ?? 0 };
}

export async function getProduct(sql: Sql, idOrSlug: { id?: string; slug?: string }): Promise<ProductRow | null> {
  const r = idOrSlug.id
    ? await sql.query<{ row: unknown }>('select to_jsonb(p) as row from read.shop_products p where id = $1', [idOrSlug.id])
    : await sql.query<{ row: unknown }>('select to_jsonb(p) as row from read.shop_products p where slug = $1', [idOrSlug.slug ?? '']);
  return r.rows[0] ? productRowSchema.parse(r.rows[0].row) : null;
}

export async function getProducts(sql: Sql, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(p) as row from read.shop_products p where id in (select jsonb_array_elements_text($1::jsonb))',
    [JSON.stringify([...new Set(ids)])],
  );
  return new Map(parseAll(r.rows, productRowSchema).map((p) => [p.id, p]));
}

export async function stockLevels(sql: Sql, skus: readonly string[]): Promise<Map<string, StockRow>> {
  if (skus.length === 0) return new Map();
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(s) as row from read.shop_stock s where sku in (select jsonb_array_elements_text($1::jsonb))',
    [JSON.stringify([...new Set(skus)])],
  );
  return new Map(parseAll(r.rows, stockRowSchema).map((s) => [s.sku, s]));
}

export async function listShopTerms(sql: Sql): Promise<TermRow[]> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(t) as row from read.shop_terms t order by kind, sort, name, id');
  return parseAll(r.rows, termRowSchema);
}

export async function listCoupons(sql: Sql, offset = 0, limit = 100): Promise<{ records: CouponRow[]; total: number }> {
  const total = await sql.query<{ n: number }>('select count(*)::int as n from read.shop_coupons');
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(c) as row from read.shop_coupons c order by created_at desc, code limit $1 offset $2',
    [limit, offset],
  );
  return { records: parseAll(r.rows, couponRowSchema), total: total.rows[0]?.n ?? 0 };
}

export async function getCoupon(sql: Sql, code: string): Promise<CouponRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(c) as row from read.shop_coupons c where code = $1', [code]);
  return r.rows[0] ? couponRowSchema.parse(r.rows[0].row) : null;
}

export interface OrderSearch {
  readonly memberId?: string;
  readonly status?: readonly string[];
  readonly q?: string;
  readonly ids?: readonly string[];
  readonly offset?: number;
  readonly limit?: number;
}

export async function searchOrders(sql: Sql, q: OrderSearch): Promise<{ records: OrderRow[]; total: number }> {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => (args.push(v), `$${args.length}`);
  if (q.memberId) where.push(`member_id = ${arg(q.memberId)}`);
  if (q.status?.length) where.push(`status in (select jsonb_array_elements_text(${arg(JSON.stringify(q.status))}::jsonb))`);
  if (q.ids) where.push(`id in (select jsonb_array_elements_text(${arg(JSON.stringify(q.ids))}::jsonb))`);
  if (q.q) where.push(`(number ilike ${arg(`%${q.q}%`)} or email ilike $${args.length})`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const total = await sql.query<{ n: number }>(`select count(*)::int as n from read.shop_orders ${filter}`, args);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(o) as row from read.shop_orders o ${filter} order by placed_at desc, id limit ${arg(q.limit ?? 50)} offset ${arg(q.offset ?? 0)}`,
    args,
  );
  return { records: parseAll(r.rows, orderRowSchema), total: total.rows[0]?.n ?? 0 };
}

export async function getOrder(sql: Sql, orderId: string): Promise<OrderRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(o) as row from read.shop_orders o where id = $1', [orderId]);
  return r.rows[0] ? orderRowSchema.parse(r.rows[0].row) : null;
}

export async function findOrderByPayment(sql: Sql, paymentId: string): Promise<OrderRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(o) as row from read.shop_orders o where payment_id = $1 limit 1', [paymentId]);
  return r.rows[0] ? orderRowSchema.parse(r.rows[0].row) : null;
}

/** Unpaid orders whose reservations have lapsed at `at`: the sweeper's work list. */
export async function listExpiredUnpaidOrders(sql: Sql, at: Date, limit = 200): Promise<OrderRow[]> {
  const r = await sql.query<{ row: unknown }>(
    "select to_jsonb(o) as row from read.shop_orders o where status = 'awaiting_payment' and expires_at <= $1 order by expires_at, id limit $2",
    [at.toISOString(), limit],
  );
  return parseAll(r.rows, orderRowSchema);
}

export interface GiftCardSearch {
  /** The last 4 of the code, or an order number. */
  readonly q?: string;
  readonly ids?: readonly string[];
  readonly orderIds?: readonly string[];
  readonly memberId?: string;
  readonly status?: string;
  readonly offset?: number;
  readonly limit?: number;
}

export async function searchGiftCards(sql: Sql, q: GiftCardSearch): Promise<{ records: GiftCardRow[]; total: number }> {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => (args.push(v), `$${args.length}`);
  if (q.q) where.push(`(last4 = ${arg(q.q.trim().toUpperCase())} or order_number ilike ${arg(`%${q.q.trim()}%`)})`);
  if (q.ids) where.push(`card_id in (select jsonb_array_elements_text(${arg(JSON.stringify(q.ids))}::jsonb))`);
  if (q.orderIds) where.push(`order_id in (select jsonb_array_elements_text(${arg(JSON.stringify(q.orderIds))}::jsonb))`);
  if (q.memberId) where.push(`member_id = ${arg(q.memberId)}`);
  if (q.status) where.push(`status = ${arg(q.status)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const total = await sql.query<{ n: number }>(`select count(*)::int as n from read.shop_gift_cards ${filter}`, args);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(g) as row from read.shop_gift_cards g ${filter} order by issued_at desc, card_id limit ${arg(q.limit ?? 50)} offset ${arg(q.offset ?? 0)}`,
    args,
  );
  return { records: parseAll(r.rows, giftCardRowSchema), total: total.rows[0]?.n ?? 0 };
}

export async function getGiftCard(sql: Sql, cardId: string): Promise<GiftCardRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(g) as row from read.shop_gift_cards g where card_id = $1', [cardId]);
  return r.rows[0] ? giftCardRowSchema.parse(r.rows[0].row) : null;
}

/** Paid orders not yet shipped: work waiting for staff on the dashboard. */
export async function countOrdersToShip(sql: Sql): Promise<number> {
  return Number(
    (await sql.query<{ n: string | number }>("select count(*) as n from read.shop_orders where status in ('paid', 'packing')")).rows[0]?.n ?? 0,
  );
}
