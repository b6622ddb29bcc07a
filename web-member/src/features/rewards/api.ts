import {
  carouselAnswerSchema,
  revealAnswerSchema,
  rewardsAnswerSchema,
  type CarouselItem,
  type OfferReveal,
  type Rewards,
} from '@roar/contracts/rewards';
import { apiRequest, type ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';
import { session } from '../../lib/session';
import { tokens } from '../../lib/tokens';

export type { CarouselItem, MemberOffer as Offer, OfferReveal as Reveal, PublicPartner as Partner, Rewards } from '@roar/contracts/rewards';

/** `GET /api/rewards`, with the member's token when signed in (the server decides what is locked). */
export async function fetchRewards(): Promise<ApiResult<Rewards>> {
  // A visitor asks without a token (asking the token manager would send them to login).
  const signedIn = session.accessToken() !== null || session.refreshToken() !== null;
  const token = signedIn ? await tokens.accessToken() : null;
  const result = await apiRequest('/api/rewards', { schema: rewardsAnswerSchema, token });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `POST /api/rewards/offers/{id}/reveal`: the code, link or member card; each call is recorded. */
export async function revealOffer(offerId: string): Promise<ApiResult<OfferReveal>> {
  const path = `/api/rewards/offers/${encodeURIComponent(offerId)}/reveal`;
  const result = await memberRequest(path, { method: 'POST', body: {}, schema: revealAnswerSchema, serverMessage: true });
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** `GET /items/rewards_carousel` (published items). */
export async function fetchRewardsCarousel(): Promise<ApiResult<CarouselItem[]>> {
  const result = await apiRequest('/items/rewards_carousel', { schema: carouselAnswerSchema });
  return result.ok ? { ok: true, data: result.data.data } : result;
}
