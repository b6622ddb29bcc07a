import { z } from 'zod';
import type { ApprovalEvent } from '@roar/domain';
import type { RecordedEvent, Sql } from '@roar/platform';
import { createTableSql, decodeAll, isoInstant, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';

/** Four-eyes requests for the staff console's queue and history: who asked, who decided, what came of it. */
const COLUMNS: Columns = [
  ['id', 'text'],
  ['kind', 'text'],
  ['params', 'jsonb'],
  ['summary', 'text'],
  ['reason', 'text'],
  ['status', 'text'],
  ['requested_by', 'text'],
  ['requested_at', 'timestamptz'],
  ['decided_by', 'text', 'null'],
  ['decided_at', 'timestamptz', 'null'],
  ['decline_reason', 'text', 'null'],
  ['outcome', 'text', 'null'],
  ['error', 'text', 'null'],
  ['updated_at', 'timestamptz'],
];

export const approvalRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  summary: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'declined', 'carried_out', 'failed']),
  requested_by: z.string(),
  requested_at: isoInstant,
  decided_by: z.string().nullable(),
  decided_at: isoInstant.nullable(),
  decline_reason: z.string().nullable(),
  outcome: z.string().nullable(),
  error: z.string().nullable(),
  updated_at: isoInstant,
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;

async function migrate(tx: Sql, schema: string): Promise<void> {
  await tx.exec(`${createTableSql(schema, 'approvals', COLUMNS, 'id')};
    create index if not exists approvals_status on "${schema}".approvals (status, requested_at);`);
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'approvals') as unknown as (RecordedEvent & ApprovalEvent)[];
  const ids = decoded.map((e) => e.data.approvalId);
  const rows = new Map((await loadRows(tx, ctx.schema, 'approvals', 'id', ids, approvalRowSchema, ctx)).map((r) => [r.id, r]));
  const touched = new Set<string>();
  const set = (id: string, change: Partial<ApprovalRow>, at: string) => {
    const row = rows.get(id);
    // An outcome for a request this read model never saw: logged, not invented (verify would show it).
    if (!row) return ctx.logger.warn({ approvalId: id }, 'approvals: event for an unknown request skipped');
    rows.set(id, { ...row, ...change, updated_at: at });
    touched.add(id);
  };
  for (const e of decoded) {
    const at = occurredAt(e);
    switch (e.type) {
      case 'ApprovalRequested':
        rows.set(e.data.approvalId, {
          id: e.data.approvalId,
          kind: e.data.action.kind,
          params: e.data.action.params,
          summary: e.data.action.summary,
          reason: e.data.reason,
          status: 'pending',
          requested_by: e.data.requestedBy,
          requested_at: at,
          decided_by: null,
          decided_at: null,
          decline_reason: null,
          outcome: null,
          error: null,
          updated_at: at,
        });
        touched.add(e.data.approvalId);
        break;
      case 'ApprovalGranted':
        set(e.data.approvalId, { status: 'approved', decided_by: e.data.approvedBy, decided_at: at }, at);
        break;
      case 'ApprovalDeclined':
        set(e.data.approvalId, { status: 'declined', decided_by: e.data.declinedBy, decided_at: at, decline_reason: e.data.reason }, at);
        break;
      case 'ApprovedActionCarriedOut':
        set(e.data.approvalId, { status: 'carried_out', outcome: e.data.outcome }, at);
        break;
      case 'ApprovedActionFailed':
        set(e.data.approvalId, { status: 'failed', error: e.data.error }, at);
        break;
      default: {
        const _exhaustive: never = e;
        return _exhaustive;
      }
    }
  }
  await upsertRows(
    tx,
    ctx.schema,
    'approvals',
    COLUMNS,
    'id',
    [...touched].map((id) => rows.get(id)!),
  );
}

export const approvalsProjector: Projector = {
  name: 'approvals',
  version: 1,
  tables: [{ name: 'approvals', primaryKey: ['id'] }],
  handles: ['ApprovalRequested', 'ApprovalGranted', 'ApprovalDeclined', 'ApprovedActionCarriedOut', 'ApprovedActionFailed'],
  migrate,
  apply,
};
