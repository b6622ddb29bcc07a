import { DomainError, type Decider } from '@roar/platform';
import type { SupportEvent, SupportRequestSubmittedEvent } from './events';

export type SupportRequestStatus = 'open' | 'answered' | 'closed';

export type SupportRequestState =
  | { readonly status: 'absent' }
  | { readonly status: SupportRequestStatus; readonly request: SupportRequestSubmittedEvent['data']; readonly replies: number };

export type SupportCommand =
  | ({ readonly type: 'SubmitSupportRequest' } & SupportRequestSubmittedEvent['data'])
  | { readonly type: 'AnswerSupportRequest'; readonly requestId: string; readonly replyId: string; readonly body: string; readonly at: string }
  | { readonly type: 'CloseSupportRequest'; readonly requestId: string; readonly at: string }
  | { readonly type: 'ReopenSupportRequest'; readonly requestId: string; readonly at: string };

export const initialSupportRequestState: SupportRequestState = { status: 'absent' };

export function evolveSupportRequest(state: SupportRequestState, event: SupportEvent): SupportRequestState {
  if (event.type === 'SupportRequestSubmitted') return { status: 'open', request: event.data, replies: 0 };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'SupportRequestAnswered':
      return { ...state, status: 'answered', replies: state.replies + 1 };
    case 'SupportRequestClosed':
      return { ...state, status: 'closed' };
    case 'SupportRequestReopened':
      return { ...state, status: state.replies > 0 ? 'answered' : 'open' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideSupportRequest(command: SupportCommand, state: SupportRequestState): SupportEvent[] {
  if (command.type === 'SubmitSupportRequest') {
    // The same request sent twice (a retry) records it once.
    if (state.status !== 'absent') return [];
    const { type: _type, ...data } = command;
    return [{ type: 'SupportRequestSubmitted', data }];
  }
  if (state.status === 'absent') throw new DomainError('not_found', 'This support request does not exist.');
  switch (command.type) {
    case 'AnswerSupportRequest': {
      if (state.status === 'closed') throw new DomainError('conflict', 'This request is closed: reopen it to answer.');
      const body = command.body.trim();
      if (body.length < 2) throw new DomainError('invalid', 'Write the answer to send.');
      return [
        {
          type: 'SupportRequestAnswered',
          data: {
            requestId: command.requestId,
            replyId: command.replyId,
            to: state.request.email,
            body,
            answeredAt: command.at,
            memberId: state.request.memberId,
          },
        },
      ];
    }
    case 'CloseSupportRequest':
      if (state.status === 'closed') return [];
      return [{ type: 'SupportRequestClosed', data: { requestId: command.requestId, closedAt: command.at } }];
    case 'ReopenSupportRequest':
      if (state.status !== 'closed') return [];
      return [{ type: 'SupportRequestReopened', data: { requestId: command.requestId, reopenedAt: command.at } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const supportRequestDecider: Decider<SupportCommand, SupportEvent, SupportRequestState> = {
  decide: decideSupportRequest,
  evolve: evolveSupportRequest,
  initialState: initialSupportRequestState,
};
