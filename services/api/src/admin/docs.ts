import { z } from 'zod';
import { documentRoute, type RouteDoc } from '../http/openapi';
import { entryAdjustmentSchema } from '../members/admin/entry-adjustments';
import { membershipCreateSchema, membershipEditSchema } from '../members/admin/membership-edits';
import { idParams as membershipIdParams } from '../members/admin/memberships';

/**
 * The staff API in the OpenAPI document. Lists follow ra-data-simple-rest: JSON in the query
 * string and the total in `Content-Range`. Bodies are the zod schemas the routes parse with.
 */
const listQuery = z.object({
  sort: z.string().optional().describe('JSON ["field","ASC"|"DESC"]'),
  range: z.string().optional().describe('JSON [start,end], inclusive'),
  filter: z.string().optional().describe('JSON object of filters; {"id":[...]} for getMany'),
});

const loose = z.object({}).loose();
const staff = (doc: Omit<RouteDoc, 'tag' | 'auth'> & { tag?: string }) => documentRoute({ tag: 'staff', auth: 'staff', ...doc });

documentRoute({
  method: 'post',
  path: '/api/admin/auth/login',
  tag: 'staff',
  summary: 'Staff sign-in: a staff token (HS256, 8 h) and the user',
  body: z.object({ email: z.string(), password: z.string() }),
  response: z.union([
    z.object({ token: z.string(), user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(['admin', 'staff', 'auditor']) }).loose() }),
    z.object({ two_factor: z.enum(['verify', 'enrol']), challenge: z.string(), user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(['admin', 'staff', 'auditor']) }).loose() }),
  ]),
  errors: [400, 401, 429],
});
staff({ method: 'get', path: '/api/admin/auth/me', summary: 'The signed-in staff user', response: loose, errors: [401] });

staff({ method: 'get', path: '/api/admin/memberships', summary: 'Membership tiers (every status)', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
staff({ method: 'get', path: '/api/admin/memberships/:id', summary: 'One membership tier', params: membershipIdParams, response: loose, errors: [401, 403, 404] });
staff({
  method: 'put',
  path: '/api/admin/memberships/:id',
  params: membershipIdParams,
  summary: 'Edit a tier (admin, staff): ReviseMembershipTier / ChangeMembershipTierStatus with a reason',
  body: membershipEditSchema,
  response: loose,
  errors: [400, 401, 403, 404, 409],
});
staff({ method: 'post', path: '/api/admin/memberships', summary: 'Define a tier (admin): DefineMembershipTier with a reason', body: membershipCreateSchema, response: loose, errors: [400, 401, 403, 409] });

staff({ method: 'get', path: '/api/admin/events', summary: 'The event log, newest first (read-only)', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
staff({ method: 'get', path: '/api/admin/events/:id', summary: 'One event with its envelope (actor, reason, correlation)', response: loose, errors: [401, 403, 404] });

staff({ method: 'get', path: '/api/admin/jobs-failed', summary: 'Jobs that failed after every retry', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
staff({ method: 'get', path: '/api/admin/jobs-failed/:id', summary: 'One failed job', response: loose, errors: [401, 403, 404] });
staff({ method: 'post', path: '/api/admin/jobs-failed/:id/retry', summary: 'Retry a failed job (admin, staff)', response: z.object({ id: z.string(), retried: z.literal(true) }), errors: [401, 403, 404] });

const rebuildState = z.object({ state: z.enum(['running', 'done', 'failed']), startedAt: z.string(), events: z.number(), total: z.number().nullable() }).loose();
const projection = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number(),
  stored_version: z.number().nullable(),
  state: z.string(),
  position: z.string().nullable(),
  updated_at: z.string().nullable(),
  last_error: z.string().nullable(),
  rebuild: rebuildState.nullable(),
});
staff({ method: 'get', path: '/api/admin/projections', summary: 'Each read model: checkpoint, state and last rebuild', query: listQuery, response: z.array(projection), errors: [400, 401, 403] });
staff({ method: 'get', path: '/api/admin/projections/:name', summary: 'One read model; poll it for rebuild progress', response: projection, errors: [401, 403, 404] });
staff({
  method: 'post',
  path: '/api/admin/projections/:name/verify',
  summary: 'Replay into a scratch schema and compare: VERIFIED or the differing rows',
  response: z.object({ verdict: z.enum(['VERIFIED', 'DIFFERENT']), ok: z.boolean(), difference_count: z.number(), differences: z.array(loose) }).loose(),
  errors: [401, 403, 404],
});
staff({ method: 'post', path: '/api/admin/projections/:name/rebuild', summary: 'Start a rebuild in the background (admin); answers 202', response: projection, errors: [401, 403, 404, 409] });


staff({ method: 'get', path: '/api/admin/members', summary: 'Members; filter q searches name and email', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
staff({
  method: 'get',
  path: '/api/admin/members/:id',
  summary: 'One member: profile, plan, entries ledger with ticket numbers, payments and event history (no secrets)',
  response: loose,
  errors: [401, 403, 404],
});
staff({
  method: 'post',
  path: '/api/admin/entry-adjustments',
  summary: 'Grant (count > 0) or revoke (count < 0) entries with a reason (admin, staff): GrantEntries / RevokeEntries',
  body: entryAdjustmentSchema,
  response: z.object({ id: z.string(), member_id: z.string(), count: z.number(), reason: z.string(), first_ticket: z.number().nullable(), last_ticket: z.number().nullable(), total: z.number() }),
  errors: [400, 401, 403, 404, 409],
});
staff({ method: 'get', path: '/api/admin/payments', summary: 'Payments (one per checkout); filter by member_id, status, purpose, subscription', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
staff({ method: 'get', path: '/api/admin/payments/:id', summary: 'One payment by checkout id', response: loose, errors: [401, 403, 404] });
