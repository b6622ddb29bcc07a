import { z } from 'zod';
import type { CourseEvent, HandicapEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { handicapRecordSchema, staffCourseSchema, staffScorecardSchema } from '@roar/contracts/clubhouse';
import { createTableSql, decodeAll, isoInstant, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';

/** One row per member: the spec's Handicap record (their latest request), the official and the computed index. */
export const HANDICAP_COLUMNS: Columns = [
  ['id', 'text'], // the member id: one record per member
  ['request_id', 'text'],
  ['type', 'text'],
  ['status', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['mobile', 'text'],
  ['dob', 'text'],
  ['address', 'text'],
  ['previous_golf_club', 'text', 'null'],
  ['previous_golf_link_number', 'text', 'null'],
  ['since', 'text', 'null'],
  ['golf_link_number', 'text', 'null'],
  ['handicap', 'double precision', 'null'],
  ['reject_reason', 'text', 'null'],
  ['computed_index', 'double precision', 'null'],
  ['index_revision', 'integer'],
  ['submitted_at', 'timestamptz', 'null'],
  ['date_created', 'timestamptz'],
  ['date_updated', 'timestamptz'],
];
/** The spec's record on the wire (@roar/contracts/clubhouse) keyed by member, with the request id and the index revision. */
export const handicapRowSchema = handicapRecordSchema.omit({ user: true }).extend({
  request_id: z.string(),
  index_revision: z.number().int(),
  submitted_at: isoInstant.nullable(),
  date_created: isoInstant,
  date_updated: isoInstant,
});
export type HandicapRow = z.infer<typeof handicapRowSchema>;

export const SCORECARD_COLUMNS: Columns = [
  ['id', 'text'],
  ['member_id', 'text'],
  ['course_id', 'text'],
  ['course_name', 'text'],
  ['tee_id', 'text'],
  ['tee_name', 'text'],
  ['played_on', 'text'],
  ['gross', 'integer'],
  ['marker_member_id', 'text', 'null'],
  ['marker_email', 'text'],
  ['marker_name', 'text'],
  ['attest_by', 'timestamptz'],
  ['status', 'text'],
  ['pcc', 'double precision'],
  ['differential', 'double precision', 'null'],
  ['adjusted_differential', 'double precision', 'null'],
  ['exceptional_reduction', 'integer'],
  ['used', 'boolean'],
  ['void_reason', 'text', 'null'],
  ['submitted_at', 'timestamptz'],
  ['attested_at', 'timestamptz', 'null'],
  ['updated_at', 'timestamptz'],
];
/** The wire's card row (@roar/contracts/clubhouse), its instants normalised from timestamptz. */
export const scorecardRowSchema = staffScorecardSchema.extend({
  attest_by: isoInstant,
  submitted_at: isoInstant,
  attested_at: isoInstant.nullable(),
  updated_at: isoInstant,
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;

export const COURSE_COLUMNS: Columns = [
  ['id', 'text'],
  ['name', 'text'],
  ['location', 'text'],
  ['sample_data', 'boolean'],
  ['tees', 'jsonb'],
  ['pcc', 'jsonb'],
  ['updated_at', 'timestamptz'],
];
export const courseRowSchema = staffCourseSchema.extend({ updated_at: isoInstant });
export type CourseRow = z.infer<typeof courseRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'handicaps', HANDICAP_COLUMNS, 'id')};
    create index if not exists handicaps_status on ${s}.handicaps (status, submitted_at);
    ${createTableSql(schema, 'scorecards', SCORECARD_COLUMNS, 'id')};
    create index if not exists scorecards_member on ${s}.scorecards (member_id, played_on);
    create index if not exists scorecards_marker on ${s}.scorecards (marker_member_id, status);
    create index if not exists scorecards_course_day on ${s}.scorecards (course_id, played_on);
    ${createTableSql(schema, 'courses', COURSE_COLUMNS, 'id')};
  `);
}

const handicapTypes = new Set([
  'HandicapRequestDrafted',
  'HandicapRequestSubmitted',
  'HandicapRequestApproved',
  'HandicapRequestRejected',
  'HandicapIndexRevised',
]);
const courseTypes = new Set(['CourseAdded', 'TeeRated', 'CoursePccSet']);

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'clubhouse');
  const memberIds = decoded.flatMap((e) => (courseTypes.has(e.type) ? [] : [(e.data as { memberId: string }).memberId]));
  const scorecardIds = decoded.flatMap((e) => {
    if (e.type === 'HandicapIndexRevised')
      return (e.data as Extract<HandicapEvent, { type: 'HandicapIndexRevised' }>['data']).scores.map((s) => s.scorecardId);
    const id = (e.data as { scorecardId?: string }).scorecardId;
    return id ? [id] : [];
  });
  const courseIds = decoded.flatMap((e) => (courseTypes.has(e.type) ? [(e.data as { courseId: string }).courseId] : []));
  const handicaps = new Map((await loadRows(tx, ctx.schema, 'handicaps', 'id', memberIds, handicapRowSchema, ctx)).map((r) => [r.id, r]));
  const cards = new Map((await loadRows(tx, ctx.schema, 'scorecards', 'id', scorecardIds, scorecardRowSchema, ctx)).map((r) => [r.id, r]));
  const courses = new Map((await loadRows(tx, ctx.schema, 'courses', 'id', courseIds, courseRowSchema, ctx)).map((r) => [r.id, r]));
  const touched = { handicaps: new Set<string>(), cards: new Set<string>(), courses: new Set<string>() };
  for (const e of decoded) {
    const at = occurredAt(e);
    if (courseTypes.has(e.type)) applyCourse(e as unknown as CourseEvent, at, courses, touched.courses, ctx);
    else if (handicapTypes.has(e.type)) applyHandicap(e as unknown as HandicapEvent, at, handicaps, cards, touched, ctx);
    else applyScorecard(e as unknown as HandicapEvent, at, cards, touched.cards, ctx);
  }
  await upsertRows(
    tx,
    ctx.schema,
    'handicaps',
    HANDICAP_COLUMNS,
    'id',
    [...touched.handicaps].map((k) => handicaps.get(k)!),
  );
  await upsertRows(
    tx,
    ctx.schema,
    'scorecards',
    SCORECARD_COLUMNS,
    'id',
    [...touched.cards].map((k) => cards.get(k)!),
  );
  await upsertRows(
    tx,
    ctx.schema,
    'courses',
    COURSE_COLUMNS,
    'id',
    [...touched.courses].map((k) => courses.get(k)!),
  );
}

function applyCourse(e: CourseEvent, at: string, courses: Map<string, CourseRow>, touched: Set<string>, ctx: ApplyContext): void {
  const id = e.data.courseId;
  const course = courses.get(id);
  if (e.type === 'CourseAdded') {
    courses.set(id, { id, name: e.data.name, location: e.data.location, sample_data: e.data.sampleData, tees: [], pcc: {}, updated_at: at });
  } else if (!course) {
    ctx.logger.warn({ type: e.type, courseId: id }, 'clubhouse: event for an unknown course skipped');
    return;
  } else if (e.type === 'TeeRated') {
    const tee = { ...e.data.tee, ratingVersion: e.data.ratingVersion };
    courses.set(id, { ...course, tees: [...course.tees.filter((t) => t.teeId !== tee.teeId), tee], updated_at: at });
  } else {
    courses.set(id, { ...course, pcc: { ...course.pcc, [e.data.playedOn]: e.data.pcc }, updated_at: at });
  }
  touched.add(id);
}

function applyHandicap(
  e: HandicapEvent,
  at: string,
  handicaps: Map<string, HandicapRow>,
  cards: Map<string, ScorecardRow>,
  touched: { handicaps: Set<string>; cards: Set<string> },
  ctx: ApplyContext,
): void {
  const memberId = e.data.memberId;
  const row = handicaps.get(memberId);
  switch (e.type) {
    case 'HandicapRequestDrafted':
    case 'HandicapRequestSubmitted': {
      const a = e.data.application;
      const submitted = e.type === 'HandicapRequestSubmitted';
      const same = row?.request_id === e.data.requestId;
      handicaps.set(memberId, {
        id: memberId,
        request_id: e.data.requestId,
        ...a,
        status: submitted ? 'submitted' : 'draft',
        // The official number and handicap stay with the member across a later request.
        golf_link_number: row?.golf_link_number ?? null,
        handicap: row?.handicap ?? null,
        reject_reason: null,
        computed_index: row?.computed_index ?? null,
        index_revision: row?.index_revision ?? 0,
        submitted_at: submitted ? at : null,
        date_created: same && row ? row.date_created : at,
        date_updated: at,
      });
      break;
    }
    case 'HandicapRequestApproved':
      if (!row) return void ctx.logger.warn({ memberId }, 'clubhouse: approval without a request skipped');
      handicaps.set(memberId, {
        ...row,
        status: 'approved',
        golf_link_number: e.data.golfLinkNumber,
        handicap: e.data.officialHandicap,
        date_updated: at,
      });
      break;
    case 'HandicapRequestRejected':
      if (!row) return void ctx.logger.warn({ memberId }, 'clubhouse: rejection without a request skipped');
      handicaps.set(memberId, { ...row, status: 'rejected', reject_reason: e.data.reason, date_updated: at });
      break;
    case 'HandicapIndexRevised': {
      if (row) handicaps.set(memberId, { ...row, computed_index: e.data.handicapIndex, index_revision: e.data.revision });
      for (const s of e.data.scores) {
        const card = cards.get(s.scorecardId);
        if (!card) continue;
        cards.set(s.scorecardId, {
          ...card,
          differential: s.differential,
          adjusted_differential: s.adjustedDifferential,
          exceptional_reduction: s.exceptionalReduction,
          used: s.used,
          pcc: s.pcc,
          updated_at: at,
        });
        touched.cards.add(s.scorecardId);
      }
      break;
    }
    default:
      return;
  }
  if (handicaps.has(memberId)) touched.handicaps.add(memberId);
}

function applyScorecard(e: HandicapEvent, at: string, cards: Map<string, ScorecardRow>, touched: Set<string>, ctx: ApplyContext): void {
  if (e.type === 'ScorecardSubmitted') {
    const d = e.data;
    cards.set(d.scorecardId, {
      id: d.scorecardId,
      member_id: d.memberId,
      course_id: d.tee.courseId,
      course_name: d.tee.courseName,
      tee_id: d.tee.teeId,
      tee_name: d.tee.teeName,
      played_on: d.playedOn,
      gross: d.grossScores.reduce((a, b) => a + b, 0),
      marker_member_id: d.marker.memberId,
      marker_email: d.marker.email,
      marker_name: d.marker.name,
      attest_by: new Date(d.attestBy).toISOString(),
      status: 'submitted',
      pcc: 0,
      differential: null,
      adjusted_differential: null,
      exceptional_reduction: 0,
      used: false,
      void_reason: null,
      submitted_at: at,
      attested_at: null,
      updated_at: at,
    });
    touched.add(d.scorecardId);
    return;
  }
  const id = (e.data as { scorecardId: string }).scorecardId;
  const card = cards.get(id);
  if (!card) return void ctx.logger.warn({ type: e.type, scorecardId: id }, 'clubhouse: event for an unknown scorecard skipped');
  switch (e.type) {
    case 'ScorecardAttested':
      cards.set(id, { ...card, status: 'attested', attested_at: at, updated_at: at });
      break;
    case 'ScorecardCorrected':
      cards.set(id, { ...card, gross: e.data.grossScores.reduce((a, b) => a + b, 0), updated_at: at });
      break;
    case 'ScorecardVoided':
      // A voided card no longer counts: its differential stays for the record, `used` goes.
      cards.set(id, { ...card, status: 'voided', void_reason: e.data.reason, used: false, updated_at: at });
      break;
    case 'ScorecardPccApplied':
      cards.set(id, { ...card, pcc: e.data.pcc, updated_at: at });
      break;
    default:
      return;
  }
  touched.add(id);
}

export const clubhouseProjector: Projector = withErasure(
  {
    name: 'clubhouse',
    version: 1,
    tables: [
      { name: 'handicaps', primaryKey: ['id'] },
      { name: 'scorecards', primaryKey: ['id'] },
      { name: 'courses', primaryKey: ['id'] },
    ],
    handles: [
      ...handicapTypes,
      'ScorecardSubmitted',
      'ScorecardAttested',
      'ScorecardCorrected',
      'ScorecardVoided',
      'ScorecardPccApplied',
      ...courseTypes,
    ],
    migrate,
    apply,
  },
  [
    {
      table: 'handicaps',
      member: 'id',
      columns: {
        first_name: 'name',
        last_name: 'name',
        mobile: 'text',
        dob: 'date',
        address: 'text',
        previous_golf_club: 'text',
        previous_golf_link_number: 'text',
        golf_link_number: 'text',
        reject_reason: 'text',
      },
    },
    // The marker's name and email on a card are what its member gave: erased with that member.
    { table: 'scorecards', member: 'member_id', columns: { marker_email: 'email', marker_name: 'name', void_reason: 'text' } },
  ],
);
