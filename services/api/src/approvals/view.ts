import type { ApprovalRow } from '@roar/projections';
import type { Sql } from '@roar/platform';
import type { StaffUser } from '../auth/staff-users';

/** Staff names by id, for the history (a name is read now, from the staff table, never stored in the log). */
export async function staffNames(sql: Sql, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null && /^[0-9a-f-]{36}$/i.test(id)))];
  if (wanted.length === 0) return new Map();
  const r = await sql.query<{ id: string; name: string; email: string }>(
    'select id::text as id, name, email from auth.staff_users where id::text in (select jsonb_array_elements_text($1::jsonb))',
    [JSON.stringify(wanted)],
  );
  return new Map(r.rows.map((row) => [row.id, `${row.name} (${row.email})`]));
}

const nameOf = (names: Map<string, string>, id: string | null) => (id === null ? null : (names.get(id) ?? 'a former staff user'));

/** The console's record of one request; `can_decide` says whether the viewer may approve or decline it. */
export function toApprovalRecord(row: ApprovalRow, names: Map<string, string>, viewer: StaffUser) {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    summary: row.summary,
    reason: row.reason,
    status: row.status,
    requested_by: row.requested_by,
    requested_by_name: nameOf(names, row.requested_by),
    requested_at: row.requested_at,
    decided_by: row.decided_by,
    decided_by_name: nameOf(names, row.decided_by),
    decided_at: row.decided_at,
    decline_reason: row.decline_reason,
    outcome: row.outcome,
    error: row.error,
    can_decide: row.status === 'pending' && row.requested_by !== viewer.id && viewer.role !== 'auditor',
  };
}
export type ApprovalRecord = ReturnType<typeof toApprovalRecord>;

export async function approvalRecords(sql: Sql, rows: readonly ApprovalRow[], viewer: StaffUser): Promise<ApprovalRecord[]> {
  const names = await staffNames(
    sql,
    rows.flatMap((r) => [r.requested_by, r.decided_by]),
  );
  return rows.map((r) => toApprovalRecord(r, names, viewer));
}
