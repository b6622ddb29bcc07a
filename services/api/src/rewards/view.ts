import { offerIsLive } from '@roar/domain';
import {
  PARTNER_CATEGORIES,
  PARTNER_CATEGORY_TITLES,
  type CarouselItem,
  type MemberOffer,
  type PartnerCategory,
  type PublicPartner,
} from '@roar/contracts/rewards';
import type { OfferWithPartner, PartnerRow } from '@roar/projections';

/** A partner as the public sees it: name, logo, category and whether it is an illustrative sample. */
export const toPublicPartner = (p: PartnerRow): PublicPartner => ({ id: p.id, name: p.name, logo: p.logo, category: p.category, sample: p.sample });

/**
 * An offer on /rewards. Everyone sees the partner, title and saving; the terms and how to redeem
 * are details kept for members with rewards access (`locked` says which one this is). The code or
 * link itself is never in the list: it comes from the reveal call, which records the redemption.
 */
export function toMemberOffer(o: OfferWithPartner, open: boolean): MemberOffer {
  return {
    id: o.id,
    title: o.title,
    saving: o.saving,
    category: o.partner.category,
    partner: toPublicPartner(o.partner),
    ends_at: o.ends_at,
    locked: !open,
    terms: open ? o.terms : null,
    redeem_method: open ? o.redeem_method : null,
  };
}

/** Live offers grouped in the spec's category order; empty categories are kept so the page can say so. */
export function groupByCategory(offers: readonly OfferWithPartner[], open: boolean, now: Date) {
  const live = offers.filter((o) => offerIsLive(o.partner, o, now));
  return PARTNER_CATEGORIES.map((category: PartnerCategory) => ({
    id: category,
    title: PARTNER_CATEGORY_TITLES[category],
    offers: live.filter((o) => o.partner.category === category).map((o) => toMemberOffer(o, open)),
  }));
}

/** The spec's rewards carousel item (status): featured live offers. */
export function toCarouselItem(o: OfferWithPartner): CarouselItem {
  return {
    id: o.id,
    status: o.status,
    title: o.partner.name,
    subtitle: `${o.title}: ${o.saving}`,
    image: o.partner.logo,
    url: '/rewards',
    sample: o.partner.sample,
  };
}
