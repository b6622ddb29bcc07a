import { z } from 'zod';
import { drawRecordsSchema } from '@roar/contracts/draw-records';
import { listQuerySchema } from '@roar/contracts/http';
import { adminPrizeAnswerSchema, adminPrizeSchema, drawActionAnswerSchema, drawVerificationSchema, entrantSchema } from '@roar/contracts/draws';
import { documentRoute, type RouteDoc } from '../http/openapi';
import { actionSchema, createSchema, optionalReason, updateSchema } from './admin';

/**
 * `/api/admin/prizes` and the draw actions in the OpenAPI document: ra-data-simple-rest lists,
 * commands with a reason, from the schemas the routes parse with.
 */
const listQuery = listQuerySchema.extend({ filter: listQuerySchema.shape.filter.describe('JSON object of filters: id, status, q') });
const staff = (doc: Omit<RouteDoc, 'tag' | 'auth'>) => documentRoute({ tag: 'staff', auth: 'staff', ...doc });

staff({
  method: 'get',
  path: '/api/admin/prizes',
  summary: 'Prizes with their draw state',
  query: listQuery,
  response: adminPrizeSchema.array(),
  errors: [400, 401, 403],
});
staff({ method: 'get', path: '/api/admin/prizes/:id', summary: 'One prize with its draw', response: adminPrizeSchema, errors: [401, 403, 404] });
staff({
  method: 'post',
  path: '/api/admin/prizes',
  summary: 'Create a prize (admin, staff): CreatePrize with a reason',
  body: createSchema,
  response: adminPrizeAnswerSchema,
  status: 201,
  errors: [400, 401, 403, 409],
});
staff({
  method: 'put',
  path: '/api/admin/prizes/:id',
  summary: 'Edit, publish or archive a prize with a reason',
  body: updateSchema,
  response: adminPrizeAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});
const actions: ReadonlyArray<[string, string, z.ZodType]> = [
  ['schedule', 'Schedule the draw: commit to its randomness before entries close', optionalReason],
  ['close', 'Close entries and freeze the entry list', optionalReason],
  ['draw', 'Draw the winner from the committed randomness (four-eyes: 202 with the pending approval)', optionalReason],
  [
    'redraw',
    'Draw again (a reason is required): the previous winner is kept in the history (four-eyes: 202 with the pending approval)',
    actionSchema,
  ],
  ['notify', 'Email the winner (WinnerNotified)', optionalReason],
  ['publish', 'Publish the result on the winners page (four-eyes: 202 with the pending approval)', optionalReason],
];
for (const [name, summary, body] of actions) {
  staff({
    method: 'post',
    path: `/api/admin/prizes/:id/${name}`,
    summary,
    body,
    response: drawActionAnswerSchema,
    errors: [400, 401, 403, 404, 409],
  });
}
staff({
  method: 'get',
  path: '/api/admin/prizes/:id/entry-list',
  summary: 'The frozen entry list of a closed draw, in ticket order',
  query: listQuery.pick({ sort: true, range: true }),
  response: entrantSchema.array(),
  errors: [400, 401, 403, 404],
});
staff({
  method: 'post',
  path: '/api/admin/prizes/:id/verify',
  summary: 'Recompute the draw from the log and the revealed randomness: the same winner or not',
  response: drawVerificationSchema,
  errors: [401, 403, 404],
});

// Issue 22, the regulator's records.
staff({
  method: 'get',
  path: '/api/admin/prizes/:id/regulator-export',
  summary:
    "The draw's records for a regulator (auditors and admins): a zip of summary.txt, permits.csv, terms.csv, terms.html, entrants.csv, " +
    'draw.csv and winners.csv; every export is logged (RegulatorExportTaken) with who took it',
  responseType: 'application/zip',
  response: z.string().describe('a zip archive'),
  errors: [401, 403, 404],
});
staff({
  method: 'get',
  path: '/api/admin/prizes/:id/records',
  summary: "How long the draw's records are kept, the regulator exports taken, and the draw's history",
  response: drawRecordsSchema,
  errors: [401, 404],
});
staff({
  method: 'delete',
  path: '/api/admin/prizes/:id',
  summary: "Refused: a draw's records are kept for recordsRetentionYears (409 naming the date they may be deleted); prizes are archived instead",
  status: 204,
  errors: [401, 403, 404, 409],
});
