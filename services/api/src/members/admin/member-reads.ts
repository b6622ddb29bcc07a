import { z } from 'zod';
import type { Sql } from '@roar/platform';

/**
 * Staff reads of the member-side read models (docs/members-design.md: read.members,
 * read.entry_grants, read.entry_totals, read.payments). Every record is built from a whitelist
 * of columns: whatever else a table may hold never reaches the console.
 */
const text = z.string();
const maybe = z.string().nullable().optional().transform((v) => v ?? null);
const int = z.coerce.number().int();
const maybeInt = z.coerce.number().int().nullable().optional().transform((v) => v ?? null);
/** Timestamps come back from to_jsonb in PostgreSQL's format; the console gets ISO-8601 UTC. */
const instant = z
  .string()
  .nullable()
  .optional()
  .transform((v) => (v ? new Date(v).toISOString() : null));

export const memberRecordSchema = z.object({
  id: text,
  email: text,
  firstname: maybe,
  lastname: maybe,
  status: maybe,
  membership_id: maybeInt,
  membership_code: maybe,
  membership_tier: maybe,
  membership_type: maybe,
  membership_end_date: instant,
  membership_status: maybe,
  subscription_id: maybe,
  referral_code: maybe,
  mobile: maybe,
  dob: maybe,
  address: maybe,
  registered_at: instant,
  updated_at: instant,
});
export type AdminMember = z.infer<typeof memberRecordSchema>;

export const grantRecordSchema = z.object({
  id: text,
  member_id: text,
  source: text,
  count: int,
  first_ticket: maybeInt,
  last_ticket: maybeInt,
  membership_id: maybeInt,
  tier_code: maybe,
  reason: maybe,
  prize_id: maybe,
  occurred_at: instant,
});
export type AdminEntryGrant = z.infer<typeof grantRecordSchema>;

export const totalsSchema = z.object({ total: int, granted: int, revoked: int });
export type AdminEntryTotals = z.infer<typeof totalsSchema>;

export const paymentRecordSchema = z.object({
  /** The payment record's id: the checkout's, or the provider's for a renewal (no checkout). */
  id: text,
  checkout_id: maybe,
  member_id: text,
  purpose: text,
  membership_id: maybeInt,
  tier_code: maybe,
  amount_cents: int,
  currency: maybe,
  provider: maybe,
  status: text,
  failure_reason: maybe,
  payment_id: maybe,
  subscription_id: maybe,
  card_brand: maybe,
  card_last4: maybe,
  created_at: instant,
  completed_at: instant,
});
export type AdminPayment = z.infer<typeof paymentRecordSchema>;

async function rows<S extends z.ZodType>(sql: Sql, schema: S, text: string, params: readonly unknown[]): Promise<z.infer<S>[]> {
  const r = await sql.query<{ row: unknown }>(text, params);
  return r.rows.map(({ row }) => schema.parse(row));
}

async function count(sql: Sql, text: string, params: readonly unknown[]): Promise<number> {
  const r = await sql.query<{ n: unknown }>(text, params);
  return Number(r.rows[0]?.n ?? 0);
}

export const MEMBER_SORT_FIELDS = ['registered_at', 'updated_at', 'email', 'firstname', 'lastname', 'membership_tier', 'membership_status', 'membership_end_date', 'id'] as const;
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

/** Search over name and email (case-insensitive, substring; `%` and `_` taken literally). */
export async function searchMembers(sql: Sql, query: MemberQuery): Promise<{ records: AdminMember[]; total: number }> {
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
  if (query.membershipStatus) add((p) => `m.membership_status in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.membershipStatus));
  if (query.membershipCode) add((p) => `m.membership_code in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.membershipCode));
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const dir = query.order === 'ASC' ? 'asc' : 'desc';
  // The sort field comes from the whitelist above, never from the request text.
  const order = `m.${query.sort} ${dir} nulls last, m.id ${dir}`;
  const records = await rows(
    sql,
    memberRecordSchema,
    `select to_jsonb(m) as row from read.members m ${filter} order by ${order} limit ${query.limit} offset ${query.offset}`,
    params,
  );
  return { records, total: await count(sql, `select count(*) as n from read.members m ${filter}`, params) };
}

export async function findMember(sql: Sql, id: string): Promise<AdminMember | null> {
  const found = await rows(sql, memberRecordSchema, 'select to_jsonb(m) as row from read.members m where m.id::text = $1', [id]);
  return found[0] ?? null;
}

/** The ledger oldest first, so ticket numbers read upwards as they were issued. */
export async function memberGrants(sql: Sql, memberId: string): Promise<AdminEntryGrant[]> {
  return rows(sql, grantRecordSchema, 'select to_jsonb(g) as row from read.entry_grants g where g.member_id::text = $1 order by g.occurred_at, g.first_ticket nulls last', [memberId]);
}

export async function memberTotals(sql: Sql, memberId: string): Promise<AdminEntryTotals> {
  const found = await rows(sql, totalsSchema, 'select to_jsonb(t) as row from read.entry_totals t where t.member_id::text = $1', [memberId]);
  return found[0] ?? { total: 0, granted: 0, revoked: 0 };
}

export const PAYMENT_SORT_FIELDS = ['created_at', 'completed_at', 'amount_cents', 'status', 'purpose', 'member_id', 'id'] as const;
export type PaymentSort = (typeof PAYMENT_SORT_FIELDS)[number];

export interface PaymentQuery {
  readonly ids?: readonly string[];
  readonly memberId?: string;
  readonly status?: readonly string[];
  readonly purpose?: readonly string[];
  /** true: subscription payments only (the subscriptions view); false: one-off payments only. */
  readonly subscription?: boolean;
  readonly subscriptionId?: string;
  readonly sort: PaymentSort;
  readonly order: 'ASC' | 'DESC';
  readonly offset: number;
  readonly limit: number;
}

export async function searchPayments(sql: Sql, query: PaymentQuery): Promise<{ records: AdminPayment[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (query.ids) add((p) => `p.id::text in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.ids));
  if (query.memberId) add((p) => `p.member_id::text = ${p}`, query.memberId);
  if (query.status) add((p) => `p.status in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.status));
  if (query.purpose) add((p) => `p.purpose in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(query.purpose));
  if (query.subscriptionId) add((p) => `p.subscription_id = ${p}`, query.subscriptionId);
  if (query.subscription !== undefined) where.push(query.subscription ? 'p.subscription_id is not null' : 'p.subscription_id is null');
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const dir = query.order === 'ASC' ? 'asc' : 'desc';
  const records = await rows(
    sql,
    paymentRecordSchema,
    `select to_jsonb(p) as row from read.payments p ${filter} order by p.${query.sort} ${dir} nulls last, p.id ${dir} limit ${query.limit} offset ${query.offset}`,
    params,
  );
  return { records, total: await count(sql, `select count(*) as n from read.payments p ${filter}`, params) };
}

export async function findPayment(sql: Sql, id: string): Promise<AdminPayment | null> {
  const found = await rows(sql, paymentRecordSchema, 'select to_jsonb(p) as row from read.payments p where p.id::text = $1', [id]);
  return found[0] ?? null;
}
