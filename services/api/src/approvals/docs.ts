import { z } from 'zod';
import {
  staffSessionSchema,
  twoFactorConfirmedSchema,
  twoFactorConfirmSchema,
  twoFactorEnrolmentSchema,
  twoFactorEnrolSchema,
  twoFactorStatusSchema,
  twoFactorVerifySchema,
} from '@roar/contracts/auth';
import {
  approvalDeclineSchema,
  approvalSchema,
  orHeld,
  staffAccountSchema,
  staffRoleChangeSchema,
  staffSecurityChangeSchema,
  staffSecuritySchema,
} from '@roar/contracts/staff';
import { documentRoute, type RouteDoc } from '../http/openapi';

/** Staff two-factor sign-in, four-eyes approvals, the staff security settings and staff users in the OpenAPI document. */
const staff = (doc: Omit<RouteDoc, 'tag' | 'auth'>) => documentRoute({ tag: 'staff', auth: 'staff', ...doc });
const listQuery = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional().describe('JSON: {"status":"pending"} is the queue waiting for approval'),
});

documentRoute({
  method: 'post',
  path: '/api/admin/auth/two-factor/verify',
  tag: 'staff',
  summary: 'Second sign-in step: the challenge with a six-digit TOTP code or a one-time recovery code; answers the staff token',
  body: twoFactorVerifySchema,
  response: staffSessionSchema,
  errors: [400, 401, 409, 429],
});
documentRoute({
  method: 'post',
  path: '/api/admin/auth/two-factor/enrol',
  tag: 'staff',
  summary: 'Start enrolling a TOTP authenticator (with the enrol challenge, or signed in): the secret, its otpauth:// address and a QR code',
  body: twoFactorEnrolSchema,
  response: twoFactorEnrolmentSchema,
  errors: [400, 401, 409],
});
documentRoute({
  method: 'post',
  path: '/api/admin/auth/two-factor/confirm',
  tag: 'staff',
  summary: 'Confirm enrolment with a code: ten recovery codes (shown once) and, after the enrol challenge, the staff token',
  body: twoFactorConfirmSchema,
  response: twoFactorConfirmedSchema,
  errors: [400, 401, 409, 429],
});
staff({
  method: 'get',
  path: '/api/admin/auth/two-factor',
  summary: 'Whether the signed-in staff user has enrolled, and whether their role requires it',
  response: twoFactorStatusSchema,
  errors: [401],
});

staff({
  method: 'get',
  path: '/api/admin/approvals',
  summary: "Four-eyes requests, newest first, with both staff users' names",
  query: listQuery,
  response: z.array(approvalSchema),
  errors: [400, 401],
});
staff({
  method: 'get',
  path: '/api/admin/approvals/:id',
  summary: 'One four-eyes request',
  params: z.object({ id: z.uuid() }),
  response: approvalSchema,
  errors: [401, 404],
});
staff({
  method: 'post',
  path: '/api/admin/approvals/:id/approve',
  summary: 'Approve a request (admin, staff; not the one who asked): the action runs with both staff users in its metadata',
  params: z.object({ id: z.uuid() }),
  body: z.object({}),
  response: approvalSchema,
  errors: [400, 401, 403, 404, 409],
});
staff({
  method: 'post',
  path: '/api/admin/approvals/:id/decline',
  summary: 'Decline a request with a reason (admin, staff; not the one who asked): nothing is changed',
  params: z.object({ id: z.uuid() }),
  body: approvalDeclineSchema,
  response: approvalSchema,
  errors: [400, 401, 403, 404, 409],
});

staff({
  method: 'get',
  path: '/api/admin/staff-security',
  summary: 'Four-eyes switch, thresholds, two-factor scope, the last switch and the staff two-factor status',
  response: staffSecuritySchema,
  errors: [401],
});
staff({
  method: 'put',
  path: '/api/admin/staff-security',
  summary: 'Change the staff security settings (admin) with a reason; loosening one is held for approval when a second staff user exists (202)',
  body: staffSecurityChangeSchema,
  response: orHeld(staffSecuritySchema),
  errors: [400, 401, 403],
});
staff({
  method: 'get',
  path: '/api/admin/staff-users',
  summary: 'Staff users with their role and two-factor enrolment (admin)',
  response: z.array(staffAccountSchema),
  errors: [401, 403],
});
staff({
  method: 'put',
  path: '/api/admin/staff-users/:id/role',
  summary: "Change a staff user's role (admin) with a reason; with four-eyes on, 202 and the request waiting for approval",
  params: z.object({ id: z.uuid() }),
  body: staffRoleChangeSchema,
  response: orHeld(staffAccountSchema),
  errors: [400, 401, 403, 404, 409],
});
