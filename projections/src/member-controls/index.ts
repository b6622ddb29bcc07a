import type { MemberPauseStartedEvent, SpendingLimitSetEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';

/**
 * read.member_controls (issue 23): one row per member with a limit, a break or a self-exclusion,
 * for the staff dashboard's counts. The member-controls stream stays the source for decisions.
 */
const COLUMNS: Columns = [
  ['member_id', 'text'],
  ['limit_cents', 'integer', 'null'],
  ['limit_effective_at', 'timestamptz', 'null'],
  ['pause_kind', 'text', 'null'],
  ['pause_ends_at', 'timestamptz', 'null'],
];

async function migrate(tx: Sql, schema: string): Promise<void> {
  await tx.exec(`${createTableSql(schema, 'member_controls', COLUMNS, 'member_id')};`);
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const s = ident(ctx.schema);
  for (const e of decodeAll(events, ctx, 'member-controls')) {
    if (e.type === 'SpendingLimitSet') {
      const d = e.data as SpendingLimitSetEvent['data'];
      await tx.query(
        `insert into ${s}.member_controls (member_id, limit_cents, limit_effective_at) values ($1, $2, $3)
         on conflict (member_id) do update set limit_cents = excluded.limit_cents, limit_effective_at = excluded.limit_effective_at`,
        [d.memberId, d.limitCents, d.effectiveAt],
      );
    } else if (e.type === 'MemberPauseStarted') {
      const d = e.data as MemberPauseStartedEvent['data'];
      await tx.query(
        `insert into ${s}.member_controls (member_id, pause_kind, pause_ends_at) values ($1, $2, $3)
         on conflict (member_id) do update set pause_kind = excluded.pause_kind, pause_ends_at = excluded.pause_ends_at`,
        [d.memberId, d.kind, d.endsAt],
      );
    }
  }
}

export const memberControlsProjector: Projector = {
  name: 'member_controls',
  version: 1,
  tables: [{ name: 'member_controls', primaryKey: ['member_id'] }],
  handles: ['SpendingLimitSet', 'MemberPauseStarted'],
  migrate,
  apply,
};

/** The dashboard's counts at `now`: members on a break, self-excluded, with a limit (set, even if a raise is pending). */
export async function memberControlCounts(sql: Sql, now: Date): Promise<{ onBreak: number; selfExcluded: number; withLimit: number }> {
  const r = await sql.query<{ on_break: string; excluded: string; with_limit: string }>(
    `select count(*) filter (where pause_kind = 'break' and pause_ends_at > $1)::text as on_break,
            count(*) filter (where pause_kind = 'self-exclusion' and pause_ends_at > $1)::text as excluded,
            count(*) filter (where limit_cents is not null)::text as with_limit
     from read.member_controls`,
    [now.toISOString()],
  );
  const row = r.rows[0];
  return { onBreak: Number(row?.on_break ?? 0), selfExcluded: Number(row?.excluded ?? 0), withLimit: Number(row?.with_limit ?? 0) };
}
