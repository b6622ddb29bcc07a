import { partnerDecider, partnerStreamId, type OfferFields, type PartnerCategory } from '@roar/domain';
import { handleCommand, WrongExpectedRevisionError, type EventRegistry, type EventStore, type Logger } from '@roar/platform';

interface LaunchPartner {
  readonly id: string;
  readonly name: string;
  readonly category: PartnerCategory;
  readonly offer: Pick<OfferFields, 'title' | 'saving' | 'terms' | 'redeem_method' | 'redeem_value'>;
}

const SAMPLE_TERMS = 'Illustrative sample partner shipped with the platform: replace it with a real partner agreement before launch.';

/**
 * Launch partners: illustrative samples (sample: true, shown as such to members) with logos drawn
 * for the project under web-member/public/partners. Staff replace them with real partners.
 */
export const LAUNCH_PARTNERS: readonly LaunchPartner[] = [
  {
    id: 'sample-fairway-gear',
    name: 'Fairway Gear',
    category: 'tickets-and-gear',
    offer: { title: 'Golf gear and apparel', saving: 'save 20-30%', terms: SAMPLE_TERMS, redeem_method: 'code', redeem_value: 'ROARGEAR25' },
  },
  {
    id: 'sample-grandstand-tickets',
    name: 'Grandstand Tickets',
    category: 'tickets-and-gear',
    offer: { title: 'Sports and music tickets', saving: 'save 20%', terms: SAMPLE_TERMS, redeem_method: 'code', redeem_value: 'ROARSEATS20' },
  },
  {
    id: 'sample-corner-grocer',
    name: 'Corner Grocer',
    category: 'groceries-fuel-booze',
    offer: { title: 'Groceries in store', saving: 'save up to 5%', terms: SAMPLE_TERMS, redeem_method: 'card', redeem_value: '' },
  },
  {
    id: 'sample-open-road-fuel',
    name: 'Open Road Fuel',
    category: 'groceries-fuel-booze',
    offer: { title: 'Fuel at the pump', saving: 'save up to 5%', terms: SAMPLE_TERMS, redeem_method: 'card', redeem_value: '' },
  },
  {
    id: 'sample-parkland-links',
    name: 'Parkland Links',
    category: 'green-fees',
    offer: {
      title: 'Weekday green fees',
      saving: 'up to $20 cashback',
      terms: `Claim the cashback in the clubhouse. ${SAMPLE_TERMS}`,
      redeem_method: 'card',
      redeem_value: '',
    },
  },
  {
    id: 'sample-riverside-golf',
    name: 'Riverside Golf',
    category: 'green-fees',
    offer: {
      title: 'Twilight rounds',
      saving: 'up to $20 cashback',
      terms: `Claim the cashback in the clubhouse. ${SAMPLE_TERMS}`,
      redeem_method: 'card',
      redeem_value: '',
    },
  },
];

/** Adds each launch partner and its offer once (a new stream each: a second start finds it there). */
export async function seedPartners(store: EventStore, registry: EventRegistry, logger: Logger, now: Date): Promise<number> {
  let added = 0;
  const ctx = {
    actor: { type: 'system' as const, id: 'rewards-seed' },
    correlationId: 'rewards-seed',
    occurredAt: now,
    reason: 'Launch sample partners',
  };
  const at = now.toISOString();
  for (const [index, p] of LAUNCH_PARTNERS.entries()) {
    const stream = partnerStreamId(p.id);
    if ((await store.readStream(stream)).length > 0) continue;
    const fields = {
      name: p.name,
      logo: `/partners/${p.id.replace(/^sample-/, '')}.svg`,
      category: p.category,
      sample: true,
      status: 'published' as const,
      sort: index + 1,
    };
    const offer: OfferFields = { ...p.offer, starts_at: null, ends_at: null, status: 'published', featured: true };
    try {
      await handleCommand(store, registry, stream, partnerDecider, { type: 'AddPartner', partnerId: p.id, fields, at }, ctx, { mustBeNew: true });
      await handleCommand(store, registry, stream, partnerDecider, { type: 'AddOffer', offerId: `${p.id}-offer`, fields: offer, at }, ctx);
      added += 1;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  if (added > 0) logger.info({ added }, 'launch sample partners seeded');
  return added;
}
