import { z } from 'zod';

/** A guarded action's answer when four-eyes holds it: 202 with the request waiting for approval. */
const waitingSchema = z.object({ waiting_for_approval: z.literal(true), approval: z.object({ id: z.string(), summary: z.string() }) });

/** The notice for a held action, or null when the action was carried out. */
export function waitingNotice(answer: unknown): string | null {
  const parsed = waitingSchema.safeParse(answer);
  return parsed.success ? `Waiting for approval: another staff user approves "${parsed.data.approval.summary}" under Approvals.` : null;
}
