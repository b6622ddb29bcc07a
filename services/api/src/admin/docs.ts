import { z } from 'zod';
import { staffLoginAnswerSchema, staffLoginSchema, staffUserSchema } from '@roar/contracts/auth';
import { listQuerySchema } from '@roar/contracts/http';
import {
  entryAdjustmentAnswerSchema,
  failedJobSchema,
  jobRetryAnswerSchema,
  orHeld,
  projectionSchema,
  projectionVerificationSchema,
  staffEventSchema,
  staffMemberDetailSchema,
  staffMemberSchema,
  staffMembershipSchema,
  staffPaymentSchema,
} from '@roar/contracts/staff';
import { documentRoute, type RouteDoc } from '../http/openapi';
import { entryAdjustmentSchema } from '../members/admin/entry-adjustments';
import { membershipCreateSchema, membershipEditSchema } from '../members/admin/membership-edits';
import { idParams as membershipIdParams } from '../members/admin/memberships';

/**
 * The staff API in the OpenAPI document. Lists follow ra-data-simple-rest: JSON in the query
 * string and the total in `Content-Range`. Bodies are the zod schemas the routes parse with.
 */
const listQuery = listQuerySchema;
const staff = (doc: Omit<RouteDoc, 'tag' | 'auth'> & { tag?: string }) => documentRoute({ tag: 'staff', auth: 'staff', ...doc });

documentRoute({
  method: 'post',
  path: '/api/admin/auth/login',
  tag: 'staff',
  summary: 'Staff sign-in: a staff token (HS256, 8 h) and the user',
  body: staffLoginSchema,
  response: staffLoginAnswerSchema,
  errors: [400, 401, 429],
});
staff({ method: 'get', path: '/api/admin/auth/me', summary: 'The signed-in staff user', response: staffUserSchema, errors: [401] });

staff({
  method: 'get',
  path: '/api/admin/memberships',
  summary: 'Membership tiers (every status)',
  query: listQuery,
  response: z.array(staffMembershipSchema),
  errors: [400, 401, 403],
});
staff({
  method: 'get',
  path: '/api/admin/memberships/:id',
  summary: 'One membership tier',
  params: membershipIdParams,
  response: staffMembershipSchema,
  errors: [401, 403, 404],
});
staff({
  method: 'put',
  path: '/api/admin/memberships/:id',
  params: membershipIdParams,
  summary: 'Edit a tier (admin, staff): ReviseMembershipTier / ChangeMembershipTierStatus with a reason',
  body: membershipEditSchema,
  response: staffMembershipSchema,
  errors: [400, 401, 403, 404, 409],
});
staff({
  method: 'post',
  path: '/api/admin/memberships',
  summary: 'Define a tier (admin): DefineMembershipTier with a reason',
  body: membershipCreateSchema,
  status: 201,
  response: staffMembershipSchema,
  errors: [400, 401, 403, 409],
});

staff({
  method: 'get',
  path: '/api/admin/events',
  summary: 'The event log, newest first (read-only)',
  query: listQuery,
  response: z.array(staffEventSchema),
  errors: [400, 401, 403],
});
staff({
  method: 'get',
  path: '/api/admin/events/:id',
  summary: 'One event with its envelope (actor, reason, correlation)',
  response: staffEventSchema,
  errors: [401, 403, 404],
});

staff({
  method: 'get',
  path: '/api/admin/jobs-failed',
  summary: 'Jobs that failed after every retry',
  query: listQuery,
  response: z.array(failedJobSchema),
  errors: [400, 401, 403],
});
staff({ method: 'get', path: '/api/admin/jobs-failed/:id', summary: 'One failed job', response: failedJobSchema, errors: [401, 403, 404] });
staff({
  method: 'post',
  path: '/api/admin/jobs-failed/:id/retry',
  summary: 'Retry a failed job (admin, staff)',
  response: jobRetryAnswerSchema,
  errors: [401, 403, 404],
});

const projection = projectionSchema;
staff({
  method: 'get',
  path: '/api/admin/projections',
  summary: 'Each read model: checkpoint, state and last rebuild',
  query: listQuery,
  response: z.array(projection),
  errors: [400, 401, 403],
});
staff({
  method: 'get',
  path: '/api/admin/projections/:name',
  summary: 'One read model; poll it for rebuild progress',
  response: projection,
  errors: [401, 403, 404],
});
staff({
  method: 'post',
  path: '/api/admin/projections/:name/verify',
  summary: 'Replay into a scratch schema and compare: VERIFIED or the differing rows',
  response: projectionVerificationSchema,
  errors: [401, 403, 404],
});
staff({
  method: 'post',
  path: '/api/admin/projections/:name/rebuild',
  summary: 'Start a rebuild in the background (admin); answers 202',
  status: 202,
  response: projection,
  errors: [401, 403, 404, 409],
});

staff({
  method: 'get',
  path: '/api/admin/members',
  summary: 'Members; filter q searches name and email',
  query: listQuery,
  response: z.array(staffMemberSchema),
  errors: [400, 401, 403],
});
staff({
  method: 'get',
  path: '/api/admin/members/:id',
  summary: 'One member: profile, plan, entries ledger with ticket numbers, payments and event history (no secrets)',
  response: staffMemberDetailSchema,
  errors: [401, 403, 404],
});
staff({
  method: 'post',
  path: '/api/admin/entry-adjustments',
  summary: 'Grant (count > 0) or revoke (count < 0) entries with a reason (admin, staff): GrantEntries / RevokeEntries',
  body: entryAdjustmentSchema,
  status: 201,
  response: orHeld(entryAdjustmentAnswerSchema),
  errors: [400, 401, 403, 404, 409],
});
staff({
  method: 'get',
  path: '/api/admin/payments',
  summary: 'Payments (one per checkout); filter by member_id, status, purpose, subscription',
  query: listQuery,
  response: z.array(staffPaymentSchema),
  errors: [400, 401, 403],
});
staff({
  method: 'get',
  path: '/api/admin/payments/:id',
  summary: 'One payment by checkout id',
  response: staffPaymentSchema,
  errors: [401, 403, 404],
});
