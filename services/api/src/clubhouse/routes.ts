import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { DomainError } from '@roar/platform';
import {
  courseHandicap,
  handicapDecider,
  handicapStreamId,
  netDoubleBogey,
  planIncludesHandicap,
  strokesReceived,
  teeSnapshot,
  type HandicapApplication,
  type HandicapCommand,
} from '@roar/domain';
import { findMemberByEmail, getHandicap, getMember, getScorecard, listCardsToAttest, listCourses, type MemberRow } from '@roar/projections';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { executeCommand } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import {
  ageOn,
  attestSchema,
  HANDICAP_FORM_MESSAGES,
  normaliseMobile,
  parseDob,
  parseSince,
  requestFormSchema,
  scorecardFormSchema,
  type RequestForm,
} from '@roar/contracts/clubhouse';
import { ATTEST_WITHIN_MS, courseOf, handicapOf, sydneyDate, validAttestToken } from './streams';
import { handicapRecord, historyView, nextStep, revisionView, scorecardsView } from './view';
import './docs';

const idParam = z.object({ id: z.string().min(1).max(200) });

export const planFacts = (m: MemberRow | null) => ({
  membershipCode: m?.membership_code ?? null,
  membershipType: m?.membership_type ?? null,
  membershipStatus: m?.membership_status ?? 'none',
  membershipEndDate: m?.membership_end_date ? new Date(m.membership_end_date).toISOString() : null,
});

function fieldError(field: string, message: string): never {
  throw new HttpError(400, message, 'INVALID_PAYLOAD', [{ message, extensions: { code: 'INVALID_PAYLOAD', field } }]);
}

/** The Course Handicap on a tee and the maximum score (net double bogey) on each hole. */
export function holeLimits(
  tee: { holes: number; courseRating: number; slopeRating: number; pars: number[]; strokeIndexes: number[] },
  index: number | null,
) {
  const holes = tee.holes === 9 ? 9 : 18;
  const par = tee.pars.reduce((a, b) => a + b, 0);
  const ch =
    index === null ? null : courseHandicap({ handicapIndex: index, slopeRating: tee.slopeRating, courseRating: tee.courseRating, par, holes });
  return {
    course_handicap: ch,
    net_double_bogey: tee.pars.map((p, i) =>
      netDoubleBogey({
        par: p,
        strokesReceived: ch === null ? null : strokesReceived({ courseHandicap: ch, strokeIndex: tee.strokeIndexes[i] ?? holes, holes }),
      }),
    ),
  };
}

/** The form as typed to the event's application: formats normalised, the age checked. */
function toApplication(form: RequestForm, type: 'create' | 'transfer', today: string): HandicapApplication {
  const dob = parseDob(form.dob)!;
  const age = ageOn(dob, today);
  if (age < 5 || age > 110) fieldError('dob', HANDICAP_FORM_MESSAGES.dobAge);
  const since = form.since ? parseSince(form.since) : null;
  if (since && since > today.slice(0, 7)) fieldError('since', HANDICAP_FORM_MESSAGES.since);
  return {
    type,
    first_name: form.first_name,
    last_name: form.last_name,
    mobile: normaliseMobile(form.mobile)!,
    dob,
    address: form.address,
    previous_golf_club: form.previous_golf_club?.trim() || null,
    previous_golf_link_number: form.previous_golf_link_number?.trim() || null,
    since,
  };
}

/**
 * The member's clubhouse: request status and next step, scorecards, index history, cards to attest.
 * The member's own views fold their handicap stream (consistent right after their own command);
 * lists across members (review queue, cards to attest, staff lists) read the clubhouse read model,
 * which is eventually consistent and waited for after each command (executeCommand).
 */
