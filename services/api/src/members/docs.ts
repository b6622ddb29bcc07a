import { z } from 'zod';
import { emptyAnswerSchema } from '@roar/contracts/auth';
import {
  cancelMembershipAnswerSchema,
  cancelPreviewAnswerSchema,
  currentUserSchema,
  entryStatementAnswerSchema,
  payMethodAnswerSchema,
  planChangeAnswerSchema,
  profileUpdateAnswerSchema,
  providerWebhookAnswerSchema,
  signUpAnswerSchema,
  userTicketsAnswerSchema,
} from '@roar/contracts/members';
import { documentRoute } from '../http/openapi';
import { cardForm } from '../payments/local/router';
import { membershipChoice, profileSchema, trackSchema } from './routes';
import { signUpSchema } from './signup';

/**
 * The member API of spec section 7 in the OpenAPI document, from the schemas the routes parse
 * with. Answers keep the spec's shapes (`{status, result, error}` for plan changes).
 */
const planResult = planChangeAnswerSchema;
const member = { tag: 'members', auth: 'member' } as const;

documentRoute({
  method: 'post',
  path: '/api/sign-up',
  tag: 'members',
  summary: 'Join: credentials, the member, the chosen plan; a paid plan answers the checkout URL',
  body: signUpSchema,
  status: 201,
  response: signUpAnswerSchema,
  errors: [400, 409, 429],
});
documentRoute({
  ...member,
  method: 'get',
  path: '/api/current-user',
  summary: 'The signed-in member, their plan and subscription',
  response: currentUserSchema,
  errors: [401, 404],
});
documentRoute({
  ...member,
  method: 'patch',
  path: '/api/update-user',
  summary: 'Edit the profile (UpdateMemberProfile)',
  body: profileSchema,
  response: profileUpdateAnswerSchema,
  errors: [400, 401],
});
documentRoute({
  ...member,
  method: 'post',
  path: '/api/upgrade-plan',
  summary: 'Change to another plan: answers the checkout URL',
  body: membershipChoice,
  response: planResult,
  errors: [400, 401, 403],
});
documentRoute({
  ...member,
  method: 'post',
  path: '/api/single-entry',
  summary: 'Buy a single entry: answers the checkout URL',
  body: membershipChoice,
  response: planResult,
  errors: [400, 401, 403],
});
documentRoute({
  ...member,
  method: 'post',
  path: '/api/cancel-membership',
  summary: 'Cancel at the end of the paid period',
  response: cancelMembershipAnswerSchema,
  errors: [401, 403],
});
documentRoute({
  ...member,
  method: 'get',
  path: '/api/cancel-preview',
  summary: 'Before cancelling: the open draws the entries stay in, what is forfeited and the day benefits end, in words',
  response: cancelPreviewAnswerSchema,
  errors: [401, 403, 503],
});
documentRoute({
  ...member,
  method: 'get',
  path: '/api/entry-statement',
  summary: 'The entry statement: month by month (club calendar), each grant, its source and reason, and the draws it counts in',
  response: entryStatementAnswerSchema,
  errors: [401, 503],
});
documentRoute({
  ...member,
  method: 'get',
  path: '/api/user-tickets',
  summary: 'Entries: total, granted, revoked and each grant with its ticket numbers',
  response: userTicketsAnswerSchema,
  errors: [401, 503],
});
documentRoute({
  ...member,
  method: 'get',
  path: '/api/user-pay-method',
  summary: 'The card last used (brand and last four digits)',
  response: payMethodAnswerSchema,
  errors: [401, 503],
});
documentRoute({
  method: 'post',
  path: '/api/track-event',
  tag: 'members',
  summary: 'A browser conversion event for the ad platform (job queue; answers 202)',
  body: trackSchema,
  status: 202,
  response: emptyAnswerSchema,
  errors: [400],
});
documentRoute({
  method: 'post',
  path: '/api/payments/webhook',
  tag: 'payments',
  summary: "The payment provider's webhook: the raw body, verified by its Stripe-Signature header",
  body: z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }).loose() }).loose(),
  response: providerWebhookAnswerSchema,
  errors: [400],
});
const sessionParams = z.object({ sessionId: z.string().max(200) });
documentRoute({
  method: 'get',
  path: '/pay/checkout/:sessionId',
  tag: 'payments',
  summary: 'Local test-mode checkout page (HTML; only without Stripe keys)',
  params: sessionParams,
  responseType: 'text/html',
  response: z.string().describe('the checkout page (HTML)'),
  errors: [404, 410],
});
documentRoute({
  method: 'post',
  path: '/pay/checkout/:sessionId',
  tag: 'payments',
  summary: "Pay on the local checkout page with one of Stripe's test cards (redirects with 303)",
  params: sessionParams,
  body: cardForm,
  bodyType: 'application/x-www-form-urlencoded',
  status: 303,
  errors: [402, 404, 410],
});
