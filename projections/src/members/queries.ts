import { ident, type Sql } from '@roar/platform';
import { MEMBER_COLUMNS, memberRowSchema, type MemberRow } from './row';
import { orderOf, pageOf, type Page, type SortOrder } from '../runner/table';

export interface ListMembersOptions extends Page {
  /** Matches email, first name, last name or full name, case-insensitively. */
  readonly q?: string;
  readonly sort?: string;
  readonly order?: SortOrder;
}

const SORTABLE = new Set<string>(MEMBER_COLUMNS.map(([n]) => n));

const parse = (rows: readonly { row: unknown }[]): MemberRow[] => rows.map(({ row }) => memberRowSchema.parse(row));

export async function getMember(sql: Sql, id: string): Promise<MemberRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(m) as row from read.members m where id = $1', [id]);
  return parse(r.rows)[0] ?? null;
}

export async function findMemberByEmail(sql: Sql, email: string): Promise<MemberRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(m) as row from read.members m where lower(email) = lower($1) order by registered_at limit 1', [email.trim()]);
  return parse(r.rows)[0] ?? null;
}

/** A page of members for the staff console, with the total that matches. */
export async function listMembers(sql: Sql, options: ListMembersOptions = {}): Promise<{ rows: MemberRow[]; total: number }> {
  const sort = options.sort ?? 'registered_at';
  if (!SORTABLE.has(sort)) throw new Error(`cannot sort members by ${sort}`);
  const order = orderOf(options.order, 'desc');
  const { offset, limit } = pageOf(options);
  const params: unknown[] = [];
  let where = '';
  const q = options.q?.trim();
  if (q) {
    // LIKE metacharacters in the search text match themselves.
    params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where = `where email ilike $1 or firstname ilike $1 or lastname ilike $1 or (firstname || ' ' || lastname) ilike $1 or id = $2`;
    params.push(q);
  }
  const total = await sql.query<{ n: unknown }>(`select count(*)::text as n from read.members m ${where}`, params);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(m) as row from read.members m ${where} order by ${ident(sort)} ${order} nulls last, id ${order} offset ${offset} limit ${limit}`,
    params,
  );
  return { rows: parse(r.rows), total: Number(total.rows[0]?.n ?? 0) };
}
