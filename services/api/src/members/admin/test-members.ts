import { randomUUID } from 'node:crypto';
import {
  causationKeys,
  checkoutDecider,
  checkoutStreamId,
  entriesDecider,
  entriesStreamId,
  memberDecider,
  memberStreamId,
  SEED_TIERS,
  tierSnapshot,
  type TierSnapshot,
} from '@roar/domain';
import { handleCommand, newCorrelationId, type EventRegistry, type EventStore, type Position } from '@roar/platform';

export interface SeededMember {
  readonly memberId: string;
  readonly checkoutId: string;
  readonly paymentId: string;
  readonly subscriptionId: string;
  /** The store's position after the last event, to wait for the projections. */
  readonly position: Position;
}

function snapshot(code: string): TierSnapshot {
  const seed = SEED_TIERS.find((t) => t.fields.code === code);
  if (!seed) throw new Error(`no seed tier ${code}`);
  return tierSnapshot(seed.membershipId, seed.fields);
}

/**
 * Test data: a member who joined Platinum and paid by card, as the sign-up and webhook flows
 * would record it (registration, checkout started and completed, activation, initial entries),
 * appended through the deciders so every event is one the product could have written.
 */
export async function seedPaidMember(
  store: EventStore,
  registry: EventRegistry,
  person: { email: string; firstname: string; lastname: string },
  at = new Date('2026-11-02T10:00:00Z'),
): Promise<SeededMember> {
  const memberId = randomUUID();
  const checkoutId = randomUUID();
  const paymentId = `pi_${randomUUID().slice(0, 8)}`;
  const subscriptionId = `sub_${randomUUID().slice(0, 8)}`;
  const tier = snapshot('platinum');
  const ctx = { actor: { type: 'member' as const, id: memberId }, correlationId: newCorrelationId(), occurredAt: at };
  const iso = at.toISOString();
  const member = (command: Parameters<typeof memberDecider.decide>[0]) =>
    handleCommand(store, registry, memberStreamId(memberId), memberDecider, command, ctx);
  await member({ type: 'RegisterMember', memberId, ...person, referralCode: memberId.slice(0, 8).toUpperCase(), chosenTier: null, at: iso });
  await member({
    type: 'StartMembershipCheckout',
    memberId,
    checkoutId,
    purpose: 'join',
    tier,
    tierPublished: true,
    amount_cents: tier.price_cents,
    at: iso,
  });
  const checkout = (command: Parameters<typeof checkoutDecider.decide>[0]) =>
    handleCommand(store, registry, checkoutStreamId(checkoutId), checkoutDecider, command, ctx);
  await checkout({
    type: 'CreateCheckout',
    checkoutId,
    memberId,
    purpose: 'join',
    tier,
    amount_cents: tier.price_cents,
    currency: 'AUD',
    provider: 'local',
    providerSessionId: `cs_${checkoutId.slice(0, 8)}`,
    mode: 'subscription',
  });
  await checkout({
    type: 'CompleteCheckout',
    checkoutId,
    paymentId,
    subscriptionId,
    card: { brand: 'visa', last4: '4242' },
    amount_cents: tier.price_cents,
  });
  const periodEnd = new Date(at.getTime() + 30 * 86_400_000).toISOString();
  await member({ type: 'ActivateMembership', memberId, checkoutId, paymentId, subscriptionId, tier, periodStart: iso, periodEnd, source: 'join' });
  const granted = await handleCommand(
    store,
    registry,
    entriesStreamId(memberId),
    entriesDecider,
    {
      type: 'GrantEntries',
      memberId,
      grantId: randomUUID(),
      source: 'initial',
      count: tier.initial_tickets,
      membershipId: tier.membershipId,
      tierCode: tier.code,
      causationKey: causationKeys.initial(paymentId),
      reason: null,
      prizeId: null,
    },
    ctx,
  );
  if (!granted.appended) throw new Error('initial entries were not granted');
  return { memberId, checkoutId, paymentId, subscriptionId, position: granted.appended.position };
}
