import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { isoDateTime, text } from '../primitives';

/** The three partner categories of the spec's home page, in its order. */
export const PARTNER_CATEGORIES = ['tickets-and-gear', 'groceries-fuel-booze', 'green-fees'] as const;
export type PartnerCategory = (typeof PARTNER_CATEGORIES)[number];
export const PARTNER_CATEGORY_TITLES: Readonly<Record<PartnerCategory, string>> = {
  'tickets-and-gear': 'Sports and music tickets and gear',
  'groceries-fuel-booze': 'Groceries, fuel and booze',
  'green-fees': 'Green fees',
};

export const PARTNER_STATUSES = ['draft', 'published', 'archived'] as const;
export const OFFER_STATUSES = ['draft', 'published', 'archived'] as const;
/** How a member redeems: a code to type at checkout, a link to the partner, or the member card on screen. */
export const REDEEM_METHODS = ['code', 'link', 'card'] as const;
export type RedeemMethod = (typeof REDEEM_METHODS)[number];

const id = z.string().min(1).max(100);

export const partnerFieldsSchema = z
  .object({
    name: text().trim().min(1).max(120),
    /** A storage key or a path the app serves (`/partners/fairway.svg`); never a remote URL. */
    logo: text().trim().max(300).regex(/^(\/[A-Za-z0-9/_.-]*)?$/, 'Use a path served by the app, like /partners/logo.svg'),
    category: z.enum(PARTNER_CATEGORIES),
    /** Illustrative launch partners say so to members: no invented brand is presented as real. */
    sample: z.boolean(),
    status: z.enum(PARTNER_STATUSES),
    sort: z.number().int().min(0).max(10_000),
  })
  .strict();
export type PartnerFields = z.infer<typeof partnerFieldsSchema>;

export const offerFieldsSchema = z
  .object({
    title: text().trim().min(1).max(160),
    /** The saving as members read it: 'save 20-30%', 'save up to 5%', 'up to $20 cashback'. */
    saving: text().trim().min(1).max(60),
    terms: text().trim().max(4000),
    redeem_method: z.enum(REDEEM_METHODS),
    /** The code (method code) or the partner URL (method link); empty for the member card. */
    redeem_value: text().trim().max(500),
    starts_at: isoDateTime().nullable(),
    ends_at: isoDateTime().nullable(),
    status: z.enum(OFFER_STATUSES),
    /** Shown in the rewards carousel. */
    featured: z.boolean(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.redeem_method === 'code' && o.redeem_value === '') ctx.addIssue({ code: 'custom', path: ['redeem_value'], message: 'An offer redeemed by code needs the code' });
    if (o.redeem_method === 'link' && !/^https:\/\/[^\s]+$/.test(o.redeem_value)) ctx.addIssue({ code: 'custom', path: ['redeem_value'], message: 'An offer redeemed by link needs an https:// link' });
    if (o.starts_at && o.ends_at && Date.parse(o.ends_at) <= Date.parse(o.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The offer must end after it starts' });
  });
export type OfferFields = z.infer<typeof offerFieldsSchema>;

export const PartnerAdded = defineEvent('PartnerAdded', z.object({ partnerId: id, fields: partnerFieldsSchema, at: isoDateTime() }).strict());
export const PartnerChanged = defineEvent('PartnerChanged', z.object({ partnerId: id, fields: partnerFieldsSchema, at: isoDateTime() }).strict());
export const OfferAdded = defineEvent('OfferAdded', z.object({ partnerId: id, offerId: id, fields: offerFieldsSchema, at: isoDateTime() }).strict());
export const OfferChanged = defineEvent('OfferChanged', z.object({ partnerId: id, offerId: id, fields: offerFieldsSchema, at: isoDateTime() }).strict());
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
