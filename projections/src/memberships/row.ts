import { z } from 'zod';

const isoInstant = z.string().transform((v, ctx) => {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return d.toISOString();
});

/** One row of read.memberships, read back as to_jsonb (same shape from pg and PGlite). */
export const membershipRowSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  status: z.string(),
  visible: z.boolean(),
  code: z.string(),
  tier: z.string(),
  colour: z.string(),
  icon: z.string(),
  initial_tickets: z.number().int(),
  cumulative_tickets: z.number().int(),
  items: z.array(z.object({ title: z.string() })),
  type: z.string(),
  bonus_draws: z.boolean(),
  weekly_draws: z.boolean(),
  rewards_access: z.boolean(),
  shop_access: z.boolean(),
  price_cents: z.number().int(),
  currency: z.string(),
  referee_entries: z.number().int(),
  referrer_entries: z.number().int(),
  rewards_days: z.number().int(),
  cashback_maximum_cents: z.number().int(),
  stripe_id: z.string().nullable(),
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
  return { ...rest, items: row.items.map((i) => ({ title: i.title })), price: dollars(price_cents), cashback_maximum_value: dollars(cashback_maximum_cents) };
}
