import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { causationKeys, entriesDecider, entriesStreamId, memberStreamId, type EntriesCommand, type StaffSecuritySettings } from '@roar/domain';
import type { CommandContext } from '@roar/platform';
import { registerGuardedAction } from '../../approvals/actions';
import { heldForApproval } from '../../approvals/request';
import type { AppContext } from '../../context';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { staffCommandContext } from '../../staff-kit/command-context';
import { reasonSchema } from './membership-edits';

export const entryAdjustmentSchema = z
  .object({
    memberId: z.string().trim().min(1).max(60),
    /** Positive grants entries, negative revokes them; never zero. */
    count: z
      .number()
      .int()
      .refine((n) => n !== 0, 'count must not be zero')
      .refine((n) => Math.abs(n) <= 100_000, 'at most 100000 entries at once'),
    reason: reasonSchema,
  })
  .strict();

/** The command an adjustment amounts to; the adjustment id names the grant or revocation and keys it. */
export function adjustmentCommand(adjustmentId: string, input: z.infer<typeof entryAdjustmentSchema>): EntriesCommand {
  const causationKey = causationKeys.staff(adjustmentId);
  if (input.count > 0) {
    return {
      type: 'GrantEntries',
      memberId: input.memberId,
      grantId: adjustmentId,
      source: 'staff-adjustment',
      count: input.count,
      membershipId: null,
      tierCode: null,
      causationKey,
      reason: input.reason,
      prizeId: null,
    };
  }
  return { type: 'RevokeEntries', memberId: input.memberId, revocationId: adjustmentId, count: -input.count, reason: input.reason, causationKey };
}

/**
 * Staff corrections of a member's entries: a GrantEntries or RevokeEntries command on the
 * member's ledger stream with the staff actor and the mandatory reason. Auditors are refused.
 */
export function entryAdjustmentsRouter(app: AppContext): Router {
  const router = Router();

  const adjust = async (input: z.infer<typeof entryAdjustmentSchema>, ctx: CommandContext) => {
    // The member stream is the authority on who exists (the read model may lag a moment).
    if ((await app.store.readStream(memberStreamId(input.memberId))).length === 0) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const adjustmentId = randomUUID();
    const result = await executeCommand(app, entriesStreamId(input.memberId), entriesDecider, adjustmentCommand(adjustmentId, input), ctx);
    return { adjustmentId, result };
  };
  registerGuardedAction(app, {
    kind: 'entries.adjust',
    params: entryAdjustmentSchema,
    execute: async (input, ctx) => {
      await adjust(input, ctx);
      return input.count > 0 ? `${input.count} entries granted` : `${-input.count} entries revoked`;
    },
  });

  router.post('/', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const input = parseBody(entryAdjustmentSchema, req);
    if ((await app.store.readStream(memberStreamId(input.memberId))).length === 0) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const summary = `${input.count > 0 ? 'Grant' : 'Revoke'} ${Math.abs(input.count)} entries ${input.count > 0 ? 'to' : 'from'} member ${input.memberId}`;
    const over = (s: StaffSecuritySettings) => Math.abs(input.count) > s.entryAdjustmentAbove;
    if (await heldForApproval(app, req, res, { kind: 'entries.adjust', params: { ...input }, summary, reason: input.reason }, over)) return;
    const { adjustmentId, result } = await adjust(input, staffCommandContext(app, req, res, input.reason));
    const granted = result.events.find((e) => e.type === 'EntriesGranted')?.data as { firstTicket?: number; lastTicket?: number } | undefined;
    sendCommandResult(res, result, 201, {
      id: adjustmentId,
      member_id: input.memberId,
      count: input.count,
      reason: input.reason,
      first_ticket: granted?.firstTicket ?? null,
      last_ticket: granted?.lastTicket ?? null,
      total: result.state.total,
    });
  });

  return router;
}
