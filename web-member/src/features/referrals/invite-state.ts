import { INVALID_EMAIL, isValidEmail } from '../../lib/email';

/**
 * The invite form of the referral modal (spec sections 4 and 5) as a pure state machine:
 * idle -> loading -> sent | error. 'Sent' resets to idle after 3 s; editing the email clears an
 * error or the sent state; a second submit while loading is ignored.
 */
export const SENT_RESET_MS = 3000;
export const COPIED_MS = 1500;

export type InviteState =
  { readonly status: 'idle' } | { readonly status: 'loading' } | { readonly status: 'sent' } | { readonly status: 'error'; readonly error: string };

export type InviteEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'submit'; readonly email: string }
  | { readonly type: 'succeeded' }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'sent-expired' };

export const initialInviteState: InviteState = { status: 'idle' };

export function inviteReducer(state: InviteState, event: InviteEvent): InviteState {
  switch (event.type) {
    case 'edit':
      return state.status === 'loading' ? state : initialInviteState;
    case 'submit':
      if (state.status === 'loading') return state;
      return isValidEmail(event.email) ? { status: 'loading' } : { status: 'error', error: INVALID_EMAIL };
    case 'succeeded':
      return state.status === 'loading' ? { status: 'sent' } : state;
    case 'failed':
      return state.status === 'loading' ? { status: 'error', error: event.error } : state;
    case 'sent-expired':
      return state.status === 'sent' ? initialInviteState : state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
