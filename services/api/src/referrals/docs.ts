import { z } from 'zod';
import { orHeld, paymentRefundAnswerSchema, paymentRefundSchema } from '@roar/contracts/staff';
import { documentRoute } from '../http/openapi';

const loose = z.object({}).loose();
const listQuery = z.object({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() });

documentRoute({
  method: 'post', path: '/api/get-referral-details', tag: 'referrals', summary: 'Look a referral code up (a bearer, when sent, spots self-referral)',
  body: z.object({ refer_code: z.string() }),
  response: z.object({ isValid: z.boolean(), message: z.string(), error: z.string().nullable(), referrer: z.object({ firstname: z.string() }).optional() }),
  errors: [400],
});
documentRoute({
  method: 'post', path: '/api/send-referee-email', tag: 'referrals', summary: 'Email the share link to a friend (job queue; 10 per hour, one per email per 24 h)',
  body: z.object({ email: z.string() }), response: z.object({ error: z.null() }), auth: 'member', errors: [400, 401, 403, 409, 429],
});
documentRoute({
  method: 'get', path: '/api/referrals', tag: 'referrals', summary: "The member's referrals",
  response: z.object({ data: z.array(z.object({ id: z.string(), referee_name: z.string(), status: z.enum(['recorded', 'bonus-granted', 'voided']), referrer_entries: z.number().nullable(), recorded_at: z.string(), granted_at: z.string().nullable() })) }),
  auth: 'member', errors: [401],
});
documentRoute({ method: 'get', path: '/api/admin/referrals', tag: 'staff', auth: 'staff', summary: 'Referrals; filter by status, referrer_id, referee_id, q', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/api/admin/referrals/:id', tag: 'staff', auth: 'staff', summary: 'One referral (by referred member id) with its events', response: loose, errors: [401, 403, 404] });
documentRoute({
  method: 'post', path: '/api/admin/payments/:id/refund', tag: 'staff', auth: 'staff', summary: 'Refund a paid payment in full (admin only; the provider confirms with charge.refunded)',
  body: paymentRefundSchema, status: 202, response: orHeld(paymentRefundAnswerSchema), errors: [400, 401, 403, 404, 409],
});
