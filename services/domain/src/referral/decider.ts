import { DomainError, type Decider } from '@roar/platform';
import type { ReferralEvent } from './events';

interface Parties {
  readonly refereeId: string;
  readonly referrerId: string;
  readonly referralCode: string;
}

export type ReferralState =
  | { readonly status: 'none' }
  | ({ readonly status: 'recorded' } & Parties)
  | ({ readonly status: 'bonus-granted'; readonly paymentId: string } & Parties)
  | ({ readonly status: 'voided'; readonly bonusWasGranted: boolean } & Parties);

export const initialReferralState: ReferralState = { status: 'none' };

export type ReferralCommand =
  | { readonly type: 'RecordReferral'; readonly refereeId: string; readonly referrerId: string; readonly referralCode: string; readonly at: string }
  | {
      readonly type: 'GrantReferralBonus';
      readonly paymentId: string;
      /** What the referee paid at sign-up: a free sign-up earns nobody a bonus. */
      readonly amount_cents: number;
      /** From the tier snapshot of the paid sign-up, not from today's catalogue. */
      readonly referrerEntries: number;
      readonly refereeEntries: number;
      readonly tierCode: string;
      readonly at: string;
    }
  | { readonly type: 'VoidReferral'; readonly reason: string; readonly at: string };

export function evolveReferral(state: ReferralState, event: ReferralEvent): ReferralState {
  switch (event.type) {
    case 'ReferralRecorded': {
      const { refereeId, referrerId, referralCode } = event.data;
      return { status: 'recorded', refereeId, referrerId, referralCode };
    }
    case 'ReferralBonusGranted':
      return state.status === 'none' ? state : { ...partiesOf(state), status: 'bonus-granted', paymentId: event.data.paymentId };
    case 'ReferralVoided':
      return state.status === 'none' ? state : { ...partiesOf(state), status: 'voided', bonusWasGranted: event.data.bonusWasGranted };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function partiesOf(state: Exclude<ReferralState, { status: 'none' }>): Parties {
  return { refereeId: state.refereeId, referrerId: state.referrerId, referralCode: state.referralCode };
}

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

export function decideReferral(command: ReferralCommand, state: ReferralState): ReferralEvent[] {
  switch (command.type) {
    case 'RecordReferral': {
      if (command.refereeId === command.referrerId) throw new DomainError('forbidden', 'You cannot refer yourself.');
      if (state.status !== 'none') {
        // A retried sign-up with the same code is the same referral; anyone else comes second.
        if (state.referrerId === command.referrerId) return [];
        throw new DomainError('conflict', 'This member has already been referred.');
      }
      const { refereeId, referrerId, referralCode, at } = command;
      return [{ type: 'ReferralRecorded', data: { refereeId, referrerId, referralCode, recordedAt: at } }];
    }
    case 'GrantReferralBonus': {
      if (state.status === 'none') throw new DomainError('not_found', 'This member was not referred.');
      // Once only; and a voided referral (refund, failed payment) never grants anything later.
      if (state.status !== 'recorded') return [];
      if (!command.paymentId.trim() || command.amount_cents <= 0) throw new DomainError('invalid', 'A referral bonus needs a paid sign-up.');
      if (!isCount(command.referrerEntries) || !isCount(command.refereeEntries)) {
        throw new DomainError('invalid', 'Bonus entries must be a whole number of zero or more.');
      }
      const { paymentId, tierCode, referrerEntries, refereeEntries, at } = command;
      return [
        {
          type: 'ReferralBonusGranted',
          data: { refereeId: state.refereeId, referrerId: state.referrerId, paymentId, tierCode, referrerEntries, refereeEntries, grantedAt: at },
        },
      ];
    }
    case 'VoidReferral': {
      if (state.status === 'none') throw new DomainError('not_found', 'This member was not referred.');
      if (state.status === 'voided') return [];
      if (!command.reason.trim()) throw new DomainError('invalid', 'Voiding a referral needs a reason.');
      return [
        {
          type: 'ReferralVoided',
          data: {
            refereeId: state.refereeId,
            referrerId: state.referrerId,
            reason: command.reason.trim(),
            bonusWasGranted: state.status === 'bonus-granted',
            voidedAt: command.at,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const referralDecider: Decider<ReferralCommand, ReferralEvent, ReferralState> = {
  decide: decideReferral,
  evolve: evolveReferral,
  initialState: initialReferralState,
};
