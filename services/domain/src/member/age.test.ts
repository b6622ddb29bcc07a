import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '@roar/platform/testing';
import { ageOn } from './age';
import { memberDecider } from './decider';

describe('ageOn (issue 22): whole years on the club day', () => {
  it('turns 18 on the birthday, not the day before', () => {
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-11-27', '2026-11-27')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('member residence facts', () => {
  const given = DeciderSpecification.for(memberDecider);
  const registered = {
    type: 'MemberRegistered' as const,
    data: { memberId: 'm1', email: 'a@example.com.au', firstname: 'A', lastname: 'B', referralCode: 'code', chosenMembershipId: null },
  };
  it('a registration carries the state and dob given', () => {
    given([])
      .when({
        type: 'RegisterMember',
        memberId: 'm1',
        email: 'a@example.com.au',
        firstname: 'A',
        lastname: 'B',
        referralCode: 'code',
        chosenTier: null,
        at: '2026-11-26T00:00:00.000Z',
        state: 'NSW',
        dob: '1990-01-01',
      })
      .then([{ ...registered, data: { ...registered.data, state: 'NSW', dob: '1990-01-01' } }]);
  });
  it('a staff correction records its reason with the change', () => {
    given([registered])
      .when({ type: 'UpdateMemberProfile', memberId: 'm1', changes: { state: 'QLD' }, correction: { reason: 'Licence seen' } })
      .then([{ type: 'MemberProfileUpdated', data: { memberId: 'm1', changes: { state: 'QLD' }, correction: { reason: 'Licence seen' } } }]);
  });
  it('a staff correction without a reason is refused', () => {
    given([registered])
      .when({ type: 'UpdateMemberProfile', memberId: 'm1', changes: { state: 'QLD' }, correction: { reason: ' ' } })
      .thenThrows('Please give a reason.');
  });
});
