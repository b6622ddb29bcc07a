import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { approvalDecider, approvalStreamId, type ApprovalAction, type StaffSecuritySettings } from '@roar/domain';
import { DomainError } from '@roar/platform';
import { getApproval } from '@roar/projections';
import type { AppContext } from '../context';
import { staffOf } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { executeCommand } from '../http/commands';
import { HttpError } from '../http/errors';
import { guardedActionOf } from './actions';
import { staffSecuritySettings } from '../auth/staff-security';
import { approvalRecords } from './view';

export interface ApprovalRequest {
  readonly kind: string;
  readonly params: ApprovalAction['params'];
  readonly summary: string;
  readonly reason: string;
}

/**
 * Four-eyes at a guarded route. When it is on, and `applies` says this action needs it (a refund
 * above the club's amount, say), the request is recorded with the reason and answered with 202 and
 * the pending approval: nothing else happens, and the route stops (true). Otherwise false: the
 * route acts as before.
 */
export async function heldForApproval(
  app: AppContext,
  req: Request,
  res: Response,
  request: ApprovalRequest,
  applies: (settings: StaffSecuritySettings) => boolean = () => true,
): Promise<boolean> {
  const settings = await staffSecuritySettings(app);
  if (!settings.fourEyes || !applies(settings)) return false;
  // A guarded route always registers its kind: a miss here is a programming error, not bad input.
  if (!guardedActionOf(app, request.kind)) throw new Error(`four-eyes: no action registered for ${request.kind}`);
  const user = staffOf(res);
  const approvalId = randomUUID();
  const ctx = staffCommandContext(app, req, res, request.reason);
  const action = { kind: request.kind, params: request.params, summary: request.summary };
  await executeCommand(
    app,
    approvalStreamId(approvalId),
    approvalDecider,
    { type: 'RequestApproval', approvalId, action, requestedBy: user.id, reason: request.reason },
    ctx,
    {
      mustBeNew: true,
      readModels: ['approvals'],
    },
  );
  const row = await getApproval(app.sql, approvalId);
  const [record] = row ? await approvalRecords(app.sql, [row], user) : [];
  res.setHeader('X-Approval-Id', approvalId);
  res.status(202).json({ waiting_for_approval: true, approval: record ?? { id: approvalId, status: 'pending', summary: request.summary } });
  return true;
}

/**
 * The process step: a different staff user approves, then the original command runs under the
 * approver with the approval (who asked, who approved) in every event's metadata, and its outcome
 * is recorded. A command the domain refuses by now (the prize moved on) is recorded as failed with
 * its message. Should the process stop between the approval and the outcome, the request shows as
 * approved and not carried out: staff ask again (docs/staff-security.md).
 */
export async function approveAndCarryOut(app: AppContext, req: Request, res: Response, approvalId: string): Promise<void> {
  const approver = staffOf(res);
  const stream = approvalStreamId(approvalId);
  const ctx = staffCommandContext(app, req, res, '');
  const granted = await executeCommand(app, stream, approvalDecider, { type: 'ApproveRequest', by: approver.id }, ctx);
  const state = granted.state;
  if (state.status !== 'approved') throw new HttpError(409, 'This request is no longer waiting for approval.', 'CONFLICT');
  const action = guardedActionOf(app, state.action.kind);
  let outcome: { ok: true; outcome: string } | { ok: false; error: string };
  try {
    if (!action) throw new DomainError('conflict', 'This kind of action cannot be carried out any more.');
    const done = await action.run(state.action.params, {
      actor: ctx.actor,
      correlationId: ctx.correlationId,
      causationId: granted.events[0]?.id ?? null,
      occurredAt: app.now(),
      reason: state.reason,
      approval: { approvalId, requestedBy: state.requestedBy, approvedBy: approver.id },
    });
    outcome = { ok: true, outcome: done.slice(0, 300) };
  } catch (error) {
    if (error instanceof DomainError || (error instanceof HttpError && error.status < 500)) {
      outcome = { ok: false, error: error.message.slice(0, 500) };
    } else {
      app.logger.error({ err: error, approvalId }, 'four-eyes: the approved action failed');
      outcome = { ok: false, error: 'Something went wrong carrying it out; the server log has the details.' };
    }
  }
  await executeCommand(app, stream, approvalDecider, { type: 'RecordOutcome', ...outcome }, ctx, { readModels: ['approvals'] });
}
