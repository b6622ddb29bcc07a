import { z } from 'zod';
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
 * (id = `renewal:<paymentId>`, checkout_id null, purpose 'renewal').
 */
export const paymentRowSchema = z.object({
  id: z.string(),
  checkout_id: z.string().nullable(),
  member_id: z.string(),
  /** join | upgrade | single-entry | team-fee | renewal */
  purpose: z.string(),
  membership_id: z.number().int().nullable(),
  tier_code: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  provider: z.string().nullable(),
  status: z.enum(['pending', 'paid', 'declined', 'expired', 'refunded']),
  failure_reason: z.string().nullable(),
  payment_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  created_at: isoInstant,
  completed_at: isoInstant.nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;
