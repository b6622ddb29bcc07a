import { z } from 'zod';
import { instant } from './http';

/**
 * One event as a staff record's history shows it (`events` on a course, card, claim, partner or
 * offer): the payload and the envelope an auditor reads.
 * One schema for /api/admin/events and every record's history.
 */
export const staffEventSchema = z.object({
  id: z.string(),
  position: z.string(),
  stream_id: z.string(),
  revision: z.number().int(),
  event_type: z.string(),
  occurred_at: instant.nullable(),
  recorded_at: instant,
  actor: z.string(),
  actor_type: z.string().nullable(),
  actor_id: z.string().nullable(),
  reason: z.string().nullable(),
  correlation_id: z.string().nullable(),
  causation_id: z.string().nullable(),
  schema_version: z.number().nullable(),
  payload: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;
