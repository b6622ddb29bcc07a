import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { createEventRegistry } from '../registry';
import { memberDecider, type MemberCommand } from './decider';
import type { MemberEvent } from './events';
import { seedSnapshot } from './test-fixtures';

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

function given(events: MemberEvent[]) {
  const state = events.reduce(memberDecider.evolve, memberDecider.initialState);
  return { when: (command: MemberCommand) => () => memberDecider.decide(command, state) };
}

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
    const base = { type: 'RegisterMember', memberId, email: 'ana@example.com', firstname: 'Ana', lastname: 'Lee', referralCode: 'ANA123', at } as const;
    expect(given([]).when({ ...base, chosenTier: platinum })()).toEqual([registered]);
    const events = given([]).when({ ...base, chosenTier: free })();
    expect(events.map((e) => e.type)).toEqual(['MemberRegistered', 'MembershipActivated']);
    expect(events[1]!.data).toMatchObject({ periodEnd: null, paymentId: null, source: 'join', tier: free });
    expect(given([registered]).when({ ...base, chosenTier: free })).toThrow('Member already registered.');
  });

  it('records only the profile fields that changed, and refuses an unknown member', () => {
    expect(given([registered]).when({ type: 'UpdateMemberProfile', memberId, changes: { firstname: 'Ana', mobile: '0400000000' } })()).toEqual([
      { type: 'MemberProfileUpdated', data: { memberId, changes: { mobile: '0400000000' } } },
    ]);
    expect(given([registered]).when({ type: 'UpdateMemberProfile', memberId, changes: { lastname: 'Lee' } })()).toEqual([]);
    expect(given([]).when({ type: 'UpdateMemberProfile', memberId, changes: { lastname: 'X' } })).toThrow('Member not found.');
  });

  it('starts a checkout from free to platinum, with the tier snapshot', () => {
    const freeMember = given([registered, { ...activatedPlatinum, data: { ...activatedPlatinum.data, tier: free, periodEnd: null, paymentId: null, subscriptionId: null } }]);
    expect(freeMember.when(checkout())()).toEqual([
      { type: 'MembershipCheckoutStarted', data: { memberId, checkoutId: 'c-2', purpose: 'upgrade', tier: platinum, amount_cents: 2999 } },
    ]);
  });

  it('refuses an upgrade from the top tiers, to the same tier, to an unpublished or free tier', () => {
    expect(given([registered, activatedPlatinum]).when(checkout(platinum))).toThrow('No upgrade is offered from platinum.');
    const onLegacy: MemberEvent = { ...activatedPlatinum, data: { ...activatedPlatinum.data, tier: legacy } };
    expect(given([registered, onLegacy]).when(checkout(platinum))).toThrow('No upgrade is offered from platinum-member.');
    expect(given([registered]).when({ ...checkout(), tierPublished: false } as MemberCommand)).toThrow('Membership platinum is not available.');
    expect(given([registered]).when(checkout(free))).toThrow(DomainError);
    expect(given([registered]).when(checkout(single, 'upgrade'))).toThrow('A single entry is bought, not joined or upgraded to.');
  });

  it('lets a member whose paid membership has ended join again', () => {
    const later = { ...checkout(platinum, 'join'), at: '2026-03-01T00:00:00.000Z' } as MemberCommand;
    expect(given([registered, activatedPlatinum]).when(later)()).toHaveLength(1);
  });

  it('starts a single-entry checkout only for a single-entry tier', () => {
    expect(given([registered, activatedPlatinum]).when(checkout(single, 'single-entry'))()).toHaveLength(1);
    expect(given([registered]).when(checkout(platinum, 'single-entry'))).toThrow('Membership platinum is not a single entry.');
  });

  it('activates once per payment id: a duplicate webhook decides nothing', () => {
    const { memberId: _m, previousMembershipId: _p, ...rest } = activatedPlatinum.data;
    const activate: MemberCommand = { type: 'ActivateMembership', memberId, ...rest };
    expect(given([registered]).when(activate)()).toEqual([activatedPlatinum]);
    expect(given([registered, activatedPlatinum]).when(activate)()).toEqual([]);
  });

  it('records the previous membership on an upgrade', () => {
    const freeActive: MemberEvent = { ...activatedPlatinum, data: { ...activatedPlatinum.data, tier: free, paymentId: null, checkoutId: null, subscriptionId: null, periodEnd: null } };
    const { memberId: _m, previousMembershipId: _p, ...rest } = activatedPlatinum.data;
    const [event] = given([registered, freeActive]).when({ type: 'ActivateMembership', memberId, ...rest, source: 'upgrade' })();
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
    const [renewed] = given([registered, activatedPlatinum]).when(renew)();
    expect(renewed?.type).toBe('MembershipRenewed');
    expect(given([registered, activatedPlatinum, renewed!]).when(renew)()).toEqual([]);
    expect(given([registered, activatedPlatinum]).when({ ...renew, subscriptionId: 'sub_x' } as MemberCommand)).toThrow(/not this member's current subscription/);
  });

  it('cancels a paid membership at the end of its period, and nothing else', () => {
    const cancel: MemberCommand = { type: 'CancelMembership', memberId, reason: null, at };
    const [cancelled] = given([registered, activatedPlatinum]).when(cancel)();
    expect(cancelled).toEqual({ type: 'MembershipCancelled', data: { memberId, membershipId: 3, endsAt: '2026-02-10T00:00:00.000Z', reason: null } });
    expect(given([registered, activatedPlatinum, cancelled!]).when(cancel)).toThrow('The membership is already cancelled.');
    expect(given([registered]).when(cancel)).toThrow('There is no paid membership to cancel.');
    const freeActive: MemberEvent = { ...activatedPlatinum, data: { ...activatedPlatinum.data, tier: free, paymentId: null, subscriptionId: null, periodEnd: null } };
    expect(given([registered, freeActive]).when(cancel)).toThrow('There is no paid membership to cancel.');
  });

  it('records a failed payment against the subscription', () => {
    const events = given([registered, activatedPlatinum]).when({ type: 'RecordMembershipPaymentFailed', memberId, checkoutId: null, subscriptionId: 'sub_1', reason: 'card_declined' })();
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
    const events = given([registered]).when(buy)();
    expect(events).toHaveLength(1);
    expect(given([registered, ...events]).when(buy)()).toEqual([]);
  });

  it('writes events that the registry accepts', () => {
    const registry = createEventRegistry();
    const metadata = { correlationId: 'c', causationId: null, actor: { type: 'system' as const, id: 't' }, occurredAt: at, schemaVersion: 1 };
    for (const e of [registered, activatedPlatinum]) expect(() => registry.validateNew({ id: 'x', ...e, metadata })).not.toThrow();
  });
});
