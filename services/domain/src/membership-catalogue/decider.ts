import { DomainError, type Decider } from '@roar/platform';
import {
  evolveTier,
  initialTierState,
  type MembershipStatus,
  type MembershipTierEvent,
  type MembershipTierState,
  type TierFields,
} from './catalogue';

export type MembershipTierCommand =
  | { readonly type: 'DefineMembershipTier'; readonly membershipId: number; readonly status: MembershipStatus; readonly fields: TierFields }
  | { readonly type: 'ReviseMembershipTier'; readonly membershipId: number; readonly changes: Partial<TierFields> }
  | { readonly type: 'ChangeMembershipTierStatus'; readonly membershipId: number; readonly to: MembershipStatus };

export function decideTier(command: MembershipTierCommand, state: MembershipTierState): MembershipTierEvent[] {
  switch (command.type) {
    case 'DefineMembershipTier':
      if (state.status !== 'absent') throw new DomainError('conflict', `Membership ${command.membershipId} already exists.`);
      return [{ type: 'MembershipTierDefined', data: { membershipId: command.membershipId, status: command.status, fields: command.fields } }];
    case 'ReviseMembershipTier': {
      if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([key, value]) => JSON.stringify(state.fields[key as keyof TierFields]) !== JSON.stringify(value)),
      ) as Partial<TierFields>;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'MembershipTierRevised', data: { membershipId: command.membershipId, changes } }];
    }
    case 'ChangeMembershipTierStatus':
      if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
      if (state.status === command.to) return [];
      return [{ type: 'MembershipTierStatusChanged', data: { membershipId: command.membershipId, from: state.status, to: command.to } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const membershipTierDecider: Decider<MembershipTierCommand, MembershipTierEvent, MembershipTierState> = {
  decide: decideTier,
  evolve: evolveTier,
  initialState: initialTierState,
};
