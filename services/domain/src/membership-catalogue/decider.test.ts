import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { membershipTierDecider } from './decider';
import { SEED_TIERS } from './seed';
import type { MembershipTierEvent } from './catalogue';
import { DeciderSpecification } from '@roar/platform/testing';

const platinum = SEED_TIERS.find((t) => t.fields.code === 'platinum')!;
const defined: MembershipTierEvent = { type: 'MembershipTierDefined', data: { membershipId: 3, status: 'published', fields: platinum.fields } };

const given = DeciderSpecification.for(membershipTierDecider);

describe('membership tier decider', () => {
  it('defines a new tier', () => {
    given([]).when({ type: 'DefineMembershipTier', membershipId: 3, status: 'published', fields: platinum.fields }).then([defined]);
  });

  it('refuses to define a tier twice', () => {
    given([defined]).when({ type: 'DefineMembershipTier', membershipId: 3, status: 'published', fields: platinum.fields }).thenThrows(DomainError);
  });

  it('records only the fields that really changed', () => {
    const events = given([defined])
      .when({ type: 'ReviseMembershipTier', membershipId: 3, changes: { price_cents: 3499, tier: 'Platinum' } })
      .events();
    expect(events).toEqual([{ type: 'MembershipTierRevised', data: { membershipId: 3, changes: { price_cents: 3499 } } }]);
  });

  it('decides nothing for a status it already has, and refuses an unknown tier', () => {
    given([defined]).when({ type: 'ChangeMembershipTierStatus', membershipId: 3, to: 'published' }).thenNothingHappened();
    given([]).when({ type: 'ChangeMembershipTierStatus', membershipId: 3, to: 'archived' }).thenThrows('Not found.');
  });
});
