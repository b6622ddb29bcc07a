import type { Sql } from '@roar/platform';
import { referralRowSchema, type ReferralRow } from './projector';

/** A referral with both members' names (from read.members), as the consoles show it. */
export interface ReferralView extends ReferralRow {
  readonly referrer_firstname: string | null;
  readonly referrer_lastname: string | null;
  readonly referrer_email: string | null;
  readonly referee_firstname: string | null;
  readonly referee_lastname: string | null;
  readonly referee_email: string | null;
}

const SELECT = `select to_jsonb(r) as row,
  a.firstname as referrer_firstname, a.lastname as referrer_lastname, a.email as referrer_email,
  b.firstname as referee_firstname, b.lastname as referee_lastname, b.email as referee_email
  from read.referrals r left join read.members a on a.id = r.referrer_id left join read.members b on b.id = r.referee_id`;

type Joined = { row: unknown } & Record<`${'referrer' | 'referee'}_${'firstname' | 'lastname' | 'email'}`, string | null>;

function toView(j: Joined): ReferralView {
  const { row, ...names } = j;
  return { ...referralRowSchema.parse(row), ...names };
}

export async function getReferral(sql: Sql, refereeId: string): Promise<ReferralView | null> {
  const r = await sql.query<Joined>(`${SELECT} where r.referee_id = $1`, [refereeId]);
  return r.rows[0] ? toView(r.rows[0]) : null;
}

/** The referrals a member made, newest first. */
export async function listReferralsBy(sql: Sql, referrerId: string): Promise<ReferralView[]> {
  const r = await sql.query<Joined>(`${SELECT} where r.referrer_id = $1 order by r.recorded_at desc, r.referee_id`, [referrerId]);
  return r.rows.map(toView);
}

export const REFERRAL_SORT_FIELDS = ['recorded_at', 'granted_at', 'status', 'referee_id', 'referrer_id'] as const;
export interface SearchReferralsOptions {
  readonly ids?: readonly string[];
  readonly referrerId?: string;
  readonly refereeId?: string;
  readonly status?: readonly string[];
  /** Matches either member's name or email. */
  readonly q?: string;
  readonly sort?: (typeof REFERRAL_SORT_FIELDS)[number];
  readonly order?: 'ASC' | 'DESC';
  readonly offset?: number;
  readonly limit?: number;
}

export async function searchReferrals(sql: Sql, o: SearchReferralsOptions): Promise<{ records: ReferralView[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  if (o.ids?.length) where.push(`r.referee_id in (select jsonb_array_elements_text(${p(JSON.stringify(o.ids))}::jsonb))`);
  if (o.referrerId) where.push(`r.referrer_id = ${p(o.referrerId)}`);
  if (o.refereeId) where.push(`r.referee_id = ${p(o.refereeId)}`);
  if (o.status?.length) where.push(`r.status in (select jsonb_array_elements_text(${p(JSON.stringify(o.status))}::jsonb))`);
  if (o.q) {
    const like = p(`%${o.q.toLowerCase()}%`);
    where.push(`(lower(coalesce(a.firstname,'') || ' ' || coalesce(a.lastname,'') || ' ' || coalesce(a.email,'')) like ${like}
      or lower(coalesce(b.firstname,'') || ' ' || coalesce(b.lastname,'') || ' ' || coalesce(b.email,'')) like ${like})`);
  }
  const w = where.length ? `where ${where.join(' and ')}` : '';
  const sort = o.sort ?? 'recorded_at';
  const order = o.order === 'ASC' ? 'asc' : 'desc';
  const count = await sql.query<{ n: number | string }>(
    `select count(*) as n from read.referrals r left join read.members a on a.id = r.referrer_id left join read.members b on b.id = r.referee_id ${w}`,
    params,
  );
  const rows = await sql.query<Joined>(
    `${SELECT} ${w} order by r.${sort} ${order} nulls last, r.referee_id limit ${Number(o.limit ?? 100)} offset ${Number(o.offset ?? 0)}`,
    params,
  );
  return { records: rows.rows.map(toView), total: Number(count.rows[0]?.n ?? 0) };
}
