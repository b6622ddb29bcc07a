import { DomainError, type Decider } from '@roar/platform';
import type { EntriesEvent, EntrySource } from './events';

export interface EntriesState {
  /** Highest ticket number issued so far; revocations never give numbers back. */
  readonly lastTicket: number;
  readonly total: number;
  readonly causationKeys: readonly string[];
}

export const initialEntriesState: EntriesState = { lastTicket: 0, total: 0, causationKeys: [] };

export type EntriesCommand =
  | {
      readonly type: 'GrantEntries';
      readonly memberId: string;
      readonly grantId: string;
      readonly source: EntrySource;
      readonly count: number;
      readonly membershipId: number | null;
      readonly tierCode: string | null;
      readonly causationKey: string;
      readonly reason: string | null;
      readonly prizeId: string | null;
    }
  | {
      readonly type: 'RevokeEntries';
      readonly memberId: string;
      readonly revocationId: string;
      readonly count: number;
      readonly reason: string;
      readonly causationKey: string;
    };

export function evolveEntries(state: EntriesState, event: EntriesEvent): EntriesState {
  switch (event.type) {
    case 'EntriesGranted':
      return {
        lastTicket: Math.max(state.lastTicket, event.data.lastTicket),
        total: state.total + event.data.count,
        causationKeys: [...state.causationKeys, event.data.causationKey],
      };
    case 'EntriesRevoked':
      return { ...state, total: Math.max(0, state.total - event.data.count), causationKeys: [...state.causationKeys, event.data.causationKey] };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideEntries(command: EntriesCommand, state: EntriesState): EntriesEvent[] {
  // The same cause (payment, renewal period, staff action) never counts twice.
  if (state.causationKeys.includes(command.causationKey)) return [];
  if (!Number.isInteger(command.count) || command.count <= 0)
    throw new DomainError('invalid', 'The number of entries must be a whole number above zero.');
  switch (command.type) {
    case 'GrantEntries': {
      if (command.source === 'staff-adjustment' && !command.reason?.trim()) throw new DomainError('invalid', 'A staff adjustment needs a reason.');
      const { type: _type, ...data } = command;
      const firstTicket = state.lastTicket + 1;
      return [{ type: 'EntriesGranted', data: { ...data, firstTicket, lastTicket: firstTicket + command.count - 1 } }];
    }
    case 'RevokeEntries': {
      if (!command.reason.trim()) throw new DomainError('invalid', 'A revocation needs a reason.');
      if (command.count > state.total) {
        throw new DomainError('invalid', `Cannot revoke ${command.count} entries: the member has ${state.total}.`);
      }
      const { type: _type, ...data } = command;
      return [{ type: 'EntriesRevoked', data: { ...data, reason: command.reason.trim() } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const entriesDecider: Decider<EntriesCommand, EntriesEvent, EntriesState> = {
  decide: decideEntries,
  evolve: evolveEntries,
  initialState: initialEntriesState,
};
