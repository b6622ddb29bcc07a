import type { TeamEvent } from './events';

export interface Invite {
  readonly inviteId: string;
  readonly email: string;
  readonly expiresAt: string;
  /** `refunded`: the mate's fee was refunded; the invite is dead and holds no seat. */
  readonly status: 'pending' | 'paid' | 'expired' | 'refunded';
  readonly memberId: string | null;
  readonly paymentId: string | null;
}

interface TeamFields {
  readonly teamId: string;
  readonly captainId: string;
  readonly captainEmail: string;
  readonly invites: readonly Invite[];
}

export type TeamState = { readonly status: 'none' } | ({ readonly status: 'open' | 'complete' } & TeamFields);
export type ExistingTeam = Exclude<TeamState, { status: 'none' }>;

export const initialTeamState: TeamState = { status: 'none' };

function updateInvite(state: TeamState, inviteId: string, change: Partial<Invite>): TeamState {
  if (state.status === 'none') return state;
  return { ...state, invites: state.invites.map((i) => (i.inviteId === inviteId ? { ...i, ...change } : i)) };
}

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamStarted': {
      const { teamId, captainId, captainEmail } = event.data;
      return { status: 'open', teamId, captainId, captainEmail, invites: [] };
    }
    case 'MateInvited': {
      if (state.status === 'none') return state;
      const { inviteId, email, expiresAt } = event.data;
      return { ...state, invites: [...state.invites, { inviteId, email, expiresAt, status: 'pending', memberId: null, paymentId: null }] };
    }
    case 'MatePaymentRecorded':
      return updateInvite(state, event.data.inviteId, { status: 'paid', memberId: event.data.memberId, paymentId: event.data.paymentId });
    case 'InviteExpired':
      return updateInvite(state, event.data.inviteId, { status: 'expired' });
    case 'MatePaymentRefunded':
      return updateInvite(state, event.data.inviteId, { status: 'refunded' });
    case 'TeamCompleted':
      return state.status === 'none' ? state : { ...state, status: 'complete' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Invites are compared with the command's clock: one past its expiry is dead before any InviteExpired. */
export const isPastExpiry = (invite: Invite, at: string): boolean => Date.parse(invite.expiresAt) <= Date.parse(at);

export const paidMates = (state: ExistingTeam): Invite[] => state.invites.filter((i) => i.status === 'paid');

/** Invites that still hold a seat: paid ones, and pending ones not yet past expiry. */
export const liveInvites = (state: ExistingTeam, at: string): Invite[] =>
  state.invites.filter((i) => i.status === 'paid' || (i.status === 'pending' && !isPastExpiry(i, at)));
