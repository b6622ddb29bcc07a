import { describe, expect, it } from 'vitest';
import { inviteError, isPayingSubscriber, joinedCount, memberStatusLabel, teamView } from './team-flow';
import type { Team } from './api';
import { membershipSchema, userSchema } from '../../types/api';

const team = (overrides: Partial<Team> = {}): Team => ({
  id: 't1',
  status: 'open',
  role: 'captain',
  captain: { firstname: 'Cap', lastname: 'Tain' },
  members: [
    { name: 'Cap T.', email: 'cap@example.com', status: 'captain', invite_id: null, expires_at: null },
    { name: null, email: 'mate1@example.com', status: 'pending', invite_id: 'i1', expires_at: '2026-12-01T00:00:00Z' },
    { name: 'Mate T.', email: 'mate2@example.com', status: 'paid', invite_id: 'i2', expires_at: null },
    { name: null, email: 'old@example.com', status: 'expired', invite_id: 'i3', expires_at: '2026-11-01T00:00:00Z' },
  ],
  seats_left: 1,
  completed_at: null,
  benefits: { mate_entries: 30, merchandise_discount_percent: 20, benefit_months: 1, inviter_bonus_entries: 40, fee: 50 },
  ...overrides,
});
const base = { loggedIn: true, inviteId: null, paid: false, team: { status: 'loaded' as const, team: null }, payingSubscriber: true };

describe('what /team-prizes shows', () => {
  it('shows the invite to anyone who opens an invite link, and the confirmation once paid', () => {
    expect(teamView({ ...base, loggedIn: false, inviteId: 'i1' })).toEqual({ kind: 'invite', inviteId: 'i1' });
    expect(teamView({ ...base, inviteId: 'i1', team: { status: 'loaded', team: team() } })).toEqual({ kind: 'invite', inviteId: 'i1' });
    expect(teamView({ ...base, inviteId: 'i1', paid: true })).toEqual({ kind: 'paid', inviteId: 'i1' });
    expect(teamView({ ...base, loggedIn: false, inviteId: '  ' })).toEqual({ kind: 'signed-out' });
  });
  it('offers Join Now / Login when signed out', () => {
    expect(teamView({ ...base, loggedIn: false })).toEqual({ kind: 'signed-out' });
  });
  it('offers Start a team only to a paying subscriber without a team', () => {
    expect(teamView(base)).toEqual({ kind: 'start' });
    expect(teamView({ ...base, payingSubscriber: false })).toEqual({ kind: 'not-subscriber' });
  });
  it('gives the captain of an open team the invite console, everyone else the team', () => {
    expect(teamView({ ...base, team: { status: 'loaded', team: team() } }).kind).toBe('captain');
    expect(teamView({ ...base, team: { status: 'loaded', team: team({ role: 'mate' }) } }).kind).toBe('member');
    expect(teamView({ ...base, team: { status: 'loaded', team: team({ status: 'complete', seats_left: 0 }) } }).kind).toBe('member');
  });
  it('waits for the team and shows its error', () => {
    expect(teamView({ ...base, team: { status: 'loading' } })).toEqual({ kind: 'loading' });
    expect(teamView({ ...base, team: { status: 'error', error: 'Something went wrong. Try again' } })).toEqual({
      kind: 'error',
      error: 'Something went wrong. Try again',
    });
  });
});

describe('the captain invite form', () => {
  it('checks the email pattern, own email, duplicates and a free seat', () => {
    expect(inviteError('', team(), 'cap@example.com')).toBe('Please enter a valid email');
    expect(inviteError('mate@example', team(), 'cap@example.com')).toBe('Please enter a valid email');
    expect(inviteError('CAP@example.com', team(), 'cap@example.com')).toBe('You cannot invite yourself.');
    expect(inviteError('mate1@example.com', team(), 'cap@example.com')).toBe('This email has already been invited to this team.');
    expect(inviteError('old@example.com', team(), 'cap@example.com')).toBeNull();
    expect(inviteError('new@example.com', team({ seats_left: 0 }), 'cap@example.com')).toBe('This team is full.');
    expect(inviteError('new@example.com', team(), 'cap@example.com')).toBeNull();
  });
});

describe('team summaries', () => {
  it('counts the captain and paid mates as joined, and labels statuses', () => {
    expect(joinedCount(team())).toBe(2);
    expect(memberStatusLabel('paid')).toBe('Joined');
    expect(memberStatusLabel('pending')).toBe('Pending');
    expect(memberStatusLabel('expired')).toBe('Expired');
  });
  it('calls only a current, paid monthly membership a paying subscriber', () => {
    const user = userSchema.parse({ id: 'u', email: 'a@b.co', membership_id: 3 });
    const monthly = membershipSchema.parse({ id: 3, status: 'published', code: 'platinum', type: 'monthly-subscription', price: 29.99 });
    const single = membershipSchema.parse({ id: 2, status: 'published', code: 'single-entry', type: 'single-entry', price: 20 });
    const now = new Date('2026-11-21T00:00:00Z');
    expect(isPayingSubscriber(user, monthly, now)).toBe(true);
    expect(isPayingSubscriber(user, single, now)).toBe(false);
    expect(isPayingSubscriber(user, undefined, now)).toBe(false);
    expect(isPayingSubscriber({ ...user, membership_end_date: '2026-11-01T00:00:00Z' }, monthly, now)).toBe(false);
  });
});
