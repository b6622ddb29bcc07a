import { z } from 'zod';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { session } from '../../lib/session';
import { tokens } from '../../lib/tokens';

export const partnerSchema = z.object({ id: z.string(), name: z.string(), logo: z.string(), category: z.string(), sample: z.boolean() });
export type Partner = z.infer<typeof partnerSchema>;

export const offerSchema = z.object({
  id: z.string(),
  title: z.string(),
  saving: z.string(),
  category: z.string(),
  partner: partnerSchema,
  ends_at: z.string().nullable(),
  locked: z.boolean(),
  terms: z.string().nullable(),
  redeem_method: z.enum(['code', 'link', 'card']).nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

const rewardsSchema = z.object({
  data: z.object({
    rewards_access: z.boolean(),
    signed_in: z.boolean(),
    categories: z.array(z.object({ id: z.string(), title: z.string(), offers: z.array(offerSchema) })),
  }),
});
export type Rewards = z.infer<typeof rewardsSchema>['data'];

/** `GET /api/rewards`, with the member's token when signed in (the server decides what is locked). */
export async function fetchRewards(): Promise<ApiResult<Rewards>> {
  // A visitor asks without a token (asking the token manager would send them to login).
  const signedIn = session.accessToken() !== null || session.refreshToken() !== null;
  const token = signedIn ? await tokens.accessToken() : null;
  const result = await apiRequest('/api/rewards', { schema: rewardsSchema, token });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

const revealSchema = z.object({
  data: z.object({
    offer_id: z.string(),
    partner: z.string(),
    redeem_method: z.enum(['code', 'link', 'card']),
    code: z.string().nullable(),
    url: z.string().nullable(),
    card: z.object({ name: z.string(), tier: z.string(), member_number: z.string(), valid_on: z.string() }).nullable(),
    terms: z.string(),
  }),
});
export type Reveal = z.infer<typeof revealSchema>['data'];

/** `POST /api/rewards/offers/{id}/reveal`: the code, link or member card; each call is recorded. */
export async function revealOffer(offerId: string): Promise<ApiResult<Reveal>> {
  const result = await memberRequest(`/api/rewards/offers/${encodeURIComponent(offerId)}/reveal`, { method: 'POST', body: {}, schema: revealSchema, serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

const carouselSchema = z.object({
  data: z.array(z.object({ id: z.string(), status: z.string(), title: z.string(), subtitle: z.string(), image: z.string(), url: z.string(), sample: z.boolean() })),
});
export type CarouselItem = z.infer<typeof carouselSchema>['data'][number];

/** `GET /items/rewards_carousel` (published items). */
export async function fetchRewardsCarousel(): Promise<ApiResult<CarouselItem[]>> {
  const result = await apiRequest('/items/rewards_carousel', { schema: carouselSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}
