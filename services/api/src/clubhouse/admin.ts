import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { courseDecider, courseStreamId, handicapDecider, handicapStreamId } from '@roar/domain';
import {
  addCourseSchema,
  approveHandicapSchema,
  correctScorecardSchema,
  rateTeeSchema,
  rejectHandicapSchema,
  setPccSchema,
  voidScorecardSchema,
} from '@roar/contracts/clubhouse';
import {
  getCourse,
  getHandicap,
  getMember,
  getScorecard,
  HANDICAP_SORT_FIELDS,
  listCourses,
  SCORECARD_SORT_FIELDS,
  searchHandicaps,
  searchScorecards,
} from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { historyOf } from '../staff-kit/history';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { executeCommand } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { handicapOf } from './streams';
import { handicapRecord, historyView, scorecardsView } from './view';

const idParam = z.object({ id: z.string().min(1).max(200) });
const notFound = () => new HttpError(404, 'Not found.', 'NOT_FOUND');

const handicapFilter = z
  .object({
    id: oneOrMany(z.string().max(200)).optional(),
    status: oneOrMany(z.enum(['draft', 'submitted', 'approved', 'rejected'])).optional(),
    type: z.enum(['create', 'transfer']).optional(),
    q: z.string().trim().max(200).optional(),
  })
  .strict();
const scorecardFilter = z
  .object({
    id: oneOrMany(z.string().max(200)).optional(),
    status: oneOrMany(z.enum(['submitted', 'attested', 'voided'])).optional(),
    member_id: z.string().max(200).optional(),
    course_id: z.string().max(200).optional(),
    played_on: z.string().max(10).optional(),
    /** Submitted cards past their attestation deadline: the flags staff follow up. */
    overdue: z.boolean().optional(),
  })
  .strict();

