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
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(m) as row from read.members m where lower(email) = lower($1) order by registered_at limit 1',
    [email.trim()],
  );
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

/** The staff console's member list may sort by these columns only (the request never names a column). */
export const MEMBER_SORT_FIELDS = [
  'registered_at',
  'updated_at',
  'email',
  'firstname',
  'lastname',
  'membership_tier',
  'membership_status',
  'membership_end_date',
  'id',
] as const;
export type MemberSort = (typeof MEMBER_SORT_FIELDS)[number];

export interface MemberQuery {
  readonly q?: string;
  readonly ids?: readonly string[];
  readonly membershipStatus?: readonly string[];
  readonly membershipCode?: readonly string[];
  readonly sort: MemberSort;
  readonly order: 'ASC' | 'DESC';
  readonly offset: number;
  readonly limit: number;
}

/**
 * The staff console's member search: whole rows as stored (to_jsonb), for the api to whitelist
 * (services/api/src/admin/member-reads.ts), and the total that matches. Search over name and email
 * (case-insensitive, substring; `%` and `_` taken literally).
 */
export async function searchMemberRecords(sql: Sql, query: MemberQuery): Promise<{ rows: unknown[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((p) => `(m.email ilike ${p} or m.firstname ilike ${p} or m.lastname ilike ${p} or (m.firstname || ' ' || m.lastname) ilike ${p})`, like);
  }
  if (query.ids) add((p) => `m.id::text in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.ids));
  if (query.membershipStatus)
    add((p) => `m.membership_status in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.membershipStatus));
  if (query.membershipCode) add((p) => `m.membership_code in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.membershipCode));
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const dir = query.order === 'ASC' ? 'asc' : 'desc';
  // The sort field comes from the whitelist above, never from the request text.
  const order = `m.${query.sort} ${dir} nulls last, m.id ${dir}`;
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(m) as row from read.members m ${filter} order by ${order} limit ${query.limit} offset ${query.offset}`,
    params,
  );
  const total = await sql.query<{ n: unknown }>(`select count(*) as n from read.members m ${filter}`, params);
  return { rows: r.rows.map(({ row }) => row), total: Number(total.rows[0]?.n ?? 0) };
}

/** One member's row as stored (to_jsonb), for the staff console's whitelist; null when unknown. */
export async function memberRecord(sql: Sql, id: string): Promise<unknown> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(m) as row from read.members m where m.id::text = $1', [id]);
  return r.rows[0]?.row ?? null;
}

/** The id of the member whose referral code this is, or null. */
export async function memberIdByReferralCode(sql: Sql, code: string): Promise<string | null> {
  const r = await sql.query<{ id: string }>('select id from read.members where referral_code = $1 limit 1', [code]);
  return r.rows[0]?.id ?? null;
}

/** The id of the member whose subscription this is (as the members read model knows it), or null. */
export async function memberIdBySubscription(sql: Sql, subscriptionId: string): Promise<string | null> {
  const r = await sql.query<{ id: string }>('select id from read.members where subscription_id = $1 limit 1', [subscriptionId]);
  return r.rows[0]?.id ?? null;
}
