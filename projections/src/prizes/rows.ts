import { z } from 'zod';
import { drawnWinnerSchema, drawStatusSchema } from '@roar/contracts/draws';
import { prizeStatusSchema, prizeTypeSchema } from '@roar/contracts/prizes';
import { auStateSchema } from '@roar/contracts/common';
import { isoInstant } from '../runner/table';

const nullableInstant = isoInstant.nullable();

export const prizeRowSchema = z.object({
  id: z.string(),
  status: prizeStatusSchema,
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  hero_image: z.string().nullable(),
  hero_image_portrait: z.string().nullable(),
  secondary_image_1: z.string().nullable(),
  secondary_image_2: z.string().nullable(),
  secondary_image_3: z.string().nullable(),
  secondary_image_1_portrait: z.string().nullable(),
  secondary_image_2_portrait: z.string().nullable(),
  secondary_image_3_portrait: z.string().nullable(),
  prize_type_id: prizeTypeSchema,
  event_date: z.string().nullable(),
  event_participants: z.number().int().nullable(),
  prize_end_date: isoInstant,
  prize_value: z.number(),
  prize_value_currency: z.literal('AUD'),
  /** The states the draw is open in; null on prizes from before issue 22 (open everywhere). */
  open_states: z.array(auStateSchema).nullable(),
  created_at: isoInstant,
  updated_at: isoInstant,
});
export type PrizeRow = z.infer<typeof prizeRowSchema>;

/** One drawn ticket of the draw's history, as the staff console reads it too. */
export const winnerEntrySchema = drawnWinnerSchema;
export type WinnerEntry = z.infer<typeof winnerEntrySchema>;

/**
 * The beacon a draw is committed to (DrawScheduled's schedule: for drand the chain, its public key
 * and scheme, and the round), with the round as published once RandomnessRevealed records it.
 */
export const drawBeaconSchema = z.object({
  name: z.string(),
  round: z.number(),
  url: z.string().optional(),
  chainHash: z.string().optional(),
  publicKey: z.string().optional(),
  scheme: z.string().optional(),
  genesisTime: z.number().optional(),
  period: z.number().optional(),
  signature: z.string().optional(),
  previousSignature: z.string().nullable().optional(),
});
export type DrawBeacon = z.infer<typeof drawBeaconSchema>;

export const drawRowSchema = z.object({
  prize_id: z.string(),
  status: drawStatusSchema,
  method: z.string().nullable(),
  commitment: z.string().nullable(),
  beacon: drawBeaconSchema.nullable(),
  list_hash: z.string().nullable(),
  entrant_count: z.number().int(),
  total_tickets: z.coerce.number().int(),
  cutoff_position: z.string().nullable(),
  as_of: nullableInstant,
  eligibility_rule_version: z.number().int().nullable(),
  randomness: z.string().nullable(),
  entrant_salt: z.string().nullable(),
  seed: z.string().nullable(),
  winners: z.array(winnerEntrySchema),
  next_k: z.number().int(),
  display: z.string().nullable(),
  scheduled_at: nullableInstant,
  closed_at: nullableInstant,
  drawn_at: nullableInstant,
  published_at: nullableInstant,
});
export type DrawRow = z.infer<typeof drawRowSchema>;

export const drawEntrantRowSchema = z.object({
  prize_id: z.string(),
  entrant_id: z.string(),
  position: z.number().int(),
  tickets: z.coerce.number().int(),
  first_ticket: z.coerce.number().int(),
});
export type DrawEntrantRow = z.infer<typeof drawEntrantRowSchema>;