/** /api/admin/handicaps, /courses, /scorecards: every role reads; admin and staff act, each act a command with a reason. */
export function adminClubhouseRouter(app: AppContext): Router {
  const router = Router();
  const readers = requireStaff(app);
  const actors = requireStaff(app, ['admin', 'staff']);

  router.get('/handicaps', readers, async (req, res) => {
    const q = parseListQuery(req, { sortFields: HANDICAP_SORT_FIELDS, defaultSort: { field: 'submitted_at', order: 'ASC' }, filter: handicapFilter });
    const { offset, limit } = pageOf(q.range, 500);
    const f = q.filter;
    const { records, total } = await searchHandicaps(app.sql, {
      ...(f.status ? { status: f.status } : {}),
      ...(f.id ? { ids: f.id } : {}),
      ...(f.type ? { type: f.type } : {}),
      ...(f.q ? { q: f.q } : {}),
      sort: q.sort.field,
      order: q.sort.order,
      offset,
      limit,
    });
    sendList(
      res,
      'handicaps',
      records.map((r) => ({ ...handicapRecord(r, r.id), id: r.id, request_id: r.request_id, submitted_at: r.submitted_at })),
      offset,
      total,
    );
  });

  router.get('/handicaps/:id', readers, async (req, res) => {
    const { id } = parseParams(idParam, req);
    const row = await getHandicap(app.sql, id);
    if (!row) throw notFound();
    const { state, events } = await handicapOf(app.store, id);
    const member = await getMember(app.sql, id);
    res.json({
      ...handicapRecord(row, id),
      id,
      request_id: row.request_id,
      submitted_at: row.submitted_at,
      member_email: member?.email ?? null,
      scorecards: scorecardsView(state, app.now()),
      history: historyView(events),
      events: await historyOf(app.sql, [handicapStreamId(id)]),
    });
  });

  const decideRequest = (kind: 'approve' | 'reject') => async (req: import('express').Request, res: import('express').Response) => {
    const { id } = parseParams(idParam, req);
    const row = await getHandicap(app.sql, id);
    if (!row) throw notFound();
    const now = app.now().toISOString();
    if (kind === 'approve') {
      const body = parseBody(approveHandicapSchema, req);
      const ctx = staffCommandContext(app, req, res, body.reason || 'approved');
      await executeCommand(
        app,
        handicapStreamId(id),
        handicapDecider,
        {
          type: 'ApproveHandicapRequest',
          memberId: id,
          requestId: row.request_id,
          golfLinkNumber: body.golf_link_number,
          officialHandicap: body.handicap,
          reason: body.reason ?? '',
          at: now,
        },
        ctx,
      );
    } else {
      const body = parseBody(rejectHandicapSchema, req);
      await executeCommand(
        app,
        handicapStreamId(id),
        handicapDecider,
        { type: 'RejectHandicapRequest', memberId: id, requestId: row.request_id, reason: body.reason, at: now },
        staffCommandContext(app, req, res, body.reason),
      );
    }
    const updated = await getHandicap(app.sql, id);
    res.json({ ...handicapRecord(updated, id), id });
  };
  router.post('/handicaps/:id/approve', actors, decideRequest('approve'));
  router.post('/handicaps/:id/reject', actors, decideRequest('reject'));

  router.get('/courses', readers, async (_req, res) => {
    const courses = await listCourses(app.sql);
    sendList(res, 'courses', courses, 0, courses.length);
  });
  router.get('/courses/:id', readers, async (req, res) => {
    const { id } = parseParams(idParam, req);
    const course = await getCourse(app.sql, id);
    if (!course) throw notFound();
    res.json({ ...course, events: await historyOf(app.sql, [courseStreamId(id)]) });
  });
  router.post('/courses', actors, async (req, res) => {
    const body = parseBody(addCourseSchema, req);
    const courseId = `${body.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)}-${randomUUID().slice(0, 6)}`;
    await executeCommand(
      app,
      courseStreamId(courseId),
      courseDecider,
      { type: 'AddCourse', courseId, name: body.name, location: body.location, sampleData: false, reason: body.reason, at: app.now().toISOString() },
      staffCommandContext(app, req, res, body.reason),
      { mustBeNew: true },
    );
    res.status(201).json(await getCourse(app.sql, courseId));
  });
  router.post('/courses/:id/tees', actors, async (req, res) => {
    const { id } = parseParams(idParam, req);
    const { tee_id, reason: why, ...tee } = parseBody(rateTeeSchema, req);
    await executeCommand(
      app,
      courseStreamId(id),
      courseDecider,
      { type: 'RateTee', courseId: id, tee: { ...tee, teeId: tee_id }, reason: why, at: app.now().toISOString() },
      staffCommandContext(app, req, res, why),
    );
    res.json(await getCourse(app.sql, id));
  });
  /** PCC for a course and day: recorded on the course, then applied to every counted card of that day (each member's index revised). */
  router.post('/courses/:id/pcc', actors, async (req, res) => {
    const { id } = parseParams(idParam, req);
    const body = parseBody(setPccSchema, req);
    const ctx = staffCommandContext(app, req, res, body.reason);
    const at = app.now().toISOString();
    await executeCommand(
      app,
      courseStreamId(id),
      courseDecider,
      { type: 'SetCoursePcc', courseId: id, playedOn: body.played_on, pcc: body.pcc, reason: body.reason, at },
      ctx,
    );
    const { records } = await searchScorecards(app.sql, {
      courseId: id,
      playedOn: body.played_on,
      status: ['attested'],
      sort: 'played_on',
      order: 'ASC',
      offset: 0,
      limit: 500,
    });
    // At-least-once per card: a crash half-way leaves the course PCC set; setting it again finishes the rest (same PCC is a no-op per card).
    for (const card of records) {
      await executeCommand(
        app,
        handicapStreamId(card.member_id),
        handicapDecider,
        { type: 'ApplyScorecardPcc', memberId: card.member_id, scorecardId: card.id, pcc: body.pcc, reason: body.reason, at },
        ctx,
      );
    }
    res.json({ ...(await getCourse(app.sql, id)), cards_revised: records.length });
  });

  router.get('/scorecards', readers, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: SCORECARD_SORT_FIELDS,
      defaultSort: { field: 'submitted_at', order: 'DESC' },
      filter: scorecardFilter,
    });
    const { offset, limit } = pageOf(q.range, 500);
    const f = q.filter;
    const { records, total } = await searchScorecards(app.sql, {
      ...(f.status ? { status: f.status } : {}),
      ...(f.id ? { ids: f.id } : {}),
      ...(f.member_id ? { memberId: f.member_id } : {}),
      ...(f.course_id ? { courseId: f.course_id } : {}),
      ...(f.played_on ? { playedOn: f.played_on } : {}),
      ...(f.overdue ? { unattestedBefore: app.now().toISOString() } : {}),
      sort: q.sort.field,
      order: q.sort.order,
      offset,
      limit,
    });
    const now = app.now().getTime();
    sendList(
      res,
      'scorecards',
      records.map((r) => ({ ...r, overdue: r.status === 'submitted' && Date.parse(r.attest_by) < now })),
      offset,
      total,
    );
  });
  router.get('/scorecards/:id', readers, async (req, res) => {
    const { id } = parseParams(idParam, req);
    const row = await getScorecard(app.sql, id);
    if (!row) throw notFound();
    const { state, events } = await handicapOf(app.store, row.member_id);
    const card = scorecardsView(state, app.now()).find((c) => c.id === id);
    const own = (await historyOf(app.sql, [handicapStreamId(row.member_id)])).filter((e) => JSON.stringify(e).includes(id));
    res.json({ ...row, ...card, id, history: historyView(events), events: own });
  });
  const staffScoreCommand = (kind: 'correct' | 'void') => async (req: import('express').Request, res: import('express').Response) => {
    const { id } = parseParams(idParam, req);
    const row = await getScorecard(app.sql, id);
    if (!row) throw notFound();
    const at = app.now().toISOString();
    if (kind === 'correct') {
      const body = parseBody(correctScorecardSchema, req);
      await executeCommand(
        app,
        handicapStreamId(row.member_id),
        handicapDecider,
        { type: 'CorrectScorecard', memberId: row.member_id, scorecardId: id, grossScores: body.gross_scores, reason: body.reason, at },
        staffCommandContext(app, req, res, body.reason),
      );
    } else {
      const body = parseBody(voidScorecardSchema, req);
      await executeCommand(
        app,
        handicapStreamId(row.member_id),
        handicapDecider,
        { type: 'VoidScorecard', memberId: row.member_id, scorecardId: id, reason: body.reason, at },
        staffCommandContext(app, req, res, body.reason),
      );
    }
    res.json(await getScorecard(app.sql, id));
  };
  router.post('/scorecards/:id/correct', actors, staffScoreCommand('correct'));
  router.post('/scorecards/:id/void', actors, staffScoreCommand('void'));

  return router;
}
