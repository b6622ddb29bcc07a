import { z } from 'zod';
import type { Sql } from '@roar/platform';
import { paymentRecord, searchPaymentRecords, type PaymentQuery } from '@roar/projections';
import { instant, int, maybe, maybeInt, text } from '../staff-kit/record-fields';

/**
 * Staff reads of read.payments, queried by its projection. Every record is built from a whitelist
 * of columns: whatever else the table may hold never reaches the console.
 */

export const paymentRecordSchema = z.object({
  /** The payment record's id: the checkout's, or the provider's for a renewal (no checkout). */
  id: text,
  checkout_id: maybe,
  member_id: text,
  purpose: text,
  membership_id: maybeInt,
  tier_code: maybe,
  amount_cents: int,
  currency: maybe,
  provider: maybe,
  status: text,
  failure_reason: maybe,
  payment_id: maybe,
  subscription_id: maybe,
  card_brand: maybe,
  card_last4: maybe,
  created_at: instant,
  completed_at: instant,
});
export type AdminPayment = z.infer<typeof paymentRecordSchema>;

export { PAYMENT_SORT_FIELDS, type PaymentQuery, type PaymentSort } from '@roar/projections';

export async function searchPayments(sql: Sql, query: PaymentQuery): Promise<{ records: AdminPayment[]; total: number }> {
  const { rows, total } = await searchPaymentRecords(sql, query);
  return { records: rows.map((row) => paymentRecordSchema.parse(row)), total };
}

export async function findPayment(sql: Sql, id: string): Promise<AdminPayment | null> {
  const row = await paymentRecord(sql, id);
  return row === null ? null : paymentRecordSchema.parse(row);
}