export function createClubhouseRouter(app: AppContext): Router {
  const router = Router();
  const member = requireMember(app);

  async function clubhouseView(memberId: string) {
    const now = app.now();
    const [me, row, { state, events }] = await Promise.all([
      getMember(app.sql, memberId),
      getHandicap(app.sql, memberId),
      handicapOf(app.store, memberId),
    ]);
    const eligible = planIncludesHandicap(planFacts(me), now.toISOString());
    const toAttest = me ? await listCardsToAttest(app.sql, memberId, me.email) : [];
    return {
      eligible,
      next_step: nextStep(state, eligible),
      handicap: handicapRecord(row, memberId),
      official: state.official ? { golf_link_number: state.official.golfLinkNumber, handicap: state.official.handicap } : null,
      computed: state.lastRevision ? revisionView(state.lastRevision) : null,
      history: historyView(events),
      scorecards: scorecardsView(state, now),
      to_attest: toAttest.map((c) => ({
        id: c.id,
        member_id: c.member_id,
        course_name: c.course_name,
        tee_name: c.tee_name,
        played_on: c.played_on,
        gross: c.gross,
        attest_by: c.attest_by,
      })),
    };
  }

  router.get('/api/clubhouse', member, async (_req, res) => {
    res.json({ data: await clubhouseView(memberOf(res).memberId) });
  });

  const apply = (type: 'create' | 'transfer') => async (req: Request, res: import('express').Response) => {
    const form = parseBody(requestFormSchema, req);
    const { memberId } = memberOf(res);
    const now = app.now();
    const application = toApplication(form, type, sydneyDate(now));
    const { state } = await handicapOf(app.store, memberId);
    // A draft keeps its id until submitted; a new request after a rejection gets a new one.
    const requestId = state.request && state.request.status === 'draft' ? state.request.requestId : randomUUID();
    const me = await getMember(app.sql, memberId);
    const eligible = planIncludesHandicap(planFacts(me), now.toISOString());
    const command: HandicapCommand = form.draft
      ? { type: 'SaveHandicapDraft', memberId, requestId, application, at: now.toISOString() }
      : {
          type: 'SubmitHandicapRequest',
          memberId,
          requestId,
          application,
          eligibleMembershipCode: eligible ? me!.membership_code : null,
          at: now.toISOString(),
        };
    await executeCommand(app, handicapStreamId(memberId), handicapDecider, command, memberCommandContext(memberId, req, now));
    res.status(201).json({ data: await clubhouseView(memberId) });
  };
  router.post('/api/clubhouse/request', member, apply('create'));
  router.post('/api/clubhouse/transfer', member, apply('transfer'));

  /** Courses with each tee's net double bogey per hole for this member (from their computed index now; par + 5 before one). */
  router.get('/api/clubhouse/courses', member, async (_req, res) => {
    const [courses, { state }] = await Promise.all([listCourses(app.sql), handicapOf(app.store, memberOf(res).memberId)]);
    const index = state.lastRevision?.handicapIndex ?? null;
    res.json({
      data: courses.map((c) => ({
        id: c.id,
        name: c.name,
        location: c.location,
        sample_data: c.sample_data,
        tees: c.tees.map((t) => ({ ...t, ...holeLimits(t, index) })),
      })),
    });
  });

  router.post('/api/clubhouse/scorecards', member, async (req, res) => {
    const form = parseBody(scorecardFormSchema, req);
    const { memberId } = memberOf(res);
    const now = app.now();
    const me = await getMember(app.sql, memberId);
    if (!me) throw new HttpError(401, 'Authentication required.', 'UNAUTHENTICATED');
    const tee = teeSnapshot(await courseOf(app.store, form.course_id), form.tee_id);
    const markerEmail = form.marker_email.trim().toLowerCase();
    const markerMember = await findMemberByEmail(app.sql, markerEmail);
    const markerName = form.marker_name?.trim() || (markerMember ? `${markerMember.firstname} ${markerMember.lastname}`.trim() : '');
    const scorecardId = randomUUID();
    const command: HandicapCommand = {
      type: 'SubmitScorecard',
      memberId,
      memberEmail: me.email,
      scorecardId,
      tee,
      playedOn: form.played_on,
      today: sydneyDate(now),
      grossScores: form.gross_scores,
      marker: { memberId: markerMember?.id ?? null, email: markerEmail, name: markerName },
      attestBy: new Date(now.getTime() + ATTEST_WITHIN_MS).toISOString(),
      at: now.toISOString(),
    };
    await executeCommand(app, handicapStreamId(memberId), handicapDecider, command, memberCommandContext(memberId, req, now));
    // ScorecardSubmitted asks the marker to attest (handicap-emails reactor).
    res.status(201).json({ data: { id: scorecardId, clubhouse: await clubhouseView(memberId) } });
  });

  /** The marker attests: signed in as the member named on the card, or with the emailed link's token. */
  async function attest(req: Request, scorecardId: string, marker: { memberId: string | null; email: string; name: string }) {
    const card = await getScorecard(app.sql, scorecardId);
    if (!card) throw new DomainError('not_found', 'This scorecard does not exist.');
    const now = app.now();
    const course = await courseOf(app.store, card.course_id);
    const pcc = course.status === 'listed' ? (course.pcc[card.played_on] ?? 0) : 0;
    const ctx = marker.memberId
      ? memberCommandContext(marker.memberId, req, now)
      : { ...memberCommandContext(card.member_id, req, now), actor: { type: 'system' as const, id: `marker:${marker.email}` } };
    await executeCommand(
      app,
      handicapStreamId(card.member_id),
      handicapDecider,
      { type: 'AttestScorecard', memberId: card.member_id, scorecardId, attestedBy: marker, pcc, at: now.toISOString() },
      ctx,
    );
  }

  router.post('/api/clubhouse/scorecards/:id/attest', member, async (req, res) => {
    const { id } = parseParams(idParam, req);
    const { memberId } = memberOf(res);
    const me = await getMember(app.sql, memberId);
    if (!me) throw new HttpError(401, 'Authentication required.', 'UNAUTHENTICATED');
    await attest(req, id, { memberId, email: me.email, name: `${me.firstname} ${me.lastname}`.trim() });
    res.json({ data: await clubhouseView(memberId) });
  });

  /** The card for a marker without an account, opened from the emailed link. */
  router.get('/api/clubhouse/attest/:id', async (req, res) => {
    const { id } = parseParams(idParam, req);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const card = await getScorecard(app.sql, id);
    if (!card || !validAttestToken(app.jwtSecret, id, token)) throw new HttpError(404, 'This attestation link is not valid.', 'NOT_FOUND');
    const player = await getMember(app.sql, card.member_id);
    res.json({
      data: {
        id: card.id,
        player: player ? `${player.firstname} ${player.lastname}`.trim() : '',
        course_name: card.course_name,
        tee_name: card.tee_name,
        played_on: card.played_on,
        gross: card.gross,
        status: card.status,
        marker_email: card.marker_email,
      },
    });
  });

  router.post('/api/clubhouse/attest/:id', async (req, res) => {
    const { id } = parseParams(idParam, req);
    const { token } = parseBody(attestSchema, req);
    const card = await getScorecard(app.sql, id);
    if (!card || !token || !validAttestToken(app.jwtSecret, id, token)) throw new HttpError(404, 'This attestation link is not valid.', 'NOT_FOUND');
    await attest(req, id, { memberId: null, email: card.marker_email, name: card.marker_name });
    res.json({ data: { id, status: 'attested' } });
  });

  return router;
}
