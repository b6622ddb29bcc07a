import { z } from 'zod';
import * as c from '@roar/contracts/clubhouse';
import { listQuerySchema } from '@roar/contracts/http';
import { documentRoute } from '../http/openapi';

const tag = 'clubhouse';
const staff = { tag: 'staff', auth: 'staff' } as const;

documentRoute({
  method: 'get',
  path: '/api/clubhouse',
  tag,
  auth: 'member',
  summary: 'The member’s clubhouse: handicap record, next step, official and computed index, scorecards, index history, cards to attest',
  response: c.clubhouseAnswerSchema,
  errors: [401],
});
documentRoute({
  method: 'post',
  path: '/api/clubhouse/request',
  tag,
  auth: 'member',
  summary: 'Save (draft: true) or submit a handicap request',
  body: c.requestFormSchema,
  status: 201,
  response: c.clubhouseAnswerSchema,
  errors: [400, 401, 403, 409],
});
documentRoute({
  method: 'post',
  path: '/api/clubhouse/transfer',
  tag,
  auth: 'member',
  summary: 'Save or submit a handicap transfer (previous club and its Golf Link number required)',
  body: c.requestFormSchema,
  status: 201,
  response: c.clubhouseAnswerSchema,
  errors: [400, 401, 403, 409],
});
documentRoute({
  method: 'get',
  path: '/api/clubhouse/courses',
  tag,
  auth: 'member',
  summary: 'Courses with their tees (ratings, par and stroke index per hole)',
  response: c.coursesAnswerSchema,
  errors: [401],
});
documentRoute({
  method: 'post',
  path: '/api/clubhouse/scorecards',
  tag,
  auth: 'member',
  summary: 'Submit a hole-by-hole scorecard; the marker is emailed to attest it',
  body: c.scorecardFormSchema,
  status: 201,
  response: c.scorecardSubmittedAnswerSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/clubhouse/scorecards/:id/attest',
  tag,
  auth: 'member',
  summary: 'Attest a card as its marker (signed in)',
  response: c.clubhouseAnswerSchema,
  errors: [401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/clubhouse/attest/:id',
  tag,
  summary: 'A card for a marker without an account (token from the email link as ?token=)',
  query: z.object({ token: z.string().optional() }),
  response: c.attestCardAnswerSchema,
  errors: [404],
});
documentRoute({
  method: 'post',
  path: '/api/clubhouse/attest/:id',
  tag,
  summary: 'Attest a card with the emailed link’s token',
  body: c.attestSchema,
  response: c.attestedAnswerSchema,
  errors: [400, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/admin/handicaps',
  ...staff,
  summary: 'Handicap records; the review queue is filter {"status":"submitted"}',
  query: listQuerySchema,
  response: z.array(c.staffHandicapRowSchema),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/handicaps/:id',
  ...staff,
  summary: 'One member’s handicap record with scorecards, index history and events',
  response: c.staffHandicapSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/handicaps/:id/approve',
  ...staff,
  summary: 'Approve the open request, recording the Golf Link number and official handicap',
  body: c.approveHandicapSchema,
  response: c.handicapRecordSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/admin/handicaps/:id/reject',
  ...staff,
  summary: 'Reject the open request with a reason',
  body: c.rejectHandicapSchema,
  response: c.handicapRecordSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'get',
  path: '/api/admin/courses',
  ...staff,
  summary: 'Courses with tees and PCC by day',
  response: z.array(c.staffCourseSchema),
  errors: [401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/courses/:id',
  ...staff,
  summary: 'One course with its events',
  response: c.staffCourseDetailSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/courses',
  ...staff,
  summary: 'Add a course (with a reason)',
  body: c.addCourseSchema,
  status: 201,
  response: c.staffCourseSchema,
  errors: [400, 401, 403],
});
documentRoute({
  method: 'post',
  path: '/api/admin/courses/:id/tees',
  ...staff,
  summary: 'Add or re-rate a tee (scorecards keep the rating they were played on)',
  body: c.rateTeeSchema,
  response: c.staffCourseSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/courses/:id/pcc',
  ...staff,
  summary: 'Set the PCC of a course and day; counted cards of that day are revised',
  body: c.setPccSchema,
  response: c.pccSetSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  method: 'get',
  path: '/api/admin/scorecards',
  ...staff,
  summary: 'Scorecards; filter {"overdue":true} lists unattested cards past their deadline',
  query: listQuerySchema,
  response: z.array(c.staffScorecardRowSchema),
  errors: [400, 401, 403],
});
documentRoute({
  method: 'get',
  path: '/api/admin/scorecards/:id',
  ...staff,
  summary: 'One card, hole by hole, with its events',
  response: c.staffScorecardDetailSchema,
  errors: [401, 403, 404],
});
documentRoute({
  method: 'post',
  path: '/api/admin/scorecards/:id/correct',
  ...staff,
  summary: 'Correct the hole scores of a card (with a reason)',
  body: c.correctScorecardSchema,
  response: c.staffScorecardSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  method: 'post',
  path: '/api/admin/scorecards/:id/void',
  ...staff,
  summary: 'Void a card (with a reason)',
  body: c.voidScorecardSchema,
  response: c.staffScorecardSchema,
  errors: [400, 401, 403, 404],
});
