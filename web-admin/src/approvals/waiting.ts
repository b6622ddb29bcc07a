import { heldForApprovalSchema as waitingSchema } from '@roar/contracts/staff';

/** The notice for a held action, or null when the action was carried out. */
export function waitingNotice(answer: unknown): string | null {
  const parsed = waitingSchema.safeParse(answer);
  return parsed.success ? `Waiting for approval: another staff user approves "${parsed.data.approval.summary}" under Approvals.` : null;
}
