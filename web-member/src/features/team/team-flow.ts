import { INVALID_EMAIL, isValidEmail } from '../../lib/email';
import { isFreeMembership, isMembershipCurrent } from '../../lib/access';
import type { Membership, User } from '../../types/api';
import type { Team, TeamMember } from './api';

/** Spec sections 1 and 9: the team draw's constants, as the copy states them. */
export const TEAM_TERMS = { mates: 3, fee: 50, mateEntries: 30, merchandiseDiscountPercent: 20, benefitMonths: 1, inviterBonusEntries: 40 } as const;

export type TeamView =
  | { kind: 'signed-out' }
  | { kind: 'invite'; inviteId: string }
  | { kind: 'paid'; inviteId: string }
  | { kind: 'loading' }
  | { kind: 'error'; error: string }
  | { kind: 'start' }
  | { kind: 'not-subscriber' }
  | { kind: 'captain'; team: Team }
  | { kind: 'member'; team: Team };

export type TeamLoad = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; team: Team | null };

/** A paying subscriber: a current, paid monthly membership (the server has the last word). */
export const isPayingSubscriber = (user: User, membership: Membership | undefined, now: Date): boolean =>
  !isFreeMembership(membership) && membership?.type === 'monthly-subscription' && isMembershipCurrent(user, now);

/**
 * What /team-prizes shows under its copy. An invite link (`?invite=`) wins, so a mate (signed in
 * or not) always sees the invite they were sent; back from paying (`&paid=1`) they see the
 * confirmation. Otherwise: signed out, start a team, the captain's console, or the team.
 */
export function teamView(input: { loggedIn: boolean; inviteId: string | null; paid: boolean; team: TeamLoad; payingSubscriber: boolean }): TeamView {
  const inviteId = input.inviteId?.trim() || null;
  if (inviteId && input.paid) return { kind: 'paid', inviteId };
  if (inviteId) return { kind: 'invite', inviteId };
  if (!input.loggedIn) return { kind: 'signed-out' };
  if (input.team.status === 'loading') return { kind: 'loading' };
  if (input.team.status === 'error') return { kind: 'error', error: input.team.error };
  const team = input.team.team;
  if (!team) return input.payingSubscriber ? { kind: 'start' } : { kind: 'not-subscriber' };
  return team.role === 'captain' && team.status === 'open' ? { kind: 'captain', team } : { kind: 'member', team };
}

const STATUS_LABELS: Record<TeamMember['status'], string> = { captain: 'Captain', paid: 'Joined', pending: 'Pending', expired: 'Expired' };
export const memberStatusLabel = (status: TeamMember['status']): string => STATUS_LABELS[status];

/** Members who are in: the captain and every mate who has paid. */
export const joinedCount = (team: Team): number => team.members.filter((m) => m.status === 'captain' || m.status === 'paid').length;

/**
 * The captain's invite form checks what it can before calling the server (which checks it all
 * again): the spec's email pattern, a free seat, not the captain's own email, not invited twice.
 */
export function inviteError(email: string, team: Team, ownEmail: string | null): string | null {
  if (!isValidEmail(email)) return INVALID_EMAIL;
  const wanted = email.trim().toLowerCase();
  if (ownEmail && wanted === ownEmail.trim().toLowerCase()) return 'You cannot invite yourself.';
  if (team.members.some((m) => m.status !== 'expired' && m.status !== 'captain' && m.email.toLowerCase() === wanted))
    return 'This email has already been invited to this team.';
  if (team.seats_left <= 0) return 'This team is full.';
  return null;
}
