import {
  commitRandomness,
  drawStreamId,
  NO_SECONDARY_PRIZE_IMAGES,
  prizeDecider,
  SLUG_TAKEN,
  type PrizeCommand,
  type PrizeFields,
} from '@roar/domain';
import { DomainError, handleCommand, WrongExpectedRevisionError, type EventRegistry, type EventStore, type Logger, type Sql } from '@roar/platform';
import { ensureDrawSecret } from './secrets';
import { reservePrizeSlug } from '../prizes/slug';

const DAY = 24 * 60 * 60_000;
function launchPrizes(now: Date): { id: string; fields: PrizeFields }[] {
  const at = (days: number) => new Date(Math.ceil((now.getTime() + days * DAY) / DAY) * DAY).toISOString();
  return [
    {
      id: 'launch-golf-getaway',
      fields: {
        title: 'Golf getaway for two at Barnbougle',
        slug: 'golf-getaway-barnbougle',
        description: "<p>Two nights, two rounds and flights for two to Tasmania's Barnbougle Dunes.</p>",
        hero_image: '/images/giveaways/golf-getaway-barnbougle.svg',
        ...NO_SECONDARY_PRIZE_IMAGES,
        prize_type_id: 'normal',
        event_date: 'Autumn 2027',
        event_participants: 2,
        prize_end_date: at(21),
        prize_value: 8500,
        prize_value_currency: 'AUD',
      },
    },
    {
      id: 'launch-bonus-driver',
      fields: {
        title: 'Bonus draw: tour driver and fitting',
        slug: 'bonus-tour-driver',
        description: '<p>A new tour driver with a one-hour professional fitting.</p>',
        hero_image: '/images/giveaways/bonus-tour-driver.svg',
        ...NO_SECONDARY_PRIZE_IMAGES,
        prize_type_id: 'bonus',
        event_date: null,
        event_participants: null,
        prize_end_date: at(35),
        prize_value: 1200,
        prize_value_currency: 'AUD',
      },
    },
    {
      id: 'launch-open-tickets',
      fields: {
        title: 'Australian Open golf: VIP tickets',
        slug: 'australian-open-vip-tickets',
        description: '<p>Four-day VIP hospitality passes for two at the Australian Open.</p>',
        hero_image: '/images/giveaways/australian-open-vip-tickets.svg',
        ...NO_SECONDARY_PRIZE_IMAGES,
        prize_type_id: 'event',
        event_date: 'December 2027',
        event_participants: 2,
        prize_end_date: at(49),
        prize_value: 3000,
        prize_value_currency: 'AUD',
      },
    },
  ];
}

/**
 * No images are seeded: the member console shows its default giveaway image until staff add one.
 * Seeds three published, scheduled giveaways once, so a fresh embedded start has something to
 * show. Each is a new draw stream: a second start (or replica) finds it there and does nothing.
 */
export async function seedPrizes(store: EventStore, registry: EventRegistry, sql: Sql, logger: Logger, now: Date): Promise<number> {
  let seeded = 0;
  for (const { id, fields } of launchPrizes(now)) {
    if ((await store.readStream(drawStreamId(id))).length > 0) continue;
    const { secret } = await ensureDrawSecret(sql, id);
    const commands: PrizeCommand[] = [
      { type: 'CreatePrize', prizeId: id, fields },
      { type: 'PublishPrize' },
      { type: 'ScheduleDraw', method: 'commit-reveal', commitment: commitRandomness(Buffer.from(secret, 'hex')), beacon: null },
    ];
    const ctx = { actor: { type: 'system', id: 'prize-seed' } as const, correlationId: 'prize-seed', occurredAt: now, reason: 'Launch giveaways' };
    try {
      // The slug's reservation first, as the staff API does: a launch slug staff already use is skipped.
      // Not released when a write below fails: the prize id is fixed, so the next start (or the
      // replica that won the race) holds it for this same prize and the reservation is idempotent.
      await reservePrizeSlug({ store, registry, logger }, fields.slug, id, ctx);
      for (const command of commands)
        await handleCommand(store, registry, drawStreamId(id), prizeDecider, command, ctx, { mustBeNew: command.type === 'CreatePrize' });
      seeded += 1;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict' && error.message === SLUG_TAKEN) {
        logger.warn({ prizeId: id, slug: fields.slug }, 'launch giveaway skipped: its slug is used by another prize');
        continue;
      }
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  if (seeded > 0) logger.info({ seeded }, 'launch giveaways seeded');
  return seeded;
}
