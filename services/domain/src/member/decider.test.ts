import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { createEventRegistry } from '../registry';
import { memberDecider, type MemberCommand } from './decider';
import type { MemberEvent } from './events';
import { seedSnapshot } from './test-fixtures';
import { DeciderSpecification } from '@roar/platform/testing';

const free = seedSnapshot('free');
const single = seedSnapshot('single-entry');
const platinum = seedSnapshot('platinum');
const legacy = seedSnapshot('platinum-member');
const memberId = 'm-1';
const at = '2026-01-10T00:00:00.000Z';

const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId, email: 'ana@example.com', firstname: 'Ana', lastname: 'Lee', referralCode: 'ANA123', chosenMembershipId: 3 },
};
const activatedPlatinum: MemberEvent = {
  type: 'MembershipActivated',
  data: {
    memberId,
    checkoutId: 'c-1',
    paymentId: 'pi_1',
    subscriptionId: 'sub_1',
    tier: platinum,
    previousMembershipId: null,
    periodStart: at,
    periodEnd: '2026-02-10T00:00:00.000Z',
    source: 'join',
  },
};

const given = DeciderSpecification.for(memberDecider);

const checkout = (tier = platinum, purpose: 'join' | 'upgrade' | 'single-entry' = 'upgrade'): MemberCommand => ({
  type: 'StartMembershipCheckout',
  memberId,
  checkoutId: 'c-2',
  purpose,
  tier,
  tierPublished: true,
  amount_cents: tier.price_cents,
  at,
});

