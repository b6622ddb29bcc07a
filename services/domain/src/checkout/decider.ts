import { DomainError, type Decider } from '@roar/platform';
import type { Card, CheckoutCreatedEvent, CheckoutEvent } from './events';

export type CheckoutState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'pending' | 'completed' | 'failed' | 'expired';
      readonly created: CheckoutCreatedEvent['data'];
      readonly paymentId: string | null;
      readonly subscriptionId: string | null;
      readonly failures: number;
    };

export const initialCheckoutState: CheckoutState = { status: 'absent' };

export type CheckoutCommand =
  | ({ readonly type: 'CreateCheckout' } & CheckoutCreatedEvent['data'])
  | {
      readonly type: 'CompleteCheckout';
      readonly checkoutId: string;
      readonly paymentId: string;
      readonly subscriptionId: string | null;
      readonly card: Card | null;
      readonly amount_cents: number;
    }
  | { readonly type: 'FailCheckout'; readonly checkoutId: string; readonly reason: string }
  | { readonly type: 'ExpireCheckout'; readonly checkoutId: string };

export function evolveCheckout(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  if (event.type === 'CheckoutCreated') return { status: 'pending', created: event.data, paymentId: null, subscriptionId: null, failures: 0 };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'CheckoutCompleted':
      return { ...state, status: 'completed', paymentId: event.data.paymentId, subscriptionId: event.data.subscriptionId };
    case 'CheckoutFailed':
      return { ...state, status: 'failed', failures: state.failures + 1 };
    case 'CheckoutExpired':
      return { ...state, status: 'expired' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideCheckout(command: CheckoutCommand, state: CheckoutState): CheckoutEvent[] {
  if (command.type === 'CreateCheckout') {
    if (state.status !== 'absent') throw new DomainError('conflict', `Checkout ${command.checkoutId} already exists.`);
    const { type: _type, ...data } = command;
    return [{ type: 'CheckoutCreated', data }];
  }
  if (state.status === 'absent') throw new DomainError('not_found', 'Checkout not found.');
  switch (command.type) {
    case 'CompleteCheckout': {
      if (state.status === 'completed') {
        // The same payment reported twice (webhook retry) changes nothing; another one is a fault.
        if (state.paymentId === command.paymentId) return [];
        throw new DomainError('conflict', `Checkout ${command.checkoutId} is already paid by ${state.paymentId ?? 'another payment'}.`);
      }
      if (state.status === 'expired') throw new DomainError('conflict', `Checkout ${command.checkoutId} has expired.`);
      const { type: _type, ...data } = command;
      return [{ type: 'CheckoutCompleted', data }];
    }
    case 'FailCheckout':
      // A decline after success or expiry does not undo them; a declined card may be retried.
      if (state.status === 'completed' || state.status === 'expired') return [];
      return [{ type: 'CheckoutFailed', data: { checkoutId: command.checkoutId, reason: command.reason } }];
    case 'ExpireCheckout':
      if (state.status === 'completed' || state.status === 'expired') return [];
      return [{ type: 'CheckoutExpired', data: { checkoutId: command.checkoutId } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const checkoutDecider: Decider<CheckoutCommand, CheckoutEvent, CheckoutState> = {
  decide: decideCheckout,
  evolve: evolveCheckout,
  initialState: initialCheckoutState,
};
