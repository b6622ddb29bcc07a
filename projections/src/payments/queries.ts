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
