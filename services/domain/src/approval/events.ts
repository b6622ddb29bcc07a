import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { text } from '../primitives';

/**
 * Four-eyes approvals: an action that moves money or decides a prize is requested by one staff
 * user with a reason and carried out only once a different staff user approves it. The action is
 * generic (a kind and its parameters): the API registers each kind it guards, so a new one (erasing
 * a member's personal data, a later issue) needs no change here.
 */
const staffId = z.string().min(1).max(200);
const reason = text().trim().min(1).max(1000);
export const approvalKindSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/, 'An action kind looks like area.verb')
  .max(60);
/** Parameters of the guarded command: plain JSON values, checked again by the kind's own schema when carried out. */
export const approvalParamsSchema = z.record(z.string().max(60), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]));
export const approvalActionSchema = z
  .object({
    kind: approvalKindSchema,
    params: approvalParamsSchema,
    /** What the approver reads: "Draw a winner for Masters trip", "Refund order 1234 ($450.00)". */
    summary: text().trim().min(1).max(300),
  })
  .strict();
export type ApprovalAction = z.infer<typeof approvalActionSchema>;

export const ApprovalRequested = defineEvent(
  'ApprovalRequested',
  z.object({ approvalId: z.uuid(), action: approvalActionSchema, requestedBy: staffId, reason }).strict(),
);
export const ApprovalGranted = defineEvent('ApprovalGranted', z.object({ approvalId: z.uuid(), approvedBy: staffId }).strict());
export const ApprovalDeclined = defineEvent('ApprovalDeclined', z.object({ approvalId: z.uuid(), declinedBy: staffId, reason }).strict());
/** The process step ran the approved command; `outcome` says what it did in plain words. */
export const ApprovedActionCarriedOut = defineEvent(
  'ApprovedActionCarriedOut',
  z.object({ approvalId: z.uuid(), outcome: text().max(300) }).strict(),
);
/** The approved command was refused when it ran (the prize moved on, the order was refunded meanwhile). */
export const ApprovedActionFailed = defineEvent('ApprovedActionFailed', z.object({ approvalId: z.uuid(), error: text().max(500) }).strict());

export const approvalEvents = [ApprovalRequested, ApprovalGranted, ApprovalDeclined, ApprovedActionCarriedOut, ApprovedActionFailed] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type ApprovalEvent =
  | Ev<typeof ApprovalRequested>
  | Ev<typeof ApprovalGranted>
  | Ev<typeof ApprovalDeclined>
  | Ev<typeof ApprovedActionCarriedOut>
  | Ev<typeof ApprovedActionFailed>;

export function approvalStreamId(approvalId: string): string {
  return `approval-${approvalId}`;
}
