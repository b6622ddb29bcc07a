import { handleCommand, WrongExpectedRevisionError, type EventRegistry, type EventStore, type Logger } from '@roar/platform';
import { membershipTierDecider, membershipTierStreamId, SEED_TIERS } from '@roar/domain';

/**
 * Seeds the launch catalogue as events, once: each tier is defined on a new stream, so a second
 * start (or a second replica starting at the same time) finds the stream there and does nothing.
 */
export async function seedCatalogue(store: EventStore, registry: EventRegistry, logger: Logger, now: Date): Promise<number> {
  let defined = 0;
  for (const tier of SEED_TIERS) {
    const streamId = membershipTierStreamId(tier.membershipId);
    if ((await store.readStream(streamId)).length > 0) continue;
    try {
      await handleCommand(
        store,
        registry,
        streamId,
        membershipTierDecider,
        { type: 'DefineMembershipTier', membershipId: tier.membershipId, status: tier.status, fields: tier.fields },
        { actor: { type: 'system', id: 'catalogue-seed' }, correlationId: 'catalogue-seed', occurredAt: now, reason: 'Launch catalogue' },
        { mustBeNew: true },
      );
      defined += 1;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  if (defined > 0) logger.info({ defined }, 'membership catalogue seeded');
  return defined;
}
