import type { Sql } from '@roar/platform';
import { courseRowSchema, handicapRowSchema, scorecardRowSchema, type CourseRow, type HandicapRow, type ScorecardRow } from './projector';

async function rows<T>(sql: Sql, text: string, params: unknown[], parse: (row: unknown) => T): Promise<T[]> {
  const r = await sql.query<{ row: unknown }>(text, params);
  return r.rows.map((x) => parse(x.row));
}

export async function getHandicap(sql: Sql, memberId: string): Promise<HandicapRow | null> {
  return (await rows(sql, 'select to_jsonb(h) as row from read.handicaps h where id = $1', [memberId], (r) => handicapRowSchema.parse(r)))[0] ?? null;
}

export const HANDICAP_SORT_FIELDS = ['date_updated', 'submitted_at', 'status', 'last_name'] as const;

/** The staff review queue and list: newest first unless asked otherwise. */
export async function searchHandicaps(
  sql: Sql,
  o: {
    status?: readonly string[];
    type?: string;
    ids?: readonly string[];
    q?: string;
    sort: (typeof HANDICAP_SORT_FIELDS)[number];
    order: 'ASC' | 'DESC';
    offset: number;
    limit: number;
  },
): Promise<{ records: HandicapRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (o.status) where.push(`status in (select jsonb_array_elements_text($${params.push(JSON.stringify(o.status))}::jsonb))`);
  if (o.ids) where.push(`id in (select jsonb_array_elements_text($${params.push(JSON.stringify(o.ids))}::jsonb))`);
  if (o.type) where.push(`type = $${params.push(o.type)}`);
  if (o.q) where.push(`(first_name || ' ' || last_name || ' ' || coalesce(golf_link_number, '')) ilike $${params.push(`%${o.q}%`)}`);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const total = await sql.query<{ n: number }>(`select count(*)::int as n from read.handicaps ${clause}`, params);
  const records = await rows(
    sql,
    `select to_jsonb(h) as row from read.handicaps h ${clause} order by ${o.sort} ${o.order === 'ASC' ? 'asc' : 'desc'} nulls last, id limit ${o.limit} offset ${o.offset}`,
    params,
    (r) => handicapRowSchema.parse(r),
  );
  return { records, total: total.rows[0]?.n ?? 0 };
}

export async function listScorecardsOfMember(sql: Sql, memberId: string): Promise<ScorecardRow[]> {
  return rows(sql, 'select to_jsonb(s) as row from read.scorecards s where member_id = $1 order by played_on, submitted_at', [memberId], (r) =>
    scorecardRowSchema.parse(r),
  );
}

/** Cards waiting for this member's attestation as marker (by member id, or their email). */
export async function listCardsToAttest(sql: Sql, memberId: string, email: string): Promise<ScorecardRow[]> {
  return rows(
    sql,
    "select to_jsonb(s) as row from read.scorecards s where status = 'submitted' and (marker_member_id = $1 or (marker_member_id is null and marker_email = $2)) order by played_on",
    [memberId, email.toLowerCase()],
    (r) => scorecardRowSchema.parse(r),
  );
}

export async function getScorecard(sql: Sql, id: string): Promise<ScorecardRow | null> {
  return (await rows(sql, 'select to_jsonb(s) as row from read.scorecards s where id = $1', [id], (r) => scorecardRowSchema.parse(r)))[0] ?? null;
}

export const SCORECARD_SORT_FIELDS = ['played_on', 'submitted_at', 'attest_by', 'status'] as const;

/** Staff list; `unattestedBefore` keeps submitted cards whose attestation deadline passed (the flags). */
export async function searchScorecards(
  sql: Sql,
  o: {
    status?: readonly string[];
    memberId?: string;
    courseId?: string;
    playedOn?: string;
    ids?: readonly string[];
    unattestedBefore?: string;
    sort: (typeof SCORECARD_SORT_FIELDS)[number];
    order: 'ASC' | 'DESC';
    offset: number;
    limit: number;
  },
): Promise<{ records: ScorecardRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (o.status) where.push(`status in (select jsonb_array_elements_text($${params.push(JSON.stringify(o.status))}::jsonb))`);
  if (o.ids) where.push(`id in (select jsonb_array_elements_text($${params.push(JSON.stringify(o.ids))}::jsonb))`);
  if (o.memberId) where.push(`member_id = $${params.push(o.memberId)}`);
  if (o.courseId) where.push(`course_id = $${params.push(o.courseId)}`);
  if (o.playedOn) where.push(`played_on = $${params.push(o.playedOn)}`);
  if (o.unattestedBefore) where.push(`status = 'submitted' and attest_by < $${params.push(o.unattestedBefore)}::timestamptz`);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const total = await sql.query<{ n: number }>(`select count(*)::int as n from read.scorecards ${clause}`, params);
  const records = await rows(
    sql,
    `select to_jsonb(s) as row from read.scorecards s ${clause} order by ${o.sort} ${o.order === 'ASC' ? 'asc' : 'desc'}, id limit ${o.limit} offset ${o.offset}`,
    params,
    (r) => scorecardRowSchema.parse(r),
  );
  return { records, total: total.rows[0]?.n ?? 0 };
}

export async function listCourses(sql: Sql): Promise<CourseRow[]> {
  return rows(sql, 'select to_jsonb(c) as row from read.courses c order by name, id', [], (r) => courseRowSchema.parse(r));
}

export async function getCourse(sql: Sql, id: string): Promise<CourseRow | null> {
  return (await rows(sql, 'select to_jsonb(c) as row from read.courses c where id = $1', [id], (r) => courseRowSchema.parse(r)))[0] ?? null;
}
