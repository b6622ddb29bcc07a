import { z } from 'zod';
import { membershipSchema } from '@roar/contracts/members';

const isoInstant = z.string().transform((v, ctx) => {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return d.toISOString();
});

/**
 * One row of read.memberships, read back as to_jsonb (same shape from pg and PGlite): the contract's
 * tier with the stored cents instead of dollars, its status and type as stored.
 */
export const membershipRowSchema = membershipSchema.omit({ price: true, cashback_maximum_value: true }).extend({
  status: z.string(),
  type: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  cashback_maximum_cents: z.number().int(),
  updated_at: isoInstant,
});

export type MembershipRow = z.infer<typeof membershipRowSchema>;

/** The spec's Membership (section 3) as the API serves it: the row, with money in dollars. */
export const membershipResourceSchema = membershipRowSchema
  .omit({ price_cents: true, cashback_maximum_cents: true, currency: true, updated_at: true })
  .extend({ price: z.number(), cashback_maximum_value: z.number() });

export type MembershipResource = z.infer<typeof membershipResourceSchema>;

/** Cents to dollars without float noise: 2999 gives 29.99, 2000 gives 20. */
const dollars = (cents: number): number => Math.round(cents) / 100;

export function toMembershipResource(row: MembershipRow): MembershipResource {
  const { price_cents, cashback_maximum_cents, currency: _currency, updated_at: _updatedAt, ...rest } = row;
  return {
    ...rest,
    items: row.items.map((i) => ({ title: i.title })),
    price: dollars(price_cents),
    cashback_maximum_value: dollars(cashback_maximum_cents),
  };
}
