import type { Sql } from '@roar/platform';
import { cashbackClaimRowSchema, cashbackPayoutRowSchema, type CashbackClaimRow, type CashbackPayoutRow } from './projector';

export async function getCashbackClaim(sql: Sql, id: string): Promise<CashbackClaimRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(c) as row from read.cashback_claims c where id = $1', [id]);
  return r.rows[0] ? cashbackClaimRowSchema.parse(r.rows[0].row) : null;
}

export async function listCashbackClaims(
  sql: Sql,
  filter: { memberId?: string; status?: readonly string[]; ids?: readonly string[]; order?: 'ASC' | 'DESC'; offset?: number; limit?: number } = {},
): Promise<{ records: CashbackClaimRow[]; total: number }> {
  const where = `($1::text is null or member_id = $1) and ($2::jsonb is null or status in (select jsonb_array_elements_text($2::jsonb)))
    and ($3::jsonb is null or id in (select jsonb_array_elements_text($3::jsonb)))`;
  const params = [filter.memberId ?? null, filter.status ? JSON.stringify(filter.status) : null, filter.ids ? JSON.stringify(filter.ids) : null];
  const total = await sql.query<{ n: string | number }>(`select count(*) as n from read.cashback_claims where ${where}`, params);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(c) as row from read.cashback_claims c where ${where} order by submitted_at ${filter.order === 'DESC' ? 'desc' : 'asc'}, id limit $4 offset $5`,
    [...params, filter.limit ?? 500, filter.offset ?? 0],
  );
  return { records: r.rows.map(({ row }) => cashbackClaimRowSchema.parse(row)), total: Number(total.rows[0]?.n ?? 0) };
}

export async function listCashbackPayouts(
  sql: Sql,
  filter: { status?: readonly string[]; ids?: readonly string[]; offset?: number; limit?: number } = {},
): Promise<{ records: CashbackPayoutRow[]; total: number }> {
  const where = `($1::jsonb is null or status in (select jsonb_array_elements_text($1::jsonb))) and ($2::jsonb is null or id in (select jsonb_array_elements_text($2::jsonb)))`;
  const params = [filter.status ? JSON.stringify(filter.status) : null, filter.ids ? JSON.stringify(filter.ids) : null];
  const total = await sql.query<{ n: string | number }>(`select count(*) as n from read.cashback_payouts where ${where}`, params);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(p) as row from read.cashback_payouts p where ${where} order by scheduled_at desc, id limit $3 offset $4`,
    [...params, filter.limit ?? 500, filter.offset ?? 0],
  );
  return { records: r.rows.map(({ row }) => cashbackPayoutRowSchema.parse(row)), total: Number(total.rows[0]?.n ?? 0) };
}

/** Claims submitted and not yet decided: work waiting for staff on the dashboard. */
export async function countClaimsToReview(sql: Sql): Promise<number> {
  return Number(
    (await sql.query<{ n: string | number }>("select count(*) as n from read.cashback_claims where status = 'submitted'")).rows[0]?.n ?? 0,
  );
}

/** Approved payouts not yet paid: work waiting for staff on the dashboard. */
export async function countPayoutsToPay(sql: Sql): Promise<number> {
  return Number(
    (await sql.query<{ n: string | number }>("select count(*) as n from read.cashback_payouts where status = 'scheduled'")).rows[0]?.n ?? 0,
  );
}
