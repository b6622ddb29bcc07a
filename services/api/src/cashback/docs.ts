import { z } from 'zod';
import {
  cashbackOverviewAnswerSchema,
  cashbackPayoutSchema,
  claimDecisionSchema,
  claimFieldsSchema,
  claimSubmittedAnswerSchema,
  payoutActionSchema,
  payoutExportQuerySchema,
  staffClaimDetailSchema,
  staffClaimSchema,
} from '@roar/contracts/cashback';
import { listQuerySchema } from '@roar/contracts/http';
import { documentRoute } from '../http/openapi';

const staff = { tag: 'staff', auth: 'staff' } as const;
/** A receipt is served as the bytes it was uploaded as (its type sniffed then): JPEG, PNG, WebP or PDF. */
const receiptFile = z.string().describe('the receipt file (binary): image/jpeg, image/png, image/webp or application/pdf, as uploaded');

documentRoute({
  method: 'get',
  path: '/api/cashback',
  tag: 'cashback',
  auth: 'member',
  summary: "The member's green-fee cashback claims, the tier maximum and whether this month is claimed",
  response: cashbackOverviewAnswerSchema,
  errors: [401],
});
documentRoute({
  method: 'post',
  path: '/api/cashback/claims',
  tag: 'cashback',
  auth: 'member',
  summary:
    'Claim green-fee cashback: multipart/form-data with course, played_on (YYYY-MM-DD), amount (dollars) and the receipt file (JPEG, PNG, WebP or PDF, at most 10 MB)',
  body: claimFieldsSchema.extend({ receipt: z.string().describe('the file (binary)') }),
  status: 201,
  response: claimSubmittedAnswerSchema,
  errors: [400, 401, 403, 409, 413],
});
documentRoute({
  method: 'get',
  path: '/api/cashback/claims/:id/receipt',
  tag: 'cashback',
  auth: 'member',
  summary: "The claim's receipt file (its member only)",
  response: receiptFile,
  responseType: 'application/octet-stream',
  errors: [401, 404],
});
documentRoute({
  method: 'get',
  path: '/api/admin/cashback-claims',
  ...staff,
  summary: 'Cashback claims; filter by status, member_id',
  query: listQuerySchema,
  response: z.array(staffClaimSchema),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/cashback-claims/:id',
  ...staff,
  summary: 'One claim with its member, overdue flag and events',
  response: staffClaimDetailSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/admin/cashback-claims/:id/receipt',
  ...staff,
  summary: "The claim's receipt file",
  response: receiptFile,
  responseType: 'application/octet-stream',
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/cashback-claims/:id/approve',
  ...staff,
  summary: 'Approve a claim (schedules its payout)',
  body: claimDecisionSchema,
  response: staffClaimSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/admin/cashback-claims/:id/decline',
  ...staff,
  summary: 'Decline a claim with the reason the member reads',
  body: claimDecisionSchema,
  response: staffClaimSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/admin/cashback-payouts',
  ...staff,
  summary: 'The payout ledger (scheduled, paid, reversed)',
  query: listQuerySchema,
  response: z.array(cashbackPayoutSchema),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/cashback-payouts/export',
  ...staff,
  summary: 'The payout ledger as CSV for the bank; ?status=scheduled|paid|reversed',
  query: payoutExportQuerySchema,
  response: z
    .string()
    .describe(
      'CSV columns: payout_id, claim_id, member_id, member_name, member_email, amount, status, scheduled_at, paid_at, bank_reference, reversed_at, reason',
    ),
  responseType: 'text/csv',
  errors: [400, 401, 403],
});
documentRoute({
  method: 'post',
  path: '/api/admin/cashback-payouts/:id/paid',
  ...staff,
  summary: 'Record a payout as paid with the bank reference',
  body: payoutActionSchema.required({ bank_reference: true }),
  response: cashbackPayoutSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/admin/cashback-payouts/:id/reverse',
  ...staff,
  summary: 'Reverse a scheduled or paid payout',
  body: claimDecisionSchema,
  response: cashbackPayoutSchema,
  errors: [400, 401, 403, 404, 409],
});
