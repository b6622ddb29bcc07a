import { z } from 'zod';
import { membershipTypeSchema, type TierFields } from '../membership-catalogue';

/**
 * A tier's numbers at the moment a command was built. Events carry this copy so that an auditor
 * never has to ask "what did the catalogue say back then?".
 */
export const tierSnapshotSchema = z
  .object({
    membershipId: z.number().int().positive(),
    code: z.string().min(1).max(40),
    tier: z.string().min(1).max(60),
    type: membershipTypeSchema,
    price_cents: z.number().int().min(0),
    initial_tickets: z.number().int().min(0),
    cumulative_tickets: z.number().int().min(0),
    bonus_draws: z.boolean(),
    weekly_draws: z.boolean(),
    rewards_access: z.boolean(),
    shop_access: z.boolean(),
    referee_entries: z.number().int().min(0),
    referrer_entries: z.number().int().min(0),
    rewards_days: z.number().int().min(0),
    cashback_maximum_cents: z.number().int().min(0),
  })
  .strict();

export type TierSnapshot = z.infer<typeof tierSnapshotSchema>;

/** Builds the snapshot from a catalogue tier (read model row or seed fields). */
export function tierSnapshot(membershipId: number, fields: Pick<TierFields, keyof Omit<TierSnapshot, 'membershipId'>>): TierSnapshot {
  return {
    membershipId,
    code: fields.code,
    tier: fields.tier,
    type: fields.type,
    price_cents: fields.price_cents,
    initial_tickets: fields.initial_tickets,
    cumulative_tickets: fields.cumulative_tickets,
    bonus_draws: fields.bonus_draws,
    weekly_draws: fields.weekly_draws,
    rewards_access: fields.rewards_access,
    shop_access: fields.shop_access,
    referee_entries: fields.referee_entries,
    referrer_entries: fields.referrer_entries,
    rewards_days: fields.rewards_days,
    cashback_maximum_cents: fields.cashback_maximum_cents,
  };
}
