import { z } from 'zod';
import { reasonSchema } from './common';
import { staffEventSchema } from './event-history';
import { instant } from './http';
import { isoDateTime, text } from './text';

/** Partner rewards on the wire: partners, offers, reveals, the rewards carousel and redemptions. */

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

/** A partner's editable fields (staff body; the PartnerAdded and PartnerChanged events record them). */
export const partnerFieldsSchema = z
  .object({
    name: text().trim().min(1).max(120),
    /** A storage key or a path the app serves (`/partners/fairway.svg`); never a remote URL. */
    logo: text()
      .trim()
      .max(300)
      .regex(/^(\/[A-Za-z0-9/_.-]*)?$/, 'Use a path served by the app, like /partners/logo.svg'),
    category: z.enum(PARTNER_CATEGORIES),
    /** Illustrative launch partners say so to members: no invented brand is presented as real. */
    sample: z.boolean(),
    status: z.enum(PARTNER_STATUSES),
    sort: z.number().int().min(0).max(10_000),
  })
  .strict();
export type PartnerFields = z.infer<typeof partnerFieldsSchema>;

/** An offer's editable fields (staff body; the OfferAdded and OfferChanged events record them). */
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
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (o.redeem_method === 'code' && o.redeem_value === '') issue('redeem_value', 'An offer redeemed by code needs the code');
    if (o.redeem_method === 'link' && !/^https:\/\/[^\s]+$/.test(o.redeem_value))
      issue('redeem_value', 'An offer redeemed by link needs an https:// link');
    if (o.starts_at && o.ends_at && Date.parse(o.ends_at) <= Date.parse(o.starts_at)) issue('ends_at', 'The offer must end after it starts');
  });
export type OfferFields = z.infer<typeof offerFieldsSchema>;

// ---- Members and visitors -----------------------------------------------------------------

/** A partner as the public sees it: name, logo, category and whether it is an illustrative sample. */
export const publicPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  category: z.enum(PARTNER_CATEGORIES),
  sample: z.boolean(),
});
export type PublicPartner = z.infer<typeof publicPartnerSchema>;

/**
 * An offer on /rewards. Everyone sees the partner, title and saving; the terms and how to redeem
 * are kept for members with rewards access (`locked` says which one this is).
 */
export const memberOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  saving: z.string(),
  category: z.enum(PARTNER_CATEGORIES),
  partner: publicPartnerSchema,
  ends_at: instant.nullable(),
  locked: z.boolean(),
  terms: z.string().nullable(),
  redeem_method: z.enum(REDEEM_METHODS).nullable(),
});
export type MemberOffer = z.infer<typeof memberOfferSchema>;

/** GET /api/rewards (data): live offers in the spec's category order, empty categories kept. */
export const rewardsSchema = z.object({
  rewards_access: z.boolean(),
  signed_in: z.boolean(),
  categories: z.array(z.object({ id: z.enum(PARTNER_CATEGORIES), title: z.string(), offers: z.array(memberOfferSchema) })),
});
export type Rewards = z.infer<typeof rewardsSchema>;
export const rewardsAnswerSchema = z.object({ data: rewardsSchema });

/** POST /api/rewards/offers/{id}/reveal (201, data): the code, the link or the member card. */
export const offerRevealSchema = z.object({
  offer_id: z.string(),
  partner: z.string(),
  redeem_method: z.enum(REDEEM_METHODS),
  code: z.string().nullable(),
  url: z.string().nullable(),
  /** The member card shown on screen at the partner's counter. */
  card: z.object({ name: z.string(), tier: z.string(), member_number: z.string(), valid_on: instant }).nullable(),
  terms: z.string(),
});
export type OfferReveal = z.infer<typeof offerRevealSchema>;
export const revealAnswerSchema = z.object({ data: offerRevealSchema });

/** The spec's rewards carousel item: a featured live offer. */
export const carouselItemSchema = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  url: z.string(),
  sample: z.boolean(),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;
export const carouselAnswerSchema = z.object({ data: z.array(carouselItemSchema) });
export const publicPartnersAnswerSchema = z.object({ data: z.array(publicPartnerSchema) });

// ---- Staff ----------------------------------------------------------------------------------

const staffReason = reasonSchema;
export const reasonBodySchema = z.object({ reason: staffReason });
/** POST and PUT /api/admin/partners: the fields and a reason (react-admin sends the whole record; the rest is ignored). */
export const partnerBodySchema = z.intersection(partnerFieldsSchema, reasonBodySchema);
/** POST and PUT /api/admin/offers: the fields, the partner and a reason. */
export const offerBodySchema = z.intersection(offerFieldsSchema, reasonBodySchema.extend({ partner_id: z.string().min(1).max(100) }));

/** A partner as staff manage it. */
export const staffPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  category: z.enum(PARTNER_CATEGORIES),
  sample: z.boolean(),
  status: z.enum(PARTNER_STATUSES),
  sort: z.number().int(),
  created_at: instant,
  updated_at: instant,
});
export type StaffPartner = z.infer<typeof staffPartnerSchema>;
export const staffPartnerDetailSchema = staffPartnerSchema.extend({ events: z.array(staffEventSchema) });

/** An offer as staff manage it (the answer to adding or changing one). */
export const staffOfferSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  title: z.string(),
  saving: z.string(),
  terms: z.string(),
  redeem_method: z.enum(REDEEM_METHODS),
  redeem_value: z.string(),
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  status: z.enum(OFFER_STATUSES),
  featured: z.boolean(),
  created_at: instant,
  updated_at: instant,
});
export type StaffOffer = z.infer<typeof staffOfferSchema>;
/** A row of /api/admin/offers: the offer with its partner's name and category. */
export const staffOfferRowSchema = staffOfferSchema.extend({ partner_name: z.string(), category: z.enum(PARTNER_CATEGORIES) });
/** /api/admin/offers/{id}: the offer with its partner's name and its events. */
export const staffOfferDetailSchema = staffOfferSchema.extend({ partner_name: z.string(), events: z.array(staffEventSchema) });

/** A row of /api/admin/reward-redemptions: reveals per partner and Sydney month. */
export const redemptionSchema = z.object({
  id: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  month: z.string(),
  reveals: z.number().int(),
  members: z.number().int(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
