import { z } from 'zod';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';

/**
 * "A mate can be in one open team at a time" spans many team streams, so it needs its own
 * consistency boundary: one stream per member, `team-membership-<memberId>`, holding at most one
 * seat. `handleCommand` appends at the revision it read, so two teams reserving the same member at
 * once collide on the revision; the retry folds the winner's seat and the loser gets a conflict.
 *
 * How the application uses it (a small saga, each step idempotent):
 * 1. Captain: `ReserveTeamSeat` (role captain) before `StartTeam`. Mate: `ReserveTeamSeat`
 *    (role mate) before taking the $50 through the payments port; refused → no charge.
 * 2. `RecordMatePayment` on the team stream. If the team refuses it (expired, full, ...), the
 *    application releases the seat and refunds the payment.
 * 3. On `TeamCompleted` the team is no longer open: release all four seats (reason completed).
 *    On `InviteExpired` nothing is held, because a mate reserves only when paying.
 * A crash between steps leaves a seat held for a team that does not have the member; a reactor
 * that releases seats whose team never recorded the member's payment closes that gap.
 */
const id = z.string().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
export const teamSeatRoleSchema = z.enum(['captain', 'mate']);
export const teamSeatReleaseReasonSchema = z.enum(['completed', 'payment-refused', 'abandoned', 'refunded']);

export const TeamSeatReserved = defineEvent(
  'TeamSeatReserved',
  z.object({ memberId: id, teamId: id, role: teamSeatRoleSchema, reservedAt: instant }).strict(),
);
export const TeamSeatReleased = defineEvent(
  'TeamSeatReleased',
  z.object({ memberId: id, teamId: id, reason: teamSeatReleaseReasonSchema, releasedAt: instant }).strict(),
);
export const teamSeatEvents = [TeamSeatReserved, TeamSeatReleased] as const;

export type TeamSeatReservedEvent = DomainEvent<'TeamSeatReserved', z.infer<typeof TeamSeatReserved.schema>>;
export type TeamSeatReleasedEvent = DomainEvent<'TeamSeatReleased', z.infer<typeof TeamSeatReleased.schema>>;
export type TeamSeatEvent = TeamSeatReservedEvent | TeamSeatReleasedEvent;

export type TeamSeatCommand =
  | {
      readonly type: 'ReserveTeamSeat';
      readonly memberId: string;
      readonly teamId: string;
      readonly role: z.infer<typeof teamSeatRoleSchema>;
      readonly at: string;
    }
  | {
      readonly type: 'ReleaseTeamSeat';
      readonly memberId: string;
      readonly teamId: string;
      readonly reason: z.infer<typeof teamSeatReleaseReasonSchema>;
      readonly at: string;
    };

export type TeamSeatState = { readonly status: 'free' } | { readonly status: 'held'; readonly teamId: string };

export const teamSeatStreamId = (memberId: string): string => `team-membership-${memberId}`;

export function decideTeamSeat(command: TeamSeatCommand, state: TeamSeatState): TeamSeatEvent[] {
  switch (command.type) {
    case 'ReserveTeamSeat': {
      if (state.status === 'held') {
        if (state.teamId === command.teamId) return [];
        throw new DomainError('conflict', 'You are already in an open team.');
      }
      const { memberId, teamId, role, at } = command;
      return [{ type: 'TeamSeatReserved', data: { memberId, teamId, role, reservedAt: at } }];
    }
    case 'ReleaseTeamSeat': {
      // Releasing for another team (or twice) is a no-op: a late release never frees a newer seat.
      if (state.status === 'free' || state.teamId !== command.teamId) return [];
      const { memberId, teamId, reason, at } = command;
      return [{ type: 'TeamSeatReleased', data: { memberId, teamId, reason, releasedAt: at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveTeamSeat(_state: TeamSeatState, event: TeamSeatEvent): TeamSeatState {
  switch (event.type) {
    case 'TeamSeatReserved':
      return { status: 'held', teamId: event.data.teamId };
    case 'TeamSeatReleased':
      return { status: 'free' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const teamSeatDecider: Decider<TeamSeatCommand, TeamSeatEvent, TeamSeatState> = {
  decide: decideTeamSeat,
  evolve: evolveTeamSeat,
  initialState: { status: 'free' },
};
