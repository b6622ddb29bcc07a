export { rewardsProjector, partnerRowSchema, offerRowSchema, type PartnerRow, type OfferRow } from './projector';
export * from './queries';
