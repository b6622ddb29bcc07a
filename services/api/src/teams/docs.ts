import { listQuerySchema } from '@roar/contracts/http';
import { inviteEmailBodySchema } from '@roar/contracts/referrals';
import {
  adminTeamRecordSchema,
  adminTeamSchema,
  teamAnswerSchema,
  teamChangedAnswerSchema,
  teamInviteAnswerSchema,
  teamJoinAnswerSchema,
  teamJoinBodySchema,
} from '@roar/contracts/teams';
import { documentRoute } from '../http/openapi';

documentRoute({
  method: 'get',
  path: '/api/team',
  tag: 'teams',
  summary: "The member's open team, else their latest complete one",
  response: teamAnswerSchema,
  auth: 'member',
  errors: [401],
});
documentRoute({
  method: 'post',
  path: '/api/team/start',
  tag: 'teams',
  summary: 'Start a team (paying subscribers)',
  response: teamChangedAnswerSchema,
  status: 201,
  auth: 'member',
  errors: [401, 403, 409],
});
documentRoute({
  method: 'post',
  path: '/api/team/invite',
  tag: 'teams',
  summary: 'Invite a mate by email (captain; expires after 7 days)',
  body: inviteEmailBodySchema,
  response: teamChangedAnswerSchema,
  status: 201,
  auth: 'member',
  errors: [400, 401, 404, 409, 429],
});
documentRoute({
  method: 'get',
  path: '/api/team/invites/:id',
  tag: 'teams',
  summary: 'An invite, for the invited visitor',
  response: teamInviteAnswerSchema,
  errors: [404],
});
documentRoute({
  method: 'post',
  path: '/api/team/join',
  tag: 'teams',
  summary: 'Pay the one-off $50 team fee for an invite (answers the checkout URL)',
  body: teamJoinBodySchema,
  response: teamJoinAnswerSchema,
  status: 201,
  auth: 'member',
  errors: [401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/admin/teams',
  tag: 'staff',
  auth: 'staff',
  summary: 'Teams; filter by status, captain_id, member_id, q',
  query: listQuerySchema,
  response: adminTeamSchema.array(),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/teams/:id',
  tag: 'staff',
  auth: 'staff',
  summary: 'One team with its members and events',
  response: adminTeamRecordSchema,
  errors: [401, 403, 404],
});
