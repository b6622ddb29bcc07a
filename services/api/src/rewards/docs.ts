import { z } from 'zod';
import { listQuerySchema } from '@roar/contracts/http';
import {
  carouselAnswerSchema,
  offerBodySchema,
  partnerBodySchema,
  publicPartnersAnswerSchema,
  redemptionSchema,
  revealAnswerSchema,
  rewardsAnswerSchema,
  staffOfferDetailSchema,
  staffOfferRowSchema,
  staffOfferSchema,
  staffPartnerDetailSchema,
  staffPartnerSchema,
} from '@roar/contracts/rewards';
import { documentRoute } from '../http/openapi';

const staff = { tag: 'staff', auth: 'staff' } as const;

documentRoute({
  method: 'get',
  path: '/api/rewards',
  tag: 'rewards',
  summary: 'Live offers by category; terms and redeem method only with rewards access (optional bearer)',
  response: rewardsAnswerSchema,
});
documentRoute({
  method: 'post',
  path: '/api/rewards/offers/:id/reveal',
  tag: 'rewards',
  summary: "An offer's code, link or member card; recorded as a redemption",
  auth: 'member',
  status: 201,
  response: revealAnswerSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'get',
  path: '/items/rewards_carousel',
  tag: 'content',
  summary: 'Rewards carousel items (featured live offers)',
  response: carouselAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/items/partners',
  tag: 'content',
  summary: 'Published partners (name, logo, category, sample)',
  response: publicPartnersAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/api/admin/partners',
  ...staff,
  summary: 'Partners',
  query: listQuerySchema,
  response: z.array(staffPartnerSchema),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/partners/:id',
  ...staff,
  summary: 'One partner with its events',
  response: staffPartnerDetailSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/partners',
  ...staff,
  summary: 'Add a partner (with a reason)',
  body: partnerBodySchema,
  status: 201,
  response: staffPartnerSchema,
  errors: [400, 401, 403],
});
documentRoute({
  method: 'put',
  path: '/api/admin/partners/:id',
  ...staff,
  summary: 'Change a partner (with a reason)',
  body: partnerBodySchema,
  response: staffPartnerSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/admin/offers',
  ...staff,
  summary: 'Offers; filter by partner_id',
  query: listQuerySchema,
  response: z.array(staffOfferRowSchema),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/offers/:id',
  ...staff,
  summary: 'One offer with its events',
  response: staffOfferDetailSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/offers',
  ...staff,
  summary: 'Add an offer to a partner (with a reason)',
  body: offerBodySchema,
  status: 201,
  response: staffOfferSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  method: 'put',
  path: '/api/admin/offers/:id',
  ...staff,
  summary: 'Change an offer (with a reason)',
  body: offerBodySchema,
  response: staffOfferSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/admin/reward-redemptions',
  ...staff,
  summary: 'Code reveals per partner and Sydney month; filter by partner_id, month',
  query: listQuerySchema,
  response: z.array(redemptionSchema),
  errors: [400, 401, 403],
});
