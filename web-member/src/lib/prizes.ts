import { DRAWS_ERROR } from '@roar/contracts/errors';
import {
  asPrizeType,
  nextGiveawayAnswerSchema,
  prizesAnswerSchema,
  type NextGiveaway as NextGiveawayItem,
  type Prize,
  type PrizeType,
} from '@roar/contracts/prizes';
import { apiRequest, type ApiResult } from './api-client';
import { tokens } from './tokens';
import { session } from './session';

/**
 * Giveaways (spec section 3, docs/contracts-4-5.md issue 5): the prize item, the calls that read
 * it, and the pure rules the cards and pages show it by. Shared by the draws pages and the
 * next-giveaway block on the dashboard and home.
 */
export { DRAWS_ERROR };
export {
  asPrizeType,
  PRIZE_TYPE_DISPLAY,
  PRIZE_TYPES,
  prizeSchema,
  prizeTypeDisplay,
  type Prize,
  type PrizeType,
  type PrizeTypeDisplay,
} from '@roar/contracts/prizes';

/** Default page size of prize blocks; the list pages ask for 100 (spec section 9). */
export const PRIZE_BLOCK_LIMIT = 4;
export const PRIZE_LIST_LIMIT = 100;
export const NO_EVENTS = 'No Events';

/** `GET /items/prizes`: published prizes by closing time, optionally of one type. */
export async function fetchPrizes(options: { limit?: number; prizeTypeId?: PrizeType | null } = {}, baseUrl = ''): Promise<ApiResult<Prize[]>> {
  const query: Record<string, string | number> = {
    'filter[status][_eq]': 'published',
    sort: 'prize_end_date',
    limit: options.limit ?? PRIZE_BLOCK_LIMIT,
  };
  if (options.prizeTypeId) query['filter[prize_type_id][_eq]'] = options.prizeTypeId;
  const result = await apiRequest('/items/prizes', { schema: prizesAnswerSchema, query, serverMessage: true, baseUrl });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /items/prizes` by slug (published or archived); `null` when there is none. */
/** The preload key of one giveaway's answer (the server reads it for the page's Open Graph card). */
export const prizeKey = (slug: string): string => `prize:${slug}`;

export async function fetchPrizeBySlug(slug: string, baseUrl = ''): Promise<ApiResult<Prize | null>> {
  const result = await apiRequest('/items/prizes', {
    schema: prizesAnswerSchema,
    query: { 'filter[slug][_eq]': slug, 'filter[status][_in]': 'published,archived' },
    serverMessage: true,
    baseUrl,
  });
  return result.ok ? { ok: true, data: result.data.data[0] ?? null } : result;
}

export type NextGiveaway = { giveaway: NextGiveawayItem } | { error: string };

/** A bearer when signed in (the call is public; signed in, it says whether the member joined). */
const optionalToken = async (): Promise<string | null> => (session.isLoggedIn() ? tokens.accessToken() : null);

/** `GET /api/get-next-giveaway`: the prize or the server's error string, shown in its place. */
export async function fetchNextGiveaway(): Promise<NextGiveaway> {
  const result = await apiRequest('/api/get-next-giveaway', { schema: nextGiveawayAnswerSchema, token: await optionalToken(), serverError: true });
  if (!result.ok) return { error: result.error };
  return 'data' in result.data ? { giveaway: result.data.data } : { error: result.data.error };
}

// ---- Pure display rules ----

// The display settings of prize types (PRIZE_TYPE_DISPLAY, prizeTypeDisplay) are the contract's.

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
export const portraitOr = (portrait: string | null | undefined, plain: string | null | undefined): string | null =>
  portrait?.trim() ? portrait : (plain ?? null);

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
