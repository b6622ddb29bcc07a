import { z } from 'zod';
import { auStateSchema } from './common';
import { instant } from './http';

/**
 * Giveaways on the wire (spec section 3, docs/contracts-4-5.md issue 5): the prize types and how
 * the member console shows them, the public Prize item of /items/prizes, the next giveaway, the
 * member's draws and the claim, and the published winners.
 */
export const PRIZE_TYPES = ['team', 'bonus', 'weekly', 'normal', 'event', 'experience', 'vip'] as const;
export const prizeTypeSchema = z.enum(PRIZE_TYPES);
export type PrizeType = z.infer<typeof prizeTypeSchema>;
export const PRIZE_STATUSES = ['draft', 'published', 'archived'] as const;
export const prizeStatusSchema = z.enum(PRIZE_STATUSES);
export type PrizeStatus = z.infer<typeof prizeStatusSchema>;

/** The display settings of a prize type: the chip's title, icon and colours. */
export interface PrizeTypeDisplay {
  readonly title: string;
  readonly icon: 'users' | 'star' | 'calendar' | 'cash' | 'flag' | 'sparkle' | 'crown';
  readonly iconSize: number;
  readonly colour: string;
  readonly background: string;
}

/** Display settings per prize_type_id (spec section 3); anything unknown shows as 'vip'. Chip text on its background is 4.5:1 or better (WCAG AA). */
export const PRIZE_TYPE_DISPLAY: Readonly<Record<PrizeType, PrizeTypeDisplay>> = {
  team: { title: 'Team Draw', icon: 'users', iconSize: 18, colour: '#ffffff', background: '#7c3aed' },
  bonus: { title: 'Bonus Draw', icon: 'star', iconSize: 16, colour: '#0b1a3a', background: '#f5b82e' },
  weekly: { title: 'Weekly Draw', icon: 'calendar', iconSize: 16, colour: '#ffffff', background: '#0369a1' },
  normal: { title: 'Cash Draw', icon: 'cash', iconSize: 16, colour: '#ffffff', background: '#0e7a3c' },
  event: { title: 'Event Draw', icon: 'flag', iconSize: 16, colour: '#ffffff', background: '#1d4ed8' },
  experience: { title: 'Experience', icon: 'sparkle', iconSize: 16, colour: '#ffffff', background: '#be185d' },
  vip: { title: 'VIP Draw', icon: 'crown', iconSize: 16, colour: '#0b1a3a', background: '#ffc94d' },
};

export const asPrizeType = (value: string | null | undefined): PrizeType =>
  (PRIZE_TYPES as readonly string[]).includes(value ?? '') ? (value as PrizeType) : 'vip';
export const prizeTypeDisplay = (value: string | null | undefined): PrizeTypeDisplay => PRIZE_TYPE_DISPLAY[asPrizeType(value)];

const image = z.string().max(500).nullable();

/**
 * Every field of spec section 3's Prize/giveaway as staff send it. The domain narrows
 * `description` (sanitised rich text) and `prize_end_date` (a storable instant) on top of it.
 */
export const prizeFieldsSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(120),
    description: z.string().max(20_000),
    hero_image: image,
    hero_image_portrait: image,
    secondary_image_1: image,
    secondary_image_2: image,
    secondary_image_3: image,
    secondary_image_1_portrait: image,
    secondary_image_2_portrait: image,
    secondary_image_3_portrait: image,
    prize_type_id: prizeTypeSchema,
    event_date: z.string().max(100).nullable(),
    event_participants: z.number().int().min(0).max(1_000_000).nullable(),
    prize_end_date: instant,
    prize_value: z.number().min(0).max(100_000_000),
    prize_value_currency: z.literal('AUD'),
    /** The states the draw is open in (issue 22); absent on prizes from before it (open everywhere, rule 1). */
    open_states: z.array(auStateSchema).max(8).optional(),
    /** Days the winner has to claim, from the notice (issue 22); absent: the club's default claim period. */
    claim_period_days: z.number().int().min(1).max(365).optional(),
  })
  .strict();
export type PrizeFields = z.infer<typeof prizeFieldsSchema>;

/** The draw's public state; a draw not yet scheduled reads as scheduled (entries still open). */
export const publicDrawStatusSchema = z.enum(['scheduled', 'closed', 'drawn', 'published']);
export type PublicDrawStatus = z.infer<typeof publicDrawStatusSchema>;

const shownImage = z.string().nullable();
/** The Prize item (docs/contracts-4-5.md): spec section 3 fields plus the draw's public state; portraits fall back to the plain image. */
export const prizeSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: prizeStatusSchema,
  description: z.string(),
  hero_image: shownImage,
  hero_image_portrait: shownImage,
  secondary_image_1: shownImage,
  secondary_image_2: shownImage,
  secondary_image_3: shownImage,
  secondary_image_1_portrait: shownImage,
  secondary_image_2_portrait: shownImage,
  secondary_image_3_portrait: shownImage,
  prize_type_id: prizeTypeSchema,
  event_date: z.string().nullable(),
  event_participants: z.number().int().nullable(),
  prize_end_date: instant,
  prize_value: z.number(),
  prize_value_currency: z.literal('AUD'),
  /** The states the draw is open in (issue 22); every state for a prize from before the rule. */
  open_states: z.array(auStateSchema),
  draw_status: publicDrawStatusSchema,
  winner: z.object({ display: z.string() }).nullable(),
  /** Issue 22: where the terms in force are shown (`/events/{slug}/terms`). */
  terms_url: z.string(),
  /** Issue 22: the pool, every eligible entry in the draw (the committed total once entries close; fresh within a minute before). */
  entries_total: z.number().int().min(0),
});
export type Prize = z.infer<typeof prizeSchema>;

