import { listQuerySchema } from '@roar/contracts/http';
import {
  adminReferralRecordSchema,
  adminReferralSchema,
  inviteEmailBodySchema,
  paymentRefundAnswerSchema,
  refundBodySchema,
  referralDetailsBodySchema,
  referralDetailsSchema,
  referralsAnswerSchema,
  sendRefereeEmailAnswerSchema,
} from '@roar/contracts/referrals';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'post',
  path: '/api/get-referral-details',
  tag: 'referrals',
  summary: 'Look a referral code up (a bearer, when sent, spots self-referral)',
  body: referralDetailsBodySchema,
  response: referralDetailsSchema,
  errors: [400],
});
documentRoute({
  method: 'post',
  path: '/api/send-referee-email',
  tag: 'referrals',
  summary: 'Email the share link to a friend (job queue; 10 per hour, one per email per 24 h)',
  body: inviteEmailBodySchema,
  response: sendRefereeEmailAnswerSchema,
  auth: 'member',
  errors: [400, 401, 403, 409, 429],
});
documentRoute({
  method: 'get',
  path: '/api/referrals',
  tag: 'referrals',
  summary: "The member's referrals",
  response: referralsAnswerSchema,
  auth: 'member',
  errors: [401],
});
documentRoute({
  method: 'get',
  path: '/api/admin/referrals',
  tag: 'staff',
  auth: 'staff',
  summary: 'Referrals; filter by status, referrer_id, referee_id, q',
  query: listQuerySchema,
  response: adminReferralSchema.array(),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/referrals/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'One referral (by referred member id) with its events',
  response: adminReferralRecordSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/payments/:id/refund',
  tag: 'staff',
  auth: 'staff',
  summary: 'Refund a paid payment in full (admin only; the provider confirms with charge.refunded; four-eyes may hold it)',
  body: refundBodySchema,
  response: paymentRefundAnswerSchema,
  status: 202,
  errors: [400, 401, 403, 404, 409],
});
