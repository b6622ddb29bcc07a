import type { EntriesGrantedEvent, EntriesRevokedEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, occurredAt, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';

export const ENTRY_GRANT_COLUMNS: Columns = [
  ['id', 'text'],
  ['member_id', 'text'],
  ['source', 'text'],
  ['count', 'integer'],
  ['first_ticket', 'integer', 'null'],
  ['last_ticket', 'integer', 'null'],
  ['membership_id', 'integer', 'null'],
  ['tier_code', 'text', 'null'],
  ['reason', 'text', 'null'],
  ['prize_id', 'text', 'null'],
  ['causation_key', 'text'],
  ['occurred_at', 'timestamptz'],
];

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'entry_grants', ENTRY_GRANT_COLUMNS, 'id')};
    create index if not exists entry_grants_member on ${s}.entry_grants (member_id, occurred_at, id);
    create table if not exists ${s}.entry_totals (
      member_id text primary key, total integer not null, granted integer not null, revoked integer not null);
  `);
}

function toRow(e: RecordedEvent): Record<string, unknown> {
  if (e.type === 'EntriesGranted') {
    const d = e.data as EntriesGrantedEvent['data'];
    return {
      id: d.grantId,
      member_id: d.memberId,
      source: d.source,
      count: d.count,
      first_ticket: d.firstTicket,
      last_ticket: d.lastTicket,
      membership_id: d.membershipId,
      tier_code: d.tierCode,
      reason: d.reason,
      prize_id: d.prizeId,
      causation_key: d.causationKey,
      occurred_at: occurredAt(e),
    };
  }
  const d = e.data as EntriesRevokedEvent['data'];
  // A revocation is a ledger line with a negative count; it holds no ticket numbers.
  return {
    id: d.revocationId,
    member_id: d.memberId,
    source: 'revocation',
    count: -d.count,
    first_ticket: null,
    last_ticket: null,
    membership_id: null,
    tier_code: null,
    reason: d.reason,
    prize_id: null,
    causation_key: d.causationKey,
    occurred_at: occurredAt(e),
  };
}

/**
 * One statement per batch: the ledger lines are inserted (a line id seen before is skipped), and
 * only the lines really inserted move the totals, so the two tables never disagree.
 */
async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const rows = decodeAll(events, ctx, 'entry_ledger').map(toRow);
  if (rows.length === 0) return;
  const s = ident(ctx.schema);
  const names = ENTRY_GRANT_COLUMNS.map(([n]) => ident(n));
  const recordType = ENTRY_GRANT_COLUMNS.map(([n, t]) => `${ident(n)} ${t}`).join(', ');
  await tx.query(
    `with inserted as (
       insert into ${s}.entry_grants (${names.join(', ')})
       select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${recordType})
       on conflict (id) do nothing
       returning member_id, count)
     insert into ${s}.entry_totals (member_id, total, granted, revoked)
     select member_id, sum(count), sum(greatest(count, 0)), sum(greatest(-count, 0)) from inserted group by member_id
     on conflict (member_id) do update set
       total = entry_totals.total + excluded.total,
       granted = entry_totals.granted + excluded.granted,
       revoked = entry_totals.revoked + excluded.revoked`,
    [JSON.stringify(rows)],
  );
}

export const entryLedgerProjector: Projector = withErasure(
  {
    name: 'entry_ledger',
    version: 1,
    tables: [
      { name: 'entry_grants', primaryKey: ['id'] },
      { name: 'entry_totals', primaryKey: ['member_id'] },
    ],
    handles: ['EntriesGranted', 'EntriesRevoked'],
    migrate,
    apply,
  },
  [{ table: 'entry_grants', member: 'member_id', columns: { reason: 'text' } }],
);
