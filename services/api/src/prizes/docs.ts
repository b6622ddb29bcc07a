import { z } from 'zod';
import { documentRoute } from '../http/openapi';
import { claimSchema } from './member';

/** The prize routes of the member API and the content API (docs/contracts-4-5.md) in the OpenAPI document. */
const loose = z.object({}).loose();
const itemsQuery = z.object({
  filter: z.string().optional().describe('filter[field][_eq|_in]=value, or the same as one JSON object'),
  sort: z.string().optional().describe('comma-separated fields, - for descending'),
  limit: z.number().int().min(-1).max(2147483647).optional().describe('most records; -1 for all'),
});

documentRoute({
  method: 'get',
  path: '/api/get-next-giveaway',
  tag: 'prizes',
  summary: 'The next open giveaway; with a member bearer, whether they are in and with how many entries',
  response: z.object({ data: loose.optional(), error: z.string().optional() }),
});
documentRoute({ method: 'get', path: '/api/user-draws', tag: 'prizes', auth: 'member', summary: "Every published draw with the member's entries, tickets and result", response: z.object({ data: z.array(loose) }), errors: [401, 503] });
documentRoute({ method: 'post', path: '/api/claim-prize', tag: 'prizes', auth: 'member', summary: 'Claim a prize the member won', body: claimSchema, response: z.object({ data: z.object({ claimed: z.literal(true) }) }), errors: [400, 401, 403, 404, 409] });
documentRoute({ method: 'get', path: '/items/prizes', tag: 'content', summary: 'Published giveaways, soonest closing first (default limit 4)', query: itemsQuery, response: z.object({ data: z.array(loose) }) });
documentRoute({ method: 'get', path: '/items/winners', tag: 'content', summary: 'Published winners, as displayed', response: z.object({ data: z.array(loose) }) });
documentRoute({ method: 'get', path: '/items/winners_page', tag: 'content', summary: 'The winners page copy', response: z.object({ data: loose }) });
documentRoute({ method: 'get', path: '/items/tokens', tag: 'content', summary: 'Public service keys the browser needs (reCAPTCHA site key when configured)', response: z.object({ data: z.array(z.object({ name: z.string(), token: z.string() })) }) });
