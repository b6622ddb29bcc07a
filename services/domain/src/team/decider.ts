import { DomainError, type Decider } from '@roar/platform';
import { normaliseEmail } from '../email-reservation';
import type { TeamEvent } from './events';
import { mateBenefits, TEAM_RULES } from './rules';
import { evolveTeam, initialTeamState, isPastExpiry, liveInvites, paidMates, type ExistingTeam, type TeamState } from './state';

export type TeamCommand =
  | {
      readonly type: 'StartTeam';
      readonly teamId: string;
      readonly captainId: string;
      readonly captainEmail: string;
      /** Read by the application from the member's membership when the command is built. */
      readonly captainIsPayingSubscriber: boolean;
      readonly at: string;
    }
  | { readonly type: 'InviteMate'; readonly inviteId: string; readonly email: string; readonly expiresAt: string; readonly at: string }
  | {
      readonly type: 'RecordMatePayment';
      readonly inviteId: string;
      readonly memberId: string;
      readonly paymentId: string;
      readonly amount_cents: number;
      readonly at: string;
    }
  | { readonly type: 'ExpireInvite'; readonly inviteId: string; readonly at: string }
  /** charge.refunded for a mate's team fee (the payment recorded by RecordMatePayment). */
  | { readonly type: 'RefundMatePayment'; readonly paymentId: string; readonly reason: string; readonly at: string };

/** A mate whose fee for this team was refunded may join other teams, not this one again. */
export const REFUNDED_MATE = 'Your team fee for this team was refunded.';

const full = (): DomainError => new DomainError('conflict', 'This team is full.');

function existing(state: TeamState): ExistingTeam {
  if (state.status === 'none') throw new DomainError('not_found', 'This team does not exist.');
  return state;
}

function inviteOf(team: ExistingTeam, inviteId: string) {
  const invite = team.invites.find((i) => i.inviteId === inviteId);
  if (!invite) throw new DomainError('not_found', 'This invite does not exist.');
  return invite;
}

export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  switch (command.type) {
    case 'StartTeam': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This team already exists.');
      if (!command.captainIsPayingSubscriber) throw new DomainError('forbidden', 'Only a paying subscriber can start a team.');
      const { teamId, captainId, at } = command;
      return [{ type: 'TeamStarted', data: { teamId, captainId, captainEmail: normaliseEmail(command.captainEmail), startedAt: at } }];
    }
    case 'InviteMate': {
      const team = existing(state);
      const email = normaliseEmail(command.email);
      const same = team.invites.find((i) => i.inviteId === command.inviteId);
      if (same) {
        if (same.email === email) return [];
        throw new DomainError('conflict', 'This invite already exists.');
      }
      if (team.status === 'complete') throw full();
      if (email === team.captainEmail) throw new DomainError('invalid', 'You cannot invite yourself.');
      const live = liveInvites(team, command.at);
      // An expired invite frees its email and its seat; a live one holds both.
      if (live.some((i) => i.email === email)) throw new DomainError('conflict', 'This email has already been invited to this team.');
      if (live.length >= TEAM_RULES.matesPerTeam) throw full();
      if (Date.parse(command.expiresAt) <= Date.parse(command.at)) throw new DomainError('invalid', 'An invite must expire after it is sent.');
      return [
        {
          type: 'MateInvited',
          data: {
            teamId: team.teamId,
            inviteId: command.inviteId,
            email,
            expiresAt: command.expiresAt,
            invitedAt: command.at,
            captainId: team.captainId,
          },
        },
      ];
    }
    case 'RecordMatePayment':
      return decideMatePayment(command, existing(state));
    case 'ExpireInvite': {
      const team = existing(state);
      const invite = inviteOf(team, command.inviteId);
      if (invite.status !== 'pending') return [];
      if (!isPastExpiry(invite, command.at)) throw new DomainError('invalid', 'This invite has not expired yet.');
      return [
        {
          type: 'InviteExpired',
          data: { teamId: team.teamId, inviteId: invite.inviteId, email: invite.email, expiredAt: command.at, captainId: team.captainId },
        },
      ];
    }
    case 'RefundMatePayment': {
      const team = existing(state);
      const invite = team.invites.find((i) => i.paymentId === command.paymentId && (i.status === 'paid' || i.status === 'refunded'));
      if (!invite || !invite.memberId) throw new DomainError('not_found', 'This payment is not a team fee of this team.');
      // The same refund replayed (webhook retry) is a no-op.
      if (invite.status === 'refunded') return [];
      const reason = command.reason.trim() || 'refunded';
      return [
        {
          type: 'MatePaymentRefunded',
          data: {
            teamId: team.teamId,
            inviteId: invite.inviteId,
            memberId: invite.memberId,
            paymentId: command.paymentId,
            reason: reason.slice(0, 1000),
            leftTeam: team.status === 'open',
            refundedAt: command.at,
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

function decideMatePayment(command: Extract<TeamCommand, { type: 'RecordMatePayment' }>, team: ExistingTeam): TeamEvent[] {
  const invite = inviteOf(team, command.inviteId);
  if (invite.status === 'paid') {
    // The same payment replayed (webhook, retry) is a no-op; a second payment is refused.
    if (invite.paymentId === command.paymentId) return [];
    throw new DomainError('conflict', 'This invite has already been paid.');
  }
  // A refunded invite is dead: the captain invites again.
  if (invite.status === 'refunded') throw new DomainError('conflict', 'This invite has expired.');
  const mates = paidMates(team);
  if (team.status === 'complete' || mates.length >= TEAM_RULES.matesPerTeam) throw full();
  if (invite.status === 'expired' || isPastExpiry(invite, command.at)) throw new DomainError('conflict', 'This invite has expired.');
  if (command.amount_cents !== TEAM_RULES.mateFeeCents) throw new DomainError('invalid', 'The team fee is $50.');
  if (command.memberId === team.captainId) throw new DomainError('forbidden', 'You cannot join your own team.');
  if (mates.some((m) => m.memberId === command.memberId)) throw new DomainError('conflict', 'You are already in this team.');
  // Their team grant is keyed per team and member, so a refunded mate cannot buy back into the same team.
  if (team.invites.some((i) => i.status === 'refunded' && i.memberId === command.memberId)) throw new DomainError('conflict', REFUNDED_MATE);

  const paid: TeamEvent = {
    type: 'MatePaymentRecorded',
    data: {
      teamId: team.teamId,
      inviteId: invite.inviteId,
      memberId: command.memberId,
      paymentId: command.paymentId,
      amount_cents: TEAM_RULES.mateFeeCents,
      benefits: { ...mateBenefits },
      paidAt: command.at,
    },
  };
  const mateIds = [...mates.flatMap((m) => (m.memberId ? [m.memberId] : [])), command.memberId];
  if (mateIds.length < TEAM_RULES.matesPerTeam) return [paid];
  // The fourth member is in: completion is decided here, never by a separate request.
  const completed: TeamEvent = {
    type: 'TeamCompleted',
    data: {
      teamId: team.teamId,
      captainId: team.captainId,
      mateIds,
      memberIds: [team.captainId, ...mateIds],
      benefits: { ...mateBenefits, inviterBonusEntries: TEAM_RULES.inviterBonusEntries },
      completedAt: command.at,
    },
  };
  return [paid, completed];
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  decide: decideTeam,
  evolve: evolveTeam,
  initialState: initialTeamState,
};
