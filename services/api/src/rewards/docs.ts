import { z } from 'zod';
import { offerFieldsSchema, partnerFieldsSchema } from '@roar/domain';
import { documentRoute } from '../http/openapi';

const loose = z.object({}).loose();
const listQuery = z.object({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() });
const reason = z.object({ reason: z.string().min(3).max(500) });
const offerBody = z.intersection(offerFieldsSchema, reason.extend({ partner_id: z.string() }));

documentRoute({ method: 'get', path: '/api/rewards', tag: 'rewards', summary: 'Live offers by category; terms and redeem method only with rewards access (optional bearer)', response: z.object({ data: loose }) });
documentRoute({ method: 'post', path: '/api/rewards/offers/:id/reveal', tag: 'rewards', summary: "An offer's code, link or member card; recorded as a redemption", auth: 'member', response: z.object({ data: loose }), errors: [401, 403, 404] });
documentRoute({ method: 'get', path: '/items/rewards_carousel', tag: 'content', summary: 'Rewards carousel items (featured live offers)', response: z.object({ data: z.array(loose) }) });
documentRoute({ method: 'get', path: '/items/partners', tag: 'content', summary: 'Published partners (name, logo, category, sample)', response: z.object({ data: z.array(loose) }) });
documentRoute({ method: 'get', path: '/api/admin/partners', tag: 'staff', auth: 'staff', summary: 'Partners', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/api/admin/partners/:id', tag: 'staff', auth: 'staff', summary: 'One partner with its events', response: loose, errors: [401, 403, 404] });
documentRoute({ method: 'post', path: '/api/admin/partners', tag: 'staff', auth: 'staff', summary: 'Add a partner (with a reason)', body: z.intersection(partnerFieldsSchema, reason), response: loose, errors: [400, 401, 403] });
documentRoute({ method: 'put', path: '/api/admin/partners/:id', tag: 'staff', auth: 'staff', summary: 'Change a partner (with a reason)', body: z.intersection(partnerFieldsSchema, reason), response: loose, errors: [400, 401, 403, 404, 409] });
documentRoute({ method: 'get', path: '/api/admin/offers', tag: 'staff', auth: 'staff', summary: 'Offers; filter by partner_id', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/api/admin/offers/:id', tag: 'staff', auth: 'staff', summary: 'One offer with its events', response: loose, errors: [401, 403, 404] });
documentRoute({ method: 'post', path: '/api/admin/offers', tag: 'staff', auth: 'staff', summary: 'Add an offer to a partner (with a reason)', body: offerBody, response: loose, errors: [400, 401, 403, 404] });
documentRoute({ method: 'put', path: '/api/admin/offers/:id', tag: 'staff', auth: 'staff', summary: 'Change an offer (with a reason)', body: offerBody, response: loose, errors: [400, 401, 403, 404, 409] });
documentRoute({ method: 'get', path: '/api/admin/reward-redemptions', tag: 'staff', auth: 'staff', summary: 'Code reveals per partner and Sydney month; filter by partner_id, month', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
