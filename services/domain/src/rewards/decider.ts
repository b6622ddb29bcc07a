import { DomainError, type Decider } from '@roar/platform';
import type { OfferFields, OfferRevealedEvent, PartnerEvent, PartnerFields, RedeemMethod } from './events';
import { clubMonth } from './month';

export type PartnerState =
  | { readonly status: 'none' }
  | { readonly status: 'exists'; readonly partnerId: string; readonly fields: PartnerFields; readonly offers: ReadonlyMap<string, OfferFields> };

export type PartnerCommand =
  | { readonly type: 'AddPartner'; readonly partnerId: string; readonly fields: PartnerFields; readonly at: string }
  | { readonly type: 'ChangePartner'; readonly fields: PartnerFields; readonly at: string }
  | { readonly type: 'AddOffer'; readonly offerId: string; readonly fields: OfferFields; readonly at: string }
  | { readonly type: 'ChangeOffer'; readonly offerId: string; readonly fields: OfferFields; readonly at: string };

const sameFields = (a: object, b: object): boolean => JSON.stringify(a) === JSON.stringify(b);

function existing(state: PartnerState) {
  if (state.status === 'none') throw new DomainError('not_found', 'This partner does not exist.');
  return state;
}

export function decidePartner(command: PartnerCommand, state: PartnerState): PartnerEvent[] {
  switch (command.type) {
    case 'AddPartner': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This partner already exists.');
      return [{ type: 'PartnerAdded', data: { partnerId: command.partnerId, fields: command.fields, at: command.at } }];
    }
    case 'ChangePartner': {
      const partner = existing(state);
      // Saving the form unchanged records nothing: history shows edits, not clicks.
      if (sameFields(partner.fields, command.fields)) return [];
      return [{ type: 'PartnerChanged', data: { partnerId: partner.partnerId, fields: command.fields, at: command.at } }];
    }
    case 'AddOffer': {
      const partner = existing(state);
      if (partner.offers.has(command.offerId)) throw new DomainError('conflict', 'This offer already exists.');
      return [{ type: 'OfferAdded', data: { partnerId: partner.partnerId, offerId: command.offerId, fields: command.fields, at: command.at } }];
    }
    case 'ChangeOffer': {
      const partner = existing(state);
      const offer = partner.offers.get(command.offerId);
      if (!offer) throw new DomainError('not_found', 'This offer does not exist.');
      if (sameFields(offer, command.fields)) return [];
      return [{ type: 'OfferChanged', data: { partnerId: partner.partnerId, offerId: command.offerId, fields: command.fields, at: command.at } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export function evolvePartner(state: PartnerState, event: PartnerEvent): PartnerState {
  switch (event.type) {
    case 'PartnerAdded':
      return { status: 'exists', partnerId: event.data.partnerId, fields: event.data.fields, offers: new Map() };
    case 'PartnerChanged':
      return state.status === 'none' ? state : { ...state, fields: event.data.fields };
    case 'OfferAdded':
    case 'OfferChanged':
      return state.status === 'none' ? state : { ...state, offers: new Map(state.offers).set(event.data.offerId, event.data.fields) };
    default: {
      const _exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const partnerDecider: Decider<PartnerCommand, PartnerEvent, PartnerState> = {
  decide: decidePartner,
  evolve: evolvePartner,
  initialState: { status: 'none' },
};

/** Whether an offer is open to members at `now`: published, its partner published, within its dates. */
export function offerIsLive(
  partner: Pick<PartnerFields, 'status'>,
  offer: Pick<OfferFields, 'status' | 'starts_at' | 'ends_at'>,
  now: Date,
): boolean {
  if (partner.status !== 'published' || offer.status !== 'published') return false;
  if (offer.starts_at && Date.parse(offer.starts_at) > now.getTime()) return false;
  return !(offer.ends_at && Date.parse(offer.ends_at) <= now.getTime());
}

export interface RevealOffer {
  readonly type: 'RevealOffer';
  readonly memberId: string;
  readonly partnerId: string;
  readonly offerId: string;
  readonly redeemMethod: RedeemMethod;
  /** Worked out by the application from the member's membership, single entries and team seat. */
  readonly hasRewardsAccess: boolean;
  readonly offerIsLive: boolean;
  readonly at: string;
}

export const NO_REWARDS_ACCESS = 'Rewards are open to members with rewards access. Upgrade your membership to unlock this offer.';

/** The member's rewards stream: one event per reveal, refused without rewards access. */
export const rewardRevealDecider: Decider<RevealOffer, OfferRevealedEvent, { readonly reveals: number }> = {
  initialState: { reveals: 0 },
  evolve: (state) => ({ reveals: state.reveals + 1 }),
  decide(command) {
    if (!command.hasRewardsAccess) throw new DomainError('forbidden', NO_REWARDS_ACCESS);
    if (!command.offerIsLive) throw new DomainError('not_found', 'This offer is not available.');
    const { memberId, partnerId, offerId, redeemMethod, at } = command;
    return [{ type: 'OfferRevealed', data: { memberId, partnerId, offerId, redeemMethod, month: clubMonth(at), revealedAt: at } }];
  },
};
