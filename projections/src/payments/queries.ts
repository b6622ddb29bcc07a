import { ident, type Sql } from '@roar/platform';
import { orderOf, pageOf, type Page, type SortOrder } from '../runner/table';
import { PAYMENT_COLUMNS, paymentRowSchema, type PaymentRow } from './row';

export interface ListPaymentsOptions extends Page {
  readonly memberId?: string;
  readonly status?: PaymentRow['status'];
  readonly sort?: string;
  readonly order?: SortOrder;
}

const SORTABLE = new Set<string>(PAYMENT_COLUMNS.map(([n]) => n));

export async function listPayments(sql: Sql, options: ListPaymentsOptions = {}): Promise<{ rows: PaymentRow[]; total: number }> {
  const sort = options.sort ?? 'created_at';
  if (!SORTABLE.has(sort)) throw new Error(`cannot sort payments by ${sort}`);
  const order = orderOf(options.order, 'desc');
  const { offset, limit } = pageOf(options);
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.memberId !== undefined) {
    params.push(options.memberId);
    where.push(`member_id = $${params.length}`);
  }
  if (options.status !== undefined) {
    params.push(options.status);
    where.push(`status = $${params.length}`);
  }
  const w = where.length ? `where ${where.join(' and ')}` : '';
  const total = await sql.query<{ n: unknown }>(`select count(*)::text as n from read.payments p ${w}`, params);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(p) as row from read.payments p ${w} order by ${ident(sort)} ${order} nulls last, id ${order} offset ${offset} limit ${limit}`,
    params,
  );
  return { rows: r.rows.map(({ row }) => paymentRowSchema.parse(row)), total: Number(total.rows[0]?.n ?? 0) };
}

export async function getPayment(sql: Sql, id: string): Promise<PaymentRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(p) as row from read.payments p where id = $1', [id]);
  const row = r.rows[0];
  return row ? paymentRowSchema.parse(row.row) : null;
}

/** The card of the member's latest successful payment that reported one (spec: user-pay-method). */
export async function lastCard(sql: Sql, memberId: string): Promise<{ brand: string; last4: string } | null> {
  const r = await sql.query<{ brand: string; last4: string }>(
    `select card_brand as brand, card_last4 as last4 from read.payments
     where member_id = $1 and status = 'paid' and card_last4 is not null
     order by completed_at desc nulls last, created_at desc limit 1`,
    [memberId],
  );
  return r.rows[0] ?? null;
}

/** The staff console's payment list may sort by these columns only. */
export const PAYMENT_SORT_FIELDS = ['created_at', 'completed_at', 'amount_cents', 'status', 'purpose', 'member_id', 'id'] as const;
export type PaymentSort = (typeof PAYMENT_SORT_FIELDS)[number];

export interface PaymentQuery {
  readonly ids?: readonly string[];
  readonly memberId?: string;
  readonly status?: readonly string[];
  readonly purpose?: readonly string[];
  /** true: subscription payments only (the subscriptions view); false: one-off payments only. */
  readonly subscription?: boolean;
  readonly subscriptionId?: string;
  readonly sort: PaymentSort;
  readonly order: 'ASC' | 'DESC';
  readonly offset: number;
  readonly limit: number;
}

/** The staff console's payment search: whole rows as stored (to_jsonb), for the api to whitelist, and the total. */
export async function searchPaymentRecords(sql: Sql, query: PaymentQuery): Promise<{ rows: unknown[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (query.ids) add((p) => `p.id::text in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.ids));
  if (query.memberId) add((p) => `p.member_id::text = ${p}`, query.memberId);
  if (query.status) add((p) => `p.status in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.status));
  if (query.purpose) add((p) => `p.purpose in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.purpose));
  if (query.subscriptionId) add((p) => `p.subscription_id = ${p}`, query.subscriptionId);
  if (query.subscription !== undefined) where.push(query.subscription ? 'p.subscription_id is not null' : 'p.subscription_id is null');
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const dir = query.order === 'ASC' ? 'asc' : 'desc';
  const page = `limit ${query.limit} offset ${query.offset}`;
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(p) as row from read.payments p ${filter} order by p.${query.sort} ${dir} nulls last, p.id ${dir} ${page}`,
    params,
  );
  const total = await sql.query<{ n: unknown }>(`select count(*) as n from read.payments p ${filter}`, params);
  return { rows: r.rows.map(({ row }) => row), total: Number(total.rows[0]?.n ?? 0) };
}

/** One payment's row as stored (to_jsonb), for the staff console's whitelist; null when unknown. */
export async function paymentRecord(sql: Sql, id: string): Promise<unknown> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(p) as row from read.payments p where p.id::text = $1', [id]);
  return r.rows[0]?.row ?? null;
}

export interface ProviderPayment {
  readonly member_id: string;
  readonly checkout_id: string | null;
  readonly amount_cents: number;
}

/** Whose payment the provider's payment id is (the renewal rows carry it too), or null. */
export async function paymentByProviderId(sql: Sql, paymentId: string): Promise<ProviderPayment | null> {
  const r = await sql.query<ProviderPayment>('select member_id, checkout_id, amount_cents from read.payments where payment_id = $1 limit 1', [
    paymentId,
  ]);
  return r.rows[0] ?? null;
}

/** The member a subscription's payments belong to, or null. */
export async function memberIdOfSubscriptionPayment(sql: Sql, subscriptionId: string): Promise<string | null> {
  const p = await sql.query<{ member_id: string }>('select member_id from read.payments where subscription_id = $1 limit 1', [subscriptionId]);
  return p.rows[0]?.member_id ?? null;
}

/**
 * What a member paid for draws in one club month (issue 23's spending limit): every paid checkout
 * and renewal except the pro shop, which sells goods. `month` is `YYYY-MM` in `timeZone`.
 */
export async function drawSpendInMonth(sql: Sql, memberId: string, month: string, timeZone: string): Promise<number> {
  const r = await sql.query<{ n: unknown }>(
    `select coalesce(sum(amount_cents), 0)::text as n from read.payments
     where member_id = $1 and status = 'paid' and purpose <> 'shop-order'
       and to_char(coalesce(completed_at, created_at) at time zone $3, 'YYYY-MM') = $2`,
    [memberId, month, timeZone],
  );
  return Number(r.rows[0]?.n ?? 0);
}
