import { DomainError, type Decider } from '@roar/platform';
import type { ApprovalAction, ApprovalEvent } from './events';

export const SELF_APPROVAL = 'You asked for this: another staff user must approve it.';
export const SELF_DECLINE = 'You asked for this: another staff user must decline it.';
export const NOT_WAITING = 'This request is no longer waiting for approval.';

interface Requested {
  readonly approvalId: string;
  readonly action: ApprovalAction;
  readonly requestedBy: string;
  readonly reason: string;
}

export type ApprovalState =
  | { readonly status: 'absent' }
  | (Requested & { readonly status: 'pending' })
  | (Requested & { readonly status: 'approved'; readonly approvedBy: string })
  | (Requested & { readonly status: 'declined'; readonly declinedBy: string; readonly declineReason: string })
  | (Requested & { readonly status: 'carried_out'; readonly approvedBy: string; readonly outcome: string })
  | (Requested & { readonly status: 'failed'; readonly approvedBy: string; readonly error: string });

export type ApprovalCommand =
  | {
      readonly type: 'RequestApproval';
      readonly approvalId: string;
      readonly action: ApprovalAction;
      readonly requestedBy: string;
      readonly reason: string;
    }
  | { readonly type: 'ApproveRequest'; readonly by: string }
  | { readonly type: 'DeclineRequest'; readonly by: string; readonly reason: string }
  | { readonly type: 'RecordOutcome'; readonly ok: true; readonly outcome: string }
  | { readonly type: 'RecordOutcome'; readonly ok: false; readonly error: string };

function requested(state: ApprovalState): Requested {
  if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
  return state;
}

export function decideApproval(command: ApprovalCommand, state: ApprovalState): ApprovalEvent[] {
  switch (command.type) {
    case 'RequestApproval': {
      if (state.status !== 'absent') throw new DomainError('conflict', 'This request already exists.');
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('invalid', 'Give a reason.');
      return [
        { type: 'ApprovalRequested', data: { approvalId: command.approvalId, action: command.action, requestedBy: command.requestedBy, reason } },
      ];
    }
    case 'ApproveRequest': {
      const r = requested(state);
      if (state.status !== 'pending') throw new DomainError('conflict', NOT_WAITING);
      if (command.by === r.requestedBy) throw new DomainError('forbidden', SELF_APPROVAL);
      return [{ type: 'ApprovalGranted', data: { approvalId: r.approvalId, approvedBy: command.by } }];
    }
    case 'DeclineRequest': {
      const r = requested(state);
      if (state.status !== 'pending') throw new DomainError('conflict', NOT_WAITING);
      if (command.by === r.requestedBy) throw new DomainError('forbidden', SELF_DECLINE);
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('invalid', 'Give a reason.');
      return [{ type: 'ApprovalDeclined', data: { approvalId: r.approvalId, declinedBy: command.by, reason } }];
    }
    case 'RecordOutcome': {
      const r = requested(state);
      // Only an approved request is carried out, and only once.
      if (state.status !== 'approved')
        throw new DomainError('conflict', state.status === 'pending' ? 'This request is not approved yet.' : NOT_WAITING);
      return command.ok
        ? [{ type: 'ApprovedActionCarriedOut', data: { approvalId: r.approvalId, outcome: command.outcome } }]
        : [{ type: 'ApprovedActionFailed', data: { approvalId: r.approvalId, error: command.error } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveApproval(state: ApprovalState, event: ApprovalEvent): ApprovalState {
  switch (event.type) {
    case 'ApprovalRequested':
      return { status: 'pending', ...event.data };
    case 'ApprovalGranted':
      return state.status === 'pending' ? { ...state, status: 'approved', approvedBy: event.data.approvedBy } : state;
    case 'ApprovalDeclined':
      return state.status === 'pending'
        ? { ...state, status: 'declined', declinedBy: event.data.declinedBy, declineReason: event.data.reason }
        : state;
    case 'ApprovedActionCarriedOut':
      return state.status === 'approved' ? { ...state, status: 'carried_out', outcome: event.data.outcome } : state;
    case 'ApprovedActionFailed':
      return state.status === 'approved' ? { ...state, status: 'failed', error: event.data.error } : state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const approvalDecider: Decider<ApprovalCommand, ApprovalEvent, ApprovalState> = {
  decide: decideApproval,
  evolve: evolveApproval,
  initialState: { status: 'absent' },
};
