import type { z } from 'zod';
import { entryGrantSchema } from '@roar/contracts/members';
import type { Sql } from '@roar/platform';
import { isoInstant } from '../runner/table';

/** One row of read.entry_grants: the contract's entry grant, its time read back from PostgreSQL. */
export const entryGrantRowSchema = entryGrantSchema.extend({ occurred_at: isoInstant });
export type EntryGrantRow = z.infer<typeof entryGrantRowSchema>;

export interface EntryTotal {
  readonly member_id: string;
  readonly total: number;
  readonly granted: number;
  readonly revoked: number;
}

/** A member's ledger, oldest first: the entry receipt reads down it. */
export async function listEntryGrants(sql: Sql, memberId: string): Promise<EntryGrantRow[]> {
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(g) as row from read.entry_grants g where member_id = $1 order by occurred_at, first_ticket nulls last, id',
    [memberId],
  );
  return r.rows.map(({ row }) => entryGrantRowSchema.parse(row));
}

/** The member's totals; zeros for a member with no grants yet. */
export async function getEntryTotal(sql: Sql, memberId: string): Promise<EntryTotal> {
  const r = await sql.query<{ total: unknown; granted: unknown; revoked: unknown }>(
    'select total, granted, revoked from read.entry_totals where member_id = $1',
    [memberId],
  );
  const row = r.rows[0];
  return { member_id: memberId, total: Number(row?.total ?? 0), granted: Number(row?.granted ?? 0), revoked: Number(row?.revoked ?? 0) };
}

/** A member's ledger rows as stored (to_jsonb), oldest first, for the staff console's whitelist. */
export async function entryGrantRecords(sql: Sql, memberId: string): Promise<unknown[]> {
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(g) as row from read.entry_grants g where g.member_id::text = $1 order by g.occurred_at, g.first_ticket nulls last',
    [memberId],
  );
  return r.rows.map(({ row }) => row);
}

/** A member's totals row as stored (to_jsonb), for the staff console's whitelist; null before any grant. */
export async function entryTotalsRecord(sql: Sql, memberId: string): Promise<unknown> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(t) as row from read.entry_totals t where t.member_id::text = $1', [memberId]);
  return r.rows[0]?.row ?? null;
}