/** `GET /items/prizes`. */
export const prizesAnswerSchema = z.object({ data: z.array(prizeSchema) });

/** `GET /api/get-next-giveaway`: the next open prize (with a member bearer: joined and how many entries), or the spec's error text. */
export const nextGiveawaySchema = prizeSchema.extend({ joined: z.boolean(), entries: z.number().int() });
export type NextGiveaway = z.infer<typeof nextGiveawaySchema>;
export const nextGiveawayAnswerSchema = z.union([z.object({ data: nextGiveawaySchema }), z.object({ error: z.string() })]);
export type NextGiveawayAnswer = z.infer<typeof nextGiveawayAnswerSchema>;

/** One published draw with the member's entries, ticket ranges and result (`GET /api/user-draws`). */
export const userDrawSchema = z.object({
  prize: prizeSchema,
  entries: z.number().int(),
  tickets: z.string(),
  eligible: z.boolean(),
  reason: z.string().nullable(),
  status: publicDrawStatusSchema,
  won: z.boolean(),
  claimed: z.boolean(),
  /** Issue 22: for the winner, the end of the claim period (WinnerNotified.claimBy); null before the notice or without a period. */
  claim_by: instant.nullable().optional(),
  /** Issue 22: for the winner, 'declined' or 'unclaimed' once the prize went back for a redraw; null otherwise. */
  claim_outcome: z.enum(['declined', 'unclaimed']).nullable().optional(),
});
export type UserDraw = z.infer<typeof userDrawSchema>;
export const userDrawsAnswerSchema = z.object({ data: z.array(userDrawSchema) });

/** The states a published result may name after the winner's first name and initial ("Sam K., QLD"). */
export { AU_STATES, auStateSchema, type AuState } from './common';

/** `POST /api/claim-prize`. */
export const claimPrizeBodySchema = z
  .object({
    prize_id: z.string().min(1).max(200),
    state: auStateSchema.optional(),
    /** The winner asks not to be named on the winners page: honoured where the rules of their state allow it. */
    publication_opt_out: z.boolean().optional(),
    /** Issue 22: where the prize goes (a postal address, or how the winner will collect it). */
    delivery: z.string().trim().max(500).optional(),
  })
  .strict();
export type ClaimPrizeBody = z.infer<typeof claimPrizeBodySchema>;
export const claimPrizeAnswerSchema = z.object({ data: z.object({ claimed: z.literal(true) }) });

/** `POST /api/decline-prize` (issue 22): the winner gives the prize up; it goes back for a redraw. */
export const declinePrizeBodySchema = z.object({ prize_id: z.string().min(1).max(200) }).strict();
export type DeclinePrizeBody = z.infer<typeof declinePrizeBodySchema>;
export const declinePrizeAnswerSchema = z.object({ data: z.object({ declined: z.literal(true) }) });

/** A published result as /items/winners lists it, newest first. */
export const publishedWinnerSchema = z.object({
  prize_id: z.string(),
  title: z.string(),
  slug: z.string(),
  prize_type_id: prizeTypeSchema,
  hero_image: z.string().nullable(),
  winner: z.string(),
  /** Issue 22: the winner's state or territory as published (null when the winner's name is withheld). */
  state: auStateSchema.nullable(),
  drawn_at: instant.nullable(),
  /** When the result was published (the law asks for publication within the club's set days). */
  published_at: instant.nullable(),
  prize_value: z.number(),
  prize_value_currency: z.literal('AUD'),
});
export type PublishedWinner = z.infer<typeof publishedWinnerSchema>;
export const winnersAnswerSchema = z.object({ data: z.array(publishedWinnerSchema) });

/** `GET /api/prizes/{slug}/terms`: the draw's terms in force (the latest DrawTermsIssued). */
export const drawTermsAnswerSchema = z.object({ version: z.number().int().min(1), html: z.string(), issued_at: z.string() }).strict();
export type DrawTermsAnswer = z.infer<typeof drawTermsAnswerSchema>;

/**
 * The picture a link to a giveaway shows where it is shared (its Open Graph and Twitter card): a
 * JPEG of the hero image at the size both sites ask for (1.91:1), drawn by the server, because
 * they show JPEG, PNG, WebP or GIF and never SVG, the form the club's own giveaway art ships in.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** The picture of a shared link to any other public page: the club's own (the default giveaway picture), drawn the same way. */
export const SITE_SHARE_IMAGE_PATH = '/share/site.jpg';

/** Where a giveaway's share picture is served: `v` changes with the hero image, so a site that keeps pictures by address fetches the new one. */
export function shareImagePath(slug: string, heroImage: string | null | undefined): string {
  // FNV-1a (32 bits) of the hero image's path: a short tag, not a secret.
  let hash = 0x811c9dc5;
  for (const ch of heroImage ?? '') {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `/share/events/${encodeURIComponent(slug)}.jpg?v=${hash.toString(36)}`;
}
