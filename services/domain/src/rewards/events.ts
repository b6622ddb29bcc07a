import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { offerFieldsSchema, partnerFieldsSchema, REDEEM_METHODS } from '@roar/contracts/rewards';
import { isoDateTime } from '../primitives';

/** The wire's partner and offer fields (staff bodies) are the events' fields too: one schema, in the contracts. */
export {
  OFFER_STATUSES,
  offerFieldsSchema,
  PARTNER_CATEGORIES,
  PARTNER_CATEGORY_TITLES,
  PARTNER_STATUSES,
  partnerFieldsSchema,
  REDEEM_METHODS,
  type OfferFields,
  type PartnerCategory,
  type PartnerFields,
  type RedeemMethod,
} from '@roar/contracts/rewards';

const id = z.string().min(1).max(100);

export const PartnerAdded = defineEvent('PartnerAdded', z.object({ partnerId: id, fields: partnerFieldsSchema, at: isoDateTime() }).strict());
export const PartnerChanged = defineEvent('PartnerChanged', z.object({ partnerId: id, fields: partnerFieldsSchema, at: isoDateTime() }).strict());
export const OfferAdded = defineEvent('OfferAdded', z.object({ partnerId: id, offerId: id, fields: offerFieldsSchema, at: isoDateTime() }).strict());
export const OfferChanged = defineEvent(
  'OfferChanged',
  z.object({ partnerId: id, offerId: id, fields: offerFieldsSchema, at: isoDateTime() }).strict(),
);
/**
 * A member opened an offer's code, link or card. Recorded on the member's rewards stream (not the
 * partner's, so reveals never contend with staff edits); `month` is the Australia/Sydney month.
 */
export const OfferRevealed = defineEvent(
  'OfferRevealed',
  z
    .object({
      memberId: id,
      partnerId: id,
      offerId: id,
      redeemMethod: z.enum(REDEEM_METHODS),
      month: z.string().regex(/^\d{4}-\d{2}$/),
      revealedAt: isoDateTime(),
    })
    .strict(),
);

export const partnerEvents = [PartnerAdded, PartnerChanged, OfferAdded, OfferChanged] as const;
export const rewardRevealEvents = [OfferRevealed] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type PartnerAddedEvent = Ev<typeof PartnerAdded>;
export type PartnerChangedEvent = Ev<typeof PartnerChanged>;
export type OfferAddedEvent = Ev<typeof OfferAdded>;
export type OfferChangedEvent = Ev<typeof OfferChanged>;
export type OfferRevealedEvent = Ev<typeof OfferRevealed>;
export type PartnerEvent = PartnerAddedEvent | PartnerChangedEvent | OfferAddedEvent | OfferChangedEvent;

export const partnerStreamId = (partnerId: string): string => `partner-${partnerId}`;
export const rewardsStreamId = (memberId: string): string => `rewards-${memberId}`;