describe('member decider', () => {
  it('registers a member on a paid plan without a membership yet, and activates a free plan at once with no end', () => {
    const base = {
      type: 'RegisterMember',
      memberId,
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'Lee',
      referralCode: 'ANA123',
      at,
    } as const;
    given([])
      .when({ ...base, chosenTier: platinum })
      .then([registered]);
    const events = given([])
      .when({ ...base, chosenTier: free })
      .events();
    expect(events.map((e) => e.type)).toEqual(['MemberRegistered', 'MembershipActivated']);
    expect(events[1]!.data).toMatchObject({ periodEnd: null, paymentId: null, source: 'join', tier: free });
    given([registered])
      .when({ ...base, chosenTier: free })
      .thenThrows('Member already registered.');
  });

  it('records only the profile fields that changed, and refuses an unknown member', () => {
    given([registered])
      .when({ type: 'UpdateMemberProfile', memberId, changes: { firstname: 'Ana', mobile: '0400000000' } })
      .then([{ type: 'MemberProfileUpdated', data: { memberId, changes: { mobile: '0400000000' } } }]);
    given([registered])
      .when({ type: 'UpdateMemberProfile', memberId, changes: { lastname: 'Lee' } })
      .thenNothingHappened();
    given([])
      .when({ type: 'UpdateMemberProfile', memberId, changes: { lastname: 'X' } })
      .thenThrows('Member not found.');
  });

  it('starts a checkout from free to platinum, with the tier snapshot', () => {
    const freeMember = given([
      registered,
      { ...activatedPlatinum, data: { ...activatedPlatinum.data, tier: free, periodEnd: null, paymentId: null, subscriptionId: null } },
    ]);
    freeMember
      .when(checkout())
      .then([{ type: 'MembershipCheckoutStarted', data: { memberId, checkoutId: 'c-2', purpose: 'upgrade', tier: platinum, amount_cents: 2999 } }]);
  });

  it('refuses an upgrade from the top tiers, to the same tier, to an unpublished or free tier', () => {
    given([registered, activatedPlatinum]).when(checkout(platinum)).thenThrows('No upgrade is offered from platinum.');
    const onLegacy: MemberEvent = { ...activatedPlatinum, data: { ...activatedPlatinum.data, tier: legacy } };
    given([registered, onLegacy]).when(checkout(platinum)).thenThrows('No upgrade is offered from platinum-member.');
    given([registered])
      .when({ ...checkout(), tierPublished: false } as MemberCommand)
      .thenThrows('Membership platinum is not available.');
    given([registered]).when(checkout(free)).thenThrows(DomainError);
    given([registered]).when(checkout(single, 'upgrade')).thenThrows('A single entry is bought, not joined or upgraded to.');
  });

  it('lets a member whose paid membership has ended join again', () => {
    const later = { ...checkout(platinum, 'join'), at: '2026-03-01T00:00:00.000Z' } as MemberCommand;
    given([registered, activatedPlatinum])
      .when(later)
      .then((events) => expect(events).toHaveLength(1));
  });

  it('starts a single-entry checkout only for a single-entry tier', () => {
    given([registered, activatedPlatinum])
      .when(checkout(single, 'single-entry'))
      .then((events) => expect(events).toHaveLength(1));
    given([registered]).when(checkout(platinum, 'single-entry')).thenThrows('Membership platinum is not a single entry.');
  });

  it('activates once per payment id: a duplicate webhook decides nothing', () => {
    const { memberId: _m, previousMembershipId: _p, ...rest } = activatedPlatinum.data;
    const activate: MemberCommand = { type: 'ActivateMembership', memberId, ...rest };
    given([registered]).when(activate).then([activatedPlatinum]);
    given([registered, activatedPlatinum]).when(activate).thenNothingHappened();
  });

  it('records the previous membership on an upgrade', () => {
    const freeActive: MemberEvent = {
      ...activatedPlatinum,
      data: { ...activatedPlatinum.data, tier: free, paymentId: null, checkoutId: null, subscriptionId: null, periodEnd: null },
    };
    const { memberId: _m, previousMembershipId: _p, ...rest } = activatedPlatinum.data;
    const [event] = given([registered, freeActive])
      .when({ type: 'ActivateMembership', memberId, ...rest, source: 'upgrade' })
      .events();
    expect(event?.data).toMatchObject({ previousMembershipId: 1, source: 'upgrade' });
  });

  it('renews the current subscription once per payment, and refuses a foreign subscription', () => {
    const renew: MemberCommand = {
      type: 'RenewMembership',
      memberId,
      subscriptionId: 'sub_1',
      paymentId: 'pi_2',
      tier: platinum,
      periodStart: '2026-02-10T00:00:00.000Z',
      periodEnd: '2026-03-10T00:00:00.000Z',
    };
    const [renewed] = given([registered, activatedPlatinum]).when(renew).events();
    expect(renewed?.type).toBe('MembershipRenewed');
    given([registered, activatedPlatinum, renewed!]).when(renew).thenNothingHappened();
    given([registered, activatedPlatinum])
      .when({ ...renew, subscriptionId: 'sub_x' } as MemberCommand)
      .thenThrows(/not this member's current subscription/);
  });

  it('cancels a paid membership at the end of its period, and nothing else', () => {
    const cancel: MemberCommand = { type: 'CancelMembership', memberId, reason: null, at };
    const [cancelled] = given([registered, activatedPlatinum]).when(cancel).events();
    expect(cancelled).toEqual({ type: 'MembershipCancelled', data: { memberId, membershipId: 3, endsAt: '2026-02-10T00:00:00.000Z', reason: null } });
    given([registered, activatedPlatinum, cancelled!]).when(cancel).thenThrows('The membership is already cancelled.');
    given([registered]).when(cancel).thenThrows('There is no paid membership to cancel.');
    const freeActive: MemberEvent = {
      ...activatedPlatinum,
      data: { ...activatedPlatinum.data, tier: free, paymentId: null, subscriptionId: null, periodEnd: null },
    };
    given([registered, freeActive]).when(cancel).thenThrows('There is no paid membership to cancel.');
  });

  it('records a failed payment against the subscription', () => {
    const events = given([registered, activatedPlatinum])
      .when({ type: 'RecordMembershipPaymentFailed', memberId, checkoutId: null, subscriptionId: 'sub_1', reason: 'card_declined' })
      .events();
    const state = [registered, activatedPlatinum, ...events].reduce(memberDecider.evolve, memberDecider.initialState);
    expect(state.status !== 'absent' && state.membership?.paymentFailed).toBe(true);
  });

  it('purchases a single entry once per payment', () => {
    const buy: MemberCommand = {
      type: 'PurchaseSingleEntry',
      memberId,
      singleEntryId: 'se-1',
      checkoutId: 'c-3',
      paymentId: 'pi_9',
      tier: single,
      prizeId: null,
      validUntil: '2026-02-09T00:00:00.000Z',
    };
    const events = given([registered]).when(buy).events();
    expect(events).toHaveLength(1);
    given([registered, ...events])
      .when(buy)
      .thenNothingHappened();
  });

  it('writes events that the registry accepts', () => {
    const registry = createEventRegistry();
    const metadata = { correlationId: 'c', causationId: null, actor: { type: 'system' as const, id: 't' }, occurredAt: at, schemaVersion: 1 };
    for (const e of [registered, activatedPlatinum]) expect(() => registry.validateNew({ id: 'x', ...e, metadata })).not.toThrow();
  });
});

describe('EraseMember (issue 24)', () => {
  const erase: MemberCommand = { type: 'EraseMember', memberId, requestedBy: 'member' };
  const erased: MemberEvent = { type: 'MemberErased', data: { memberId, requestedBy: 'member' } };

  it('records MemberErased for a present member, keeping who asked', () => {
    given([registered, activatedPlatinum]).when(erase).then([erased]);
    given([registered])
      .when({ ...erase, requestedBy: 'staff' })
      .then([{ type: 'MemberErased', data: { memberId, requestedBy: 'staff' } }]);
  });

  it('refuses an unknown member and a second erasure', () => {
    given([])
      .when(erase)
      .thenThrows((e) => e instanceof DomainError && e.code === 'not_found');
    given([registered, erased])
      .when(erase)
      .thenThrows((e) => e instanceof DomainError && e.code === 'conflict' && e.message === 'This account has already been deleted.');
  });

  it('refuses every other command on an erased account, as for a closed one', () => {
    const after = [registered, activatedPlatinum, erased];
    const commands: MemberCommand[] = [
      { type: 'UpdateMemberProfile', memberId, changes: { firstname: 'Bo' } },
      checkout(platinum, 'join'),
      { type: 'CancelMembership', memberId, reason: null, at },
      { type: 'SuspendMember', memberId, reason: 'Test reason' },
      { type: 'AddSupportNote', memberId, noteId: 'n-1', note: 'Hello' },
      { type: 'ChangeMemberEmail', memberId, email: 'new@example.com', reason: 'Test reason' },
    ];
    for (const command of commands) {
      given(after)
        .when(command)
        .thenThrows((e) => e instanceof DomainError && e.code === 'conflict' && e.message === 'This account has been deleted.');
    }
  });
});
