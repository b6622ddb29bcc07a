import { describe, expect, it } from 'vitest';
import { entriesDecider, type EntriesCommand } from './decider';
import type { EntriesEvent } from './events';
import { DeciderSpecification } from '@roar/platform/testing';

const memberId = 'm-1';
const grant = (
  count: number,
  causationKey: string,
  source: 'initial' | 'renewal' | 'staff-adjustment' = 'initial',
  reason: string | null = null,
): EntriesCommand => ({
  type: 'GrantEntries',
  memberId,
  grantId: `g-${causationKey}`,
  source,
  count,
  membershipId: 3,
  tierCode: 'platinum',
  causationKey,
  reason,
  prizeId: null,
});

function run(commands: EntriesCommand[]): EntriesEvent[] {
  const events: EntriesEvent[] = [];
  let state = entriesDecider.initialState;
  for (const c of commands) {
    const decided = entriesDecider.decide(c, state);
    events.push(...decided);
    state = decided.reduce(entriesDecider.evolve, state);
  }
  return events;
}

const given = DeciderSpecification.for(entriesDecider);

describe('entries decider', () => {
  it('numbers tickets per member, consecutive from 1, so that grants stack', () => {
    const events = run([grant(50, 'payment:pi_1:initial'), grant(50, 'renewal:sub_1:2026-02-10')]);
    expect(events.map((e) => e.type === 'EntriesGranted' && [e.data.firstTicket, e.data.lastTicket])).toEqual([
      [1, 50],
      [51, 100],
    ]);
  });

  it('grants nothing twice for the same causation key', () => {
    const first = run([grant(50, 'payment:pi_1:initial')]);
    given(first).when(grant(50, 'payment:pi_1:initial')).thenNothingHappened();
  });

  it('refuses a grant of zero or a fraction, and a staff adjustment without a reason', () => {
    given([]).when(grant(0, 'k')).thenThrows('The number of entries must be a whole number above zero.');
    given([]).when(grant(1.5, 'k')).thenThrows('The number of entries must be a whole number above zero.');
    given([])
      .when(grant(5, 'staff:1', 'staff-adjustment', '  '))
      .thenThrows('A staff adjustment needs a reason.');
  });

  it('revokes with a reason, never below zero, and never reuses ticket numbers', () => {
    const granted = run([grant(10, 'k1')]);
    const revoke = (count: number, reason = 'duplicate grant'): EntriesCommand => ({
      type: 'RevokeEntries',
      memberId,
      revocationId: 'r-1',
      count,
      reason,
      causationKey: `staff:r${count}`,
    });
    given(granted).when(revoke(11)).thenThrows('Cannot revoke 11 entries: the member has 10.');
    given(granted).when(revoke(3, ' ')).thenThrows('A revocation needs a reason.');
    const revoked = given(granted).when(revoke(4)).events();
    expect(revoked).toEqual([
      { type: 'EntriesRevoked', data: { memberId, revocationId: 'r-1', count: 4, reason: 'duplicate grant', causationKey: 'staff:r4' } },
    ]);
    const [next] = given([...granted, ...revoked])
      .when(grant(5, 'k2'))
      .events();
    expect(next?.type === 'EntriesGranted' && next.data.firstTicket).toBe(11);
    const state = [...granted, ...revoked].reduce(entriesDecider.evolve, entriesDecider.initialState);
    expect(state.total).toBe(6);
  });
});
