import { z } from 'zod';
import { apiRequest, type ApiResult } from './api-client';
import { tokens } from './tokens';
import { session } from './session';
import { dataOf } from '../types/api';

/**
 * Giveaways (spec section 3, docs/contracts-4-5.md issue 5): the prize item, the calls that read
 * it, and the pure rules the cards and pages show it by. Shared by the draws pages and the
 * next-giveaway block on the dashboard and home.
 */
export const PRIZE_TYPES = ['team', 'bonus', 'weekly', 'normal', 'event', 'experience', 'vip'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

const image = z.string().nullable().default(null);

export const prizeSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    title: z.string(),
    slug: z.string(),
    status: z.string(),
    description: z.string().nullable().default(''),
    hero_image: image,
    hero_image_portrait: image,
    secondary_image_1: image,
    secondary_image_2: image,
    secondary_image_3: image,
    secondary_image_1_portrait: image,
    secondary_image_2_portrait: image,
    secondary_image_3_portrait: image,
    prize_type_id: z.string().nullable().default('vip'),
    event_date: z.string().nullable().default(null),
    event_participants: z.number().nullable().default(null),
    prize_end_date: z.string(),
    prize_value: z.coerce.number().default(0),
    prize_value_currency: z.string().default('AUD'),
    draw_status: z.string().default('scheduled'),
    winner: z.object({ display: z.string() }).nullable().default(null),
  })
  .loose();
export type Prize = z.infer<typeof prizeSchema>;

/** Default page size of prize blocks; the list pages ask for 100 (spec section 9). */
export const PRIZE_BLOCK_LIMIT = 4;
export const PRIZE_LIST_LIMIT = 100;
export const DRAWS_ERROR = 'Error getting draws.';
export const NO_EVENTS = 'No Events';

/** `GET /items/prizes`: published prizes by closing time, optionally of one type. */
export async function fetchPrizes(options: { limit?: number; prizeTypeId?: PrizeType | null } = {}, baseUrl = ''): Promise<ApiResult<Prize[]>> {
  const query: Record<string, string | number> = {
    'filter[status][_eq]': 'published',
    sort: 'prize_end_date',
    limit: options.limit ?? PRIZE_BLOCK_LIMIT,
  };
  if (options.prizeTypeId) query['filter[prize_type_id][_eq]'] = options.prizeTypeId;
  const result = await apiRequest('/items/prizes', { schema: dataOf(z.array(prizeSchema)), query, serverMessage: true, baseUrl });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /items/prizes` by slug (published or archived); `null` when there is none. */
export async function fetchPrizeBySlug(slug: string, baseUrl = ''): Promise<ApiResult<Prize | null>> {
  const result = await apiRequest('/items/prizes', {
    schema: dataOf(z.array(prizeSchema)),
    query: { 'filter[slug][_eq]': slug, 'filter[status][_in]': 'published,archived' },
    serverMessage: true,
    baseUrl,
  });
  return result.ok ? { ok: true, data: result.data.data[0] ?? null } : result;
}

const nextGiveawaySchema = z.union([
  z.object({ data: prizeSchema.extend({ joined: z.boolean().default(false), entries: z.number().default(0) }) }),
  z.object({ error: z.string() }),
]);
export type NextGiveaway = { giveaway: Prize & { joined: boolean; entries: number } } | { error: string };

/** A bearer when signed in (the call is public; signed in, it says whether the member joined). */
const optionalToken = async (): Promise<string | null> => (session.isLoggedIn() ? tokens.accessToken() : null);

/** `GET /api/get-next-giveaway`: the prize or the server's error string, shown in its place. */
export async function fetchNextGiveaway(): Promise<NextGiveaway> {
  const result = await apiRequest('/api/get-next-giveaway', { schema: nextGiveawaySchema, token: await optionalToken(), serverError: true });
  if (!result.ok) return { error: result.error };
  return 'data' in result.data ? { giveaway: result.data.data } : { error: result.data.error };
}

// ---- Pure display rules ----

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

/** Images come from a configured base path plus the image path; absolute ones are used as they are. */
export const IMAGE_BASE_PATH: string = import.meta.env.VITE_IMAGE_BASE_PATH ?? '/assets/';
export const DEFAULT_PRIZE_IMAGE = '/images/giveaway-default.svg';

export function imageUrl(path: string | null | undefined, base: string = IMAGE_BASE_PATH, fallback: string = DEFAULT_PRIZE_IMAGE): string {
  const value = path?.trim();
  if (!value) return fallback;
  if (/^(https?:)?\/\//.test(value) || value.startsWith('/') || value.startsWith('data:')) return value;
  return `${base.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}

/** A portrait variant falls back to the plain image when it is missing. */
export const portraitOr = (portrait: string | null | undefined, plain: string | null | undefined): string | null => (portrait?.trim() ? portrait : (plain ?? null));

/** Hero then the secondary images, each with its portrait fallback; empty slots are dropped. */
export function prizeImages(prize: Prize): Array<{ landscape: string; portrait: string }> {
  const pairs: Array<[string | null, string | null]> = [
    [prize.hero_image, prize.hero_image_portrait],
    [prize.secondary_image_1, prize.secondary_image_1_portrait],
    [prize.secondary_image_2, prize.secondary_image_2_portrait],
    [prize.secondary_image_3, prize.secondary_image_3_portrait],
  ];
  return pairs
    .filter(([plain, portrait]) => Boolean(plain?.trim() || portrait?.trim()))
    .map(([plain, portrait]) => ({ landscape: imageUrl(plain ?? portrait), portrait: imageUrl(portraitOr(portrait, plain)) }));
}

/** Draw times: one helper for the member console (club time, AEDT or AEST as on that date). */
export { formatDrawTime } from './club-time';

/** The card's 'won' text: uppercased, green only for 'won' (spec section 3). */
export function wonBadge(won: string | null | undefined): { text: string; tone: 'won' | 'neutral' } | null {
  const text = won?.trim();
  if (!text) return null;
  return { text: text.toUpperCase(), tone: text.toLowerCase() === 'won' ? 'won' : 'neutral' };
}

/**
 * The locked flag of an event card (the spec leaves its rule open). Our rule follows which entries
 * count in which draw: bonus draws need a tier with bonus_draws, weekly draws one with weekly_draws;
 * every other draw is open to look at and enter.
 */
export function isPrizeLocked(prizeTypeId: string | null | undefined, tier: { bonus_draws: boolean; weekly_draws: boolean } | undefined): boolean {
  const type = asPrizeType(prizeTypeId);
  if (type === 'bonus') return !tier?.bonus_draws;
  if (type === 'weekly') return !tier?.weekly_draws;
  return false;
}

/** Entries still open: the closing instant has not passed. */
export const isOpen = (prize: Pick<Prize, 'prize_end_date'>, now: number): boolean => new Date(prize.prize_end_date).getTime() > now;
