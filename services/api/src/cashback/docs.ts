import { z } from 'zod';
import { documentRoute } from '../http/openapi';
import { claimFieldsSchema } from './routes';

const loose = z.object({}).loose();
const listQuery = z.object({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() });
const reason = z.object({ reason: z.string().min(3).max(500) });

documentRoute({ method: 'get', path: '/api/cashback', tag: 'cashback', auth: 'member', summary: "The member's green-fee cashback claims, the tier maximum and whether this month is claimed", response: z.object({ data: loose }), errors: [401] });
documentRoute({
  method: 'post', path: '/api/cashback/claims', tag: 'cashback', auth: 'member',
  summary: 'Claim green-fee cashback: multipart/form-data with course, played_on (YYYY-MM-DD), amount (dollars) and the receipt file (JPEG, PNG, WebP or PDF, at most 10 MB)',
  body: claimFieldsSchema.extend({ receipt: z.string().describe('the file (binary)') }), response: z.object({ data: loose }), errors: [400, 401, 403, 409, 413],
});
documentRoute({ method: 'get', path: '/api/cashback/claims/:id/receipt', tag: 'cashback', auth: 'member', summary: "The claim's receipt file (its member only)", errors: [401, 404] });
documentRoute({ method: 'get', path: '/api/admin/cashback-claims', tag: 'staff', auth: 'staff', summary: 'Cashback claims; filter by status, member_id', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/api/admin/cashback-claims/:id', tag: 'staff', auth: 'staff', summary: 'One claim with its member, overdue flag and events', response: loose, errors: [401, 403, 404] });
documentRoute({ method: 'get', path: '/api/admin/cashback-claims/:id/receipt', tag: 'staff', auth: 'staff', summary: "The claim's receipt file", errors: [401, 403, 404] });
documentRoute({ method: 'post', path: '/api/admin/cashback-claims/:id/approve', tag: 'staff', auth: 'staff', summary: 'Approve a claim (schedules its payout)', body: reason, response: loose, errors: [400, 401, 403, 404, 409] });
documentRoute({ method: 'post', path: '/api/admin/cashback-claims/:id/decline', tag: 'staff', auth: 'staff', summary: 'Decline a claim with the reason the member reads', body: reason, response: loose, errors: [400, 401, 403, 404, 409] });
documentRoute({ method: 'get', path: '/api/admin/cashback-payouts', tag: 'staff', auth: 'staff', summary: 'The payout ledger (scheduled, paid, reversed)', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/api/admin/cashback-payouts/export', tag: 'staff', auth: 'staff', summary: 'The payout ledger as CSV for the bank; ?status=scheduled|paid|reversed', errors: [400, 401, 403] });
documentRoute({ method: 'post', path: '/api/admin/cashback-payouts/:id/paid', tag: 'staff', auth: 'staff', summary: 'Record a payout as paid with the bank reference', body: reason.extend({ bank_reference: z.string() }), response: loose, errors: [400, 401, 403, 404, 409] });
documentRoute({ method: 'post', path: '/api/admin/cashback-payouts/:id/reverse', tag: 'staff', auth: 'staff', summary: 'Reverse a scheduled or paid payout', body: reason, response: loose, errors: [400, 401, 403, 404, 409] });
