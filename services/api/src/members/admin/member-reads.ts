import { z } from 'zod';
import type { Sql } from '@roar/platform';
import { entryGrantRecords, entryTotalsRecord, memberRecord, searchMemberRecords, type MemberQuery } from '@roar/projections';
import { instant, int, maybe, maybeInt, text } from '../../staff-kit/record-fields';

/**
 * Staff reads of the member-side read models (docs/members-design.md: read.members,
 * read.entry_grants, read.entry_totals, read.payments), queried by their projections. Every record
 * is built from a whitelist of columns: whatever else a table may hold never reaches the console.
 */

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
  /** Residential state or territory (issue 22); null until the member answers. */
  state: maybe,
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

export { MEMBER_SORT_FIELDS, type MemberQuery, type MemberSort } from '@roar/projections';
export { findPayment, searchPayments, PAYMENT_SORT_FIELDS, type AdminPayment, type PaymentQuery, type PaymentSort } from '../../payments/reads';

/** Search over name and email (case-insensitive, substring; `%` and `_` taken literally). */
export async function searchMembers(sql: Sql, query: MemberQuery): Promise<{ records: AdminMember[]; total: number }> {
  const { rows, total } = await searchMemberRecords(sql, query);
  return { records: rows.map((row) => memberRecordSchema.parse(row)), total };
}

export async function findMember(sql: Sql, id: string): Promise<AdminMember | null> {
  const row = await memberRecord(sql, id);
  return row === null ? null : memberRecordSchema.parse(row);
}

/** The ledger oldest first, so ticket numbers read upwards as they were issued. */
export async function memberGrants(sql: Sql, memberId: string): Promise<AdminEntryGrant[]> {
  return (await entryGrantRecords(sql, memberId)).map((row) => grantRecordSchema.parse(row));
}

export async function memberTotals(sql: Sql, memberId: string): Promise<AdminEntryTotals> {
  const row = await entryTotalsRecord(sql, memberId);
  return row === null ? { total: 0, granted: 0, revoked: 0 } : totalsSchema.parse(row);
}
