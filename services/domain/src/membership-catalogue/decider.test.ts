import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { membershipTierDecider } from './decider';
import { SEED_TIERS } from './seed';
import type { MembershipTierEvent } from './catalogue';

const platinum = SEED_TIERS.find((t) => t.fields.code === 'platinum')!;
const defined: MembershipTierEvent = { type: 'MembershipTierDefined', data: { membershipId: 3, status: 'published', fields: platinum.fields } };

function given(events: MembershipTierEvent[]) {
  const state = events.reduce(membershipTierDecider.evolve, membershipTierDecider.initialState);
  return { when: (command: Parameters<typeof membershipTierDecider.decide>[0]) => () => membershipTierDecider.decide(command, state) };
}

describe('membership tier decider', () => {
  it('defines a new tier', () => {
    expect(given([]).when({ type: 'DefineMembershipTier', membershipId: 3, status: 'published', fields: platinum.fields })()).toEqual([defined]);
  });

  it('refuses to define a tier twice', () => {
    expect(given([defined]).when({ type: 'DefineMembershipTier', membershipId: 3, status: 'published', fields: platinum.fields })).toThrow(DomainError);
  });

  it('records only the fields that really changed', () => {
    const events = given([defined]).when({ type: 'ReviseMembershipTier', membershipId: 3, changes: { price_cents: 3499, tier: 'Platinum' } })();
    expect(events).toEqual([{ type: 'MembershipTierRevised', data: { membershipId: 3, changes: { price_cents: 3499 } } }]);
  });

  it('decides nothing for a status it already has, and refuses an unknown tier', () => {
    expect(given([defined]).when({ type: 'ChangeMembershipTierStatus', membershipId: 3, to: 'published' })()).toEqual([]);
    expect(given([]).when({ type: 'ChangeMembershipTierStatus', membershipId: 3, to: 'archived' })).toThrow('Not found.');
  });
});
