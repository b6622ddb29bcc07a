import type { Sql } from '@roar/platform';
import { approvalRowSchema, type ApprovalRow } from './projector';

export async function getApproval(sql: Sql, id: string): Promise<ApprovalRow | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(a) as row from read.approvals a where id = $1', [id]);
  return r.rows[0] ? approvalRowSchema.parse(r.rows[0].row) : null;
}

/** Newest first; `status` filters (the console's "waiting for approval" queue is status pending). */
export async function listApprovals(
  sql: Sql,
  filter: { status?: readonly string[]; ids?: readonly string[]; offset?: number; limit?: number } = {},
): Promise<{ records: ApprovalRow[]; total: number }> {
  const where = `($1::jsonb is null or status in (select jsonb_array_elements_text($1::jsonb))) and ($2::jsonb is null or id in (select jsonb_array_elements_text($2::jsonb)))`;
  const params = [filter.status ? JSON.stringify(filter.status) : null, filter.ids ? JSON.stringify(filter.ids) : null];
  const total = await sql.query<{ n: string | number }>(`select count(*) as n from read.approvals where ${where}`, params);
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(a) as row from read.approvals a where ${where} order by requested_at desc, id limit $3 offset $4`,
    [...params, filter.limit ?? 500, filter.offset ?? 0],
  );
  return { records: r.rows.map(({ row }) => approvalRowSchema.parse(row)), total: Number(total.rows[0]?.n ?? 0) };
}

export async function countPendingApprovals(sql: Sql): Promise<number> {
  const r = await sql.query<{ n: string | number }>(`select count(*) as n from read.approvals where status = 'pending'`);
  return Number(r.rows[0]?.n ?? 0);
}
