import type { Sql } from '@roar/platform';
import { supportRequestRowSchema, type SupportRequestRow } from './projector';

/** Requests still waiting for a staff answer: work waiting for staff on the dashboard. */
export async function countOpenSupportRequests(sql: Sql): Promise<number> {
  return Number((await sql.query<{ n: string | number }>("select count(*) as n from read.support_requests where status = 'open'")).rows[0]?.n ?? 0);
}

export async function getSupportRequest(sql: Sql, id: string): Promise<SupportRequestRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(s) as row from read.support_requests s where id = $1', [id]);
  return r.rows[0] ? supportRequestRowSchema.parse(r.rows[0].row) : null;
}

/** The staff list may sort by these columns only (the request never names a column). */
export const SUPPORT_REQUEST_SORT_FIELDS = ['submitted_at', 'status', 'topic', 'updated_at'] as const;

export interface SupportRequestSearch {
  readonly ids?: readonly string[];
  readonly status?: readonly string[];
  readonly topic?: string;
  readonly memberId?: string;
  /** Substring of the name, email or message (case-insensitive; `%` and `_` taken literally). */
  readonly q?: string;
  readonly sort: (typeof SUPPORT_REQUEST_SORT_FIELDS)[number];
  readonly order: 'ASC' | 'DESC';
  readonly offset: number;
  readonly limit: number;
}

/** A page of support requests for the staff console, with the total that matches. */
export async function searchSupportRequests(sql: Sql, s: SupportRequestSearch): Promise<{ records: SupportRequestRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (s.ids) add((p) => `id in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(s.ids));
  if (s.status) add((p) => `status in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(s.status));
  if (s.topic) add((p) => `topic = ${p}`, s.topic);
  if (s.memberId) add((p) => `member_id = ${p}`, s.memberId);
  if (s.q) add((p) => `(name ilike ${p} or email ilike ${p} or message ilike ${p})`, `%${s.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const w = where.length ? `where ${where.join(' and ')}` : '';
  const dir = s.order === 'ASC' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    sql.query<{ row: unknown }>(
      `select to_jsonb(s) as row from read.support_requests s ${w} order by ${s.sort} ${dir}, id limit ${s.limit} offset ${s.offset}`,
      params,
    ),
    sql.query<{ n: string }>(`select count(*)::text as n from read.support_requests ${w}`, params),
  ]);
  return { records: rows.rows.map((r) => supportRequestRowSchema.parse(r.row)), total: Number(total.rows[0]?.n ?? 0) };
}
