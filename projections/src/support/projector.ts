import type { z } from 'zod';
import { supportReplySchema, supportRequestRecordSchema } from '@roar/contracts/support';
import type { SupportRequestAnsweredEvent, SupportRequestClosedEvent, SupportRequestReopenedEvent, SupportRequestSubmittedEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, isoInstant, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';

const COLUMNS: Columns = [
  ['id', 'text'],
  ['member_id', 'text', 'null'],
  ['name', 'text'],
  ['email', 'text'],
  ['topic', 'text'],
  ['message', 'text'],
  ['status', 'text'],
  ['replies', 'jsonb'],
  ['submitted_at', 'timestamptz'],
  ['answered_at', 'timestamptz', 'null'],
  ['closed_at', 'timestamptz', 'null'],
  ['updated_at', 'timestamptz'],
];

export { supportReplySchema };
/** One row of read.support_requests: the contract's request (without the member's name), its times read back from PostgreSQL. */
export const supportRequestRowSchema = supportRequestRecordSchema
  .omit({ member_name: true })
  .extend({ submitted_at: isoInstant, answered_at: isoInstant.nullable(), closed_at: isoInstant.nullable(), updated_at: isoInstant });
export type SupportRequestRow = z.infer<typeof supportRequestRowSchema>;
export const SUPPORT_REQUEST_COLUMNS = COLUMNS;

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'support_requests', COLUMNS, 'id')};
    create index if not exists support_requests_status on ${s}.support_requests (status, submitted_at);
    create index if not exists support_requests_member on ${s}.support_requests (member_id, submitted_at);
  `);
}

const iso = (v: string): string => new Date(v).toISOString();
const staffOf = (e: RecordedEvent): string | null => {
  const actor = e.metadata.actor as { type?: string; id?: string } | undefined;
  return actor?.type === 'staff' && actor.id ? actor.id : null;
};

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'support');
  const ids = decoded.map((e) => (e.data as { requestId: string }).requestId);
  const rows = new Map((await loadRows(tx, ctx.schema, 'support_requests', 'id', ids, supportRequestRowSchema, ctx)).map((r) => [r.id, r]));
  const touched = new Set<string>();
  const set = (id: string, change: (row: SupportRequestRow) => Partial<SupportRequestRow>, at: string) => {
    const row = rows.get(id);
    if (!row) return ctx.logger.warn({ requestId: id }, 'support: event for an unknown request skipped');
    rows.set(id, { ...row, ...change(row), updated_at: at });
    touched.add(id);
  };
  for (const e of decoded) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'SupportRequestSubmitted': {
        const d = e.data as SupportRequestSubmittedEvent['data'];
        rows.set(d.requestId, {
          id: d.requestId,
          member_id: d.memberId,
          name: d.name,
          email: d.email,
          topic: d.topic,
          message: d.message,
          status: 'open',
          replies: [],
          submitted_at: iso(d.submittedAt),
          answered_at: null,
          closed_at: null,
          updated_at: at,
        });
        touched.add(d.requestId);
        break;
      }
      case 'SupportRequestAnswered': {
        const d = e.data as SupportRequestAnsweredEvent['data'];
        set(
          d.requestId,
          (r) => ({
            status: 'answered',
            answered_at: iso(d.answeredAt),
            replies: [...r.replies, { id: d.replyId, body: d.body, to: d.to, staff_id: staffOf(e), at: iso(d.answeredAt) }],
          }),
          at,
        );
        break;
      }
      case 'SupportRequestClosed': {
        const d = e.data as SupportRequestClosedEvent['data'];
        set(d.requestId, () => ({ status: 'closed', closed_at: iso(d.closedAt) }), at);
        break;
      }
      case 'SupportRequestReopened': {
        const d = e.data as SupportRequestReopenedEvent['data'];
        set(d.requestId, (r) => ({ status: r.replies.length > 0 ? 'answered' : 'open', closed_at: null }), at);
        break;
      }
      default:
        break;
    }
  }
  await upsertRows(
    tx,
    ctx.schema,
    'support_requests',
    COLUMNS,
    'id',
    [...touched].map((id) => rows.get(id)!),
  );
}

/** read.support_requests: the contact form's requests for the staff console's Support requests list. */
export const supportProjector: Projector = withErasure(
  {
    name: 'support',
    version: 1,
    tables: [{ name: 'support_requests', primaryKey: ['id'] }],
    handles: ['SupportRequestSubmitted', 'SupportRequestAnswered', 'SupportRequestClosed', 'SupportRequestReopened'],
    migrate,
    apply,
  },
  // Staff replies are about the member and often quote them: erased with the request.
  [
    {
      table: 'support_requests',
      member: 'member_id',
      columns: { name: 'name', email: 'email', message: 'text', replies: { array: { body: 'text', to: 'email' } } },
    },
  ],
);
