import {
  controlRulesAnswerSchema,
  memberControlsSchema,
  setSpendingLimitRequestSchema,
  startPauseRequestSchema,
} from '@roar/contracts/member-controls';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'get',
  path: '/api/member-controls',
  tag: 'member-controls',
  summary: "The member's monthly limit, what is left this club month, and any break or self-exclusion",
  response: memberControlsSchema,
  auth: 'member',
  errors: [401],
});
documentRoute({
  method: 'put',
  path: '/api/member-controls/limit',
  tag: 'member-controls',
  summary: 'Set the monthly limit on draw purchases (lower at once, higher after the rules\u2019 delay; null = none)',
  body: setSpendingLimitRequestSchema,
  response: memberControlsSchema,
  auth: 'member',
  errors: [400, 401],
});
documentRoute({
  method: 'post',
  path: '/api/member-controls/pause',
  tag: 'member-controls',
  summary: 'Start a break (24 hours, 7 or 30 days) or self-exclusion (6 months, 1 or 5 years); it cannot be ended early',
  body: startPauseRequestSchema,
  response: memberControlsSchema,
  auth: 'member',
  errors: [400, 401, 409],
});
documentRoute({
  method: 'post',
  path: '/api/member-controls/resume-billing',
  tag: 'member-controls',
  summary: 'Resume paused billing once the break or self-exclusion has ended',
  response: memberControlsSchema,
  auth: 'member',
  errors: [401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/member-controls/rules',
  tag: 'member-controls',
  summary: 'The code-of-practice numbers in force, with their sources and effective dates',
  response: controlRulesAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/api/admin/member-controls/{id}',
  tag: 'member-controls',
  summary: "Staff: a member's limits and exclusion (read only; staff cannot lift an exclusion)",
  response: memberControlsSchema,
  auth: 'staff',
  errors: [401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/control-rules',
  tag: 'member-controls',
  summary: 'Staff: the code-of-practice rules with source and effective date',
  response: controlRulesAnswerSchema,
  auth: 'staff',
  errors: [401, 403],
});
