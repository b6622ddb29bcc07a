import { z } from 'zod';
import type { SingleEntryPurchasedEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, isoInstant, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';

const COLUMNS: Columns = [
  ['id', 'text'],
  ['member_id', 'text'],
  ['prize_id', 'text', 'null'],
  ['tickets', 'integer'],
  ['membership_id', 'integer'],
  ['tier_code', 'text'],
  ['checkout_id', 'text'],
  ['payment_id', 'text'],
  ['valid_until', 'timestamptz'],
  ['purchased_at', 'timestamptz'],
];

export const singleEntryRowSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  prize_id: z.string().nullable(),
  /** The tier's initial_tickets when bought. */
  tickets: z.number().int(),
  membership_id: z.number().int(),
  tier_code: z.string(),
  checkout_id: z.string(),
  payment_id: z.string(),
  valid_until: isoInstant,
  purchased_at: isoInstant,
});
export type SingleEntryRow = z.infer<typeof singleEntryRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  await tx.exec(`
    ${createTableSql(schema, 'single_entries', COLUMNS, 'id')};
    create index if not exists single_entries_member on ${ident(schema)}.single_entries (member_id, purchased_at);
  `);
}

function toRow(e: RecordedEvent): SingleEntryRow {
  const d = e.data as SingleEntryPurchasedEvent['data'];
  return {
    id: d.singleEntryId,
    member_id: d.memberId,
    prize_id: d.prizeId,
    tickets: d.tier.initial_tickets,
    membership_id: d.tier.membershipId,
    tier_code: d.tier.code,
    checkout_id: d.checkoutId,
    payment_id: d.paymentId,
    valid_until: new Date(d.validUntil).toISOString(),
    purchased_at: occurredAt(e),
  };
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  // Rows never change after purchase; an id written twice (the decider never does) keeps the last copy.
  const rows = new Map(decodeAll(events, ctx, 'single_entries').map((e) => [(e.data as { singleEntryId: string }).singleEntryId, toRow(e)]));
  await upsertRows(tx, ctx.schema, 'single_entries', COLUMNS, 'id', [...rows.values()]);
}

export const singleEntriesProjector: Projector = {
  name: 'single_entries',
  version: 1,
  tables: [{ name: 'single_entries', primaryKey: ['id'] }],
  handles: ['SingleEntryPurchased'],
  migrate,
  apply,
};

/** A member's single entries, newest first; the caller splits active from previous by validUntil. */
export async function listSingleEntries(sql: Sql, memberId: string): Promise<SingleEntryRow[]> {
  const r = await sql.query<{ row: unknown }>(
    'select to_jsonb(s) as row from read.single_entries s where member_id = $1 order by purchased_at desc, id',
    [memberId],
  );
  return r.rows.map(({ row }) => singleEntryRowSchema.parse(row));
}

/** A member's last 50 single-entry purchases, newest first: the tier bought and when (rewards days). */
export async function singleEntryPurchases(sql: Sql, memberId: string): Promise<{ membership_id: number; purchased_at: Date | string }[]> {
  const purchases = await sql.query<{ membership_id: number; purchased_at: Date | string }>(
    'select membership_id, purchased_at from read.single_entries where member_id = $1 order by purchased_at desc limit 50',
    [memberId],
  );
  return purchases.rows;
}
