import { z } from 'zod';
import { paymentStatusSchema, staffPaymentSchema } from '@roar/contracts/staff';
import { isoInstant, type Columns } from '../runner/table';

export const PAYMENT_COLUMNS: Columns = [
  ['id', 'text'],
  ['checkout_id', 'text', 'null'],
  ['member_id', 'text'],
  ['purpose', 'text'],
  ['membership_id', 'integer', 'null'],
  ['tier_code', 'text', 'null'],
  ['amount_cents', 'integer'],
  ['currency', 'text'],
  ['provider', 'text', 'null'],
  ['status', 'text'],
  ['failure_reason', 'text', 'null'],
  ['payment_id', 'text', 'null'],
  ['subscription_id', 'text', 'null'],
  ['card_brand', 'text', 'null'],
  ['card_last4', 'text', 'null'],
  ['created_at', 'timestamptz'],
  ['completed_at', 'timestamptz', 'null'],
];

/**
 * One row of read.payments: a checkout (id = checkout id) or a subscription renewal charge
 * (id = `renewal:<paymentId>`, checkout_id null, purpose 'renewal'): the contract's payment record
 * as staff read it, its times read back from PostgreSQL.
 */
export const paymentRowSchema = staffPaymentSchema.extend({
  currency: z.string(),
  status: paymentStatusSchema,
  created_at: isoInstant,
  completed_at: isoInstant.nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;
