import type { z } from 'zod';
import { createEventRegistry, MembershipTierDefined, MembershipTierRevised, MembershipTierStatusChanged } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import type { ApplyContext, Projector } from '../runner/projector';
import { MEMBERSHIP_COLUMNS, migrateMemberships } from './migration';
import { membershipRowSchema, type MembershipRow } from './row';

const registry = createEventRegistry();

type Defined = z.infer<typeof MembershipTierDefined.schema>;
type Revised = z.infer<typeof MembershipTierRevised.schema>;
type StatusChanged = z.infer<typeof MembershipTierStatusChanged.schema>;

async function loadRows(tx: Sql, schema: string, ids: readonly number[], ctx: ApplyContext): Promise<Map<number, MembershipRow>> {
  const rows = new Map<number, MembershipRow>();
  if (ids.length === 0) return rows;
  const r = await tx.query<{ row: unknown }>(
    `select to_jsonb(m) as row from ${ident(schema)}.memberships m where id in (select (jsonb_array_elements_text($1::jsonb))::int)`,
    [JSON.stringify(ids)],
  );
  for (const { row } of r.rows) {
    const parsed = membershipRowSchema.safeParse(row);
    if (parsed.success) rows.set(parsed.data.id, parsed.data);
    else ctx.logger.warn({ issues: parsed.error.issues }, 'memberships: unreadable stored row ignored');
  }
  return rows;
}

/** An event that does not decode cannot be applied: it throws, and the runner stops the projector there. */
function decode(event: RecordedEvent): RecordedEvent {
  return registry.decode(event);
}

/**
 * Folds the batch into the rows it touches in memory (read once, written once with one multi-row
 * upsert): this is what makes a 200,000-event rebuild fast. updated_at is the event's occurredAt,
 * never now(), so a replay gives the same rows (verify depends on it).
 */
async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = events.map(decode);
  const ids = [...new Set(decoded.map((e) => (e.data as { membershipId: number }).membershipId))];
  const rows = await loadRows(tx, ctx.schema, ids, ctx);
  const touched = new Set<number>();
  for (const e of decoded) {
    const at = new Date(e.metadata.occurredAt).toISOString();
    if (e.type === 'MembershipTierDefined') {
      const d = e.data as Defined;
      rows.set(d.membershipId, { id: d.membershipId, status: d.status, ...d.fields, updated_at: at });
      touched.add(d.membershipId);
      continue;
    }
    const id = (e.data as Revised | StatusChanged).membershipId;
    const row = rows.get(id);
    if (!row) {
      ctx.logger.warn({ eventId: e.id, type: e.type, membershipId: id }, 'memberships: event for an undefined tier skipped');
      continue;
    }
    if (e.type === 'MembershipTierRevised') rows.set(id, { ...row, ...(e.data as Revised).changes, updated_at: at });
    else if (e.type === 'MembershipTierStatusChanged') rows.set(id, { ...row, status: (e.data as StatusChanged).to, updated_at: at });
    touched.add(id);
  }
  const changed = [...touched].map((id) => rows.get(id)!);
  if (changed.length === 0) return;
  const names = MEMBERSHIP_COLUMNS.map(([n]) => ident(n));
  const recordType = MEMBERSHIP_COLUMNS.map(([n, t]) => `${ident(n)} ${t}`).join(', ');
  await tx.query(
    `insert into ${ident(ctx.schema)}.memberships (${names.join(', ')})
     select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${recordType})
     on conflict (id) do update set ${names
       .filter((n) => n !== '"id"')
       .map((n) => `${n} = excluded.${n}`)
       .join(', ')}`,
    [JSON.stringify(changed)],
  );
}

export const membershipsProjector: Projector = {
  name: 'memberships',
  version: 1,
  tables: [{ name: 'memberships', primaryKey: ['id'] }],
  handles: ['MembershipTierDefined', 'MembershipTierRevised', 'MembershipTierStatusChanged'],
  migrate: migrateMemberships,
  apply,
};
