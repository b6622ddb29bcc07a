import { z } from 'zod';
import type { Actor, RecordedEvent } from '@roar/platform';
import {
  createEventRegistry,
  evolveTier,
  initialTierState,
  MembershipTierRevised,
  MembershipTierStatusChanged,
  type MembershipTierEvent,
  type MembershipTierState,
} from '@roar/domain';
import { tierChangedEmail, formatDollars, type TierChangeNotice } from '../mail/templates';
import type { JobRequest } from '../jobs/types';
import { jobIdFor, type Reactor, type ReactorContext } from './reactor';

const registry = createEventRegistry();

function describeActor(actor: Actor): string {
  switch (actor.type) {
    case 'staff':
      return `staff user ${actor.id}${actor.role ? ` (${actor.role})` : ''}`;
    case 'member':
      return `member ${actor.id}`;
    case 'system':
      return `system (${actor.id})`;
    default: {
      const _exhaustive: never = actor;
      return String(_exhaustive);
    }
  }
}

/** The tier as it stood just before `event`: events are facts, so this never changes. */
async function tierBefore(event: RecordedEvent, ctx: ReactorContext): Promise<MembershipTierState> {
  const history = await ctx.store.readStream(event.streamId);
  let state: MembershipTierState = initialTierState;
  for (const past of history) {
    if (past.revision >= event.revision) break;
    state = evolveTier(state, registry.decode(past) as unknown as MembershipTierEvent);
  }
  return state;
}

function notice(
  event: RecordedEvent,
  tier: MembershipTierState,
  membershipId: number,
  change: Pick<TierChangeNotice, 'field' | 'from' | 'to'>,
): TierChangeNotice {
  return {
    ...change,
    membershipId,
    tier: tier.status === 'absent' ? `membership ${membershipId}` : tier.fields.tier,
    actor: describeActor(event.metadata.actor),
    reason: event.metadata.reason ?? null,
    occurredAt: event.metadata.occurredAt,
  };
}

/** Tells the staff mailbox when a tier's price or status changes: who, what, from, to, why. */
export const catalogueNotifications: Reactor = {
  name: 'catalogue-notifications',
  handles: ['MembershipTierRevised', 'MembershipTierStatusChanged'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    let change: Pick<TierChangeNotice, 'field' | 'from' | 'to'>;
    let membershipId: number;
    let tier: MembershipTierState;
    if (event.type === 'MembershipTierRevised') {
      const data: z.infer<typeof MembershipTierRevised.schema> = MembershipTierRevised.schema.parse(event.data);
      const newPrice = data.changes.price_cents;
      if (newPrice === undefined) return [];
      membershipId = data.membershipId;
      tier = await tierBefore(event, ctx);
      const oldPrice = tier.status === 'absent' ? null : tier.fields.price_cents;
      change = { field: 'price', from: oldPrice === null ? 'unknown' : formatDollars(oldPrice), to: formatDollars(newPrice) };
    } else if (event.type === 'MembershipTierStatusChanged') {
      const data = MembershipTierStatusChanged.schema.parse(event.data);
      membershipId = data.membershipId;
      tier = await tierBefore(event, ctx);
      change = { field: 'status', from: data.from, to: data.to };
    } else {
      return [];
    }
    const email = tierChangedEmail(notice(event, tier, membershipId, change));
    return [{ queue: 'email', jobId: jobIdFor(event), data: { to: [ctx.staffMailbox], ...email } }];
  },
};
