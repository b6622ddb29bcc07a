import {
  claimPrizeAnswerSchema,
  claimPrizeBodySchema,
  declinePrizeAnswerSchema,
  declinePrizeBodySchema,
  drawTermsAnswerSchema,
  nextGiveawayAnswerSchema,
  prizesAnswerSchema,
  userDrawsAnswerSchema,
  winnersAnswerSchema,
} from '@roar/contracts/prizes';
import { itemsQuerySchema, tokensAnswerSchema, winnersPageAnswerSchema } from '@roar/contracts/content';
import { documentRoute } from '../http/openapi';

/** The prize routes of the member API and the content API (docs/contracts-4-5.md) in the OpenAPI document. */
documentRoute({
  method: 'get',
  path: '/api/get-next-giveaway',
  tag: 'prizes',
  summary: 'The next open giveaway; with a member bearer, whether they are in and with how many entries',
  response: nextGiveawayAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/api/user-draws',
  tag: 'prizes',
  auth: 'member',
  summary: "Every published draw with the member's entries, tickets and result",
  response: userDrawsAnswerSchema,
  errors: [401, 503],
});
documentRoute({
  method: 'post',
  path: '/api/claim-prize',
  tag: 'prizes',
  auth: 'member',
  summary: 'Claim a prize the member won',
  body: claimPrizeBodySchema,
  response: claimPrizeAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/decline-prize',
  tag: 'prizes',
  auth: 'member',
  summary: 'Decline a prize the member won (issue 22): it goes back for a redraw',
  body: declinePrizeBodySchema,
  response: declinePrizeAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/items/prizes',
  tag: 'content',
  summary: 'Published giveaways, soonest closing first (default limit 4)',
  query: itemsQuerySchema,
  response: prizesAnswerSchema,
});
documentRoute({ method: 'get', path: '/items/winners', tag: 'content', summary: 'Published winners, as displayed', response: winnersAnswerSchema });
documentRoute({ method: 'get', path: '/items/winners_page', tag: 'content', summary: 'The winners page copy', response: winnersPageAnswerSchema });
documentRoute({
  method: 'get',
  path: '/items/tokens',
  tag: 'content',
  summary: 'Public service keys the browser needs (reCAPTCHA site key when configured)',
  response: tokensAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/api/prizes/{slug}/terms',
  tag: 'prizes',
  summary: "The draw's terms in force: the latest version issued (on publish, and whenever the draw's data they show changes)",
  response: drawTermsAnswerSchema,
  errors: [404],
});
