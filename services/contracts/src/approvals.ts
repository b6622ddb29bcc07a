import { z } from 'zod';

// ---- four-eyes ----
export const approvalStatusSchema = z.enum(['pending', 'approved', 'declined', 'carried_out', 'failed']);
/** One four-eyes request; `can_decide` says whether the viewer may approve or decline it. */
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  summary: z.string(),
  reason: z.string(),
  status: approvalStatusSchema,
  requested_by: z.string(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  outcome: z.string().nullable(),
  error: z.string().nullable(),
  can_decide: z.boolean(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** 202 from a guarded route under four-eyes: nothing happened yet, the request waits for a second staff user. */
export const heldForApprovalSchema = z.object({
  waiting_for_approval: z.literal(true),
  approval: z.union([approvalSchema, z.object({ id: z.string(), status: z.literal('pending'), summary: z.string() })]),
});
export type HeldForApproval = z.infer<typeof heldForApprovalSchema>;
/** A guarded action's answer: done (`answer`), or held for approval. */
export const orHeld = <S extends z.ZodType>(answer: S) => z.union([answer, heldForApprovalSchema]);
