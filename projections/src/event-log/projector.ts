import { createEventRegistry } from '@roar/domain';
import { ident, type PersonalFieldSpec, type RecordedEvent, type Sql } from '@roar/platform';
import { eraseEventData } from '../runner/erasure';
import type { ApplyContext, Projector } from '../runner/projector';
import { EVENT_LOG_COLUMNS, migrateEventLog } from './migration';

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function instant(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Copies the envelope as stored, without decoding the payload: the auditor's view must show every
 * event, including one whose payload no longer fits its schema. Missing envelope fields become
 * nulls instead of errors.
 */
function toRow(e: RecordedEvent): Record<string, unknown> {
  const meta: Record<string, unknown> = typeof e.metadata === 'object' && e.metadata !== null ? { ...e.metadata } : {};
  const actor = typeof meta.actor === 'object' && meta.actor !== null ? (meta.actor as Record<string, unknown>) : {};
  return {
    event_id: e.id,
    stream_id: e.streamId,
    stream_revision: String(e.revision),
    event_type: e.type,
    position_commit: String(e.position.commit),
    position_prepare: String(e.position.prepare),
    data: e.data ?? null,
    metadata: meta,
    actor_type: text(actor.type),
    actor_id: text(actor.id),
    correlation_id: text(meta.correlationId),
    occurred_at: instant(meta.occurredAt),
    recorded_at: instant(e.recordedAt) ?? new Date(0).toISOString(),
  };
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const names = EVENT_LOG_COLUMNS.map(([n]) => ident(n)).join(', ');
  // A JSON null payload comes out of jsonb_to_recordset as SQL NULL; keep it as JSON null.
  const values = EVENT_LOG_COLUMNS.map(([n, t]) => (t === 'jsonb' ? `coalesce(${ident(n)}, 'null'::jsonb)` : ident(n))).join(', ');
  const recordType = EVENT_LOG_COLUMNS.map(([n, t]) => `${ident(n)} ${t}`).join(', ');
  const erased = await erasedAmong(tx, ctx.schema, events);
  await tx.query(
    `insert into ${ident(ctx.schema)}.event_log (${names})
     select ${values} from jsonb_to_recordset($1::jsonb) as x(${recordType})
     on conflict (event_id) do nothing`,
    [JSON.stringify(events.map((e) => toRow(erased.size > 0 ? asErased(e, erased) : e)))],
  );
  for (const e of events) {
    const memberId = erasedMemberOf(e);
    if (memberId) await eraseFromEventLog(tx, ctx.schema, memberId);
  }
}

const erasedMemberOf = (e: RecordedEvent): string | null => {
  const id = e.type === 'MemberErased' ? (e.data as { memberId?: unknown } | null)?.memberId : undefined;
  return typeof id === 'string' && id.length > 0 ? id : null;
};

/** The subjects an event's personal specs name (dot paths, inside `each` arrays too). */
function subjectsOf(e: RecordedEvent): string[] {
  const specs = personalTypes.get(e.type);
  if (!specs) return [];
  const at = (data: unknown, path: string): unknown =>
    path.split('.').reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined), data);
  const out: string[] = [];
  for (const spec of specs) {
    const scopes = spec.each === undefined ? [e.data] : ((at(e.data, spec.each) as unknown[] | undefined) ?? []);
    for (const scope of Array.isArray(scopes) ? scopes : []) {
      const id = at(scope, spec.subject);
      if (typeof id === 'string' && id.length > 0) out.push(id);
    }
  }
  return out;
}

/**
 * The members among the batch's subjects who are erased already (a MemberErased in the log copy,
 * or earlier in this batch). An event of theirs recorded after the erasure (the address released,
 * say) is opened while their key still exists, until the erasure job deletes it: it is copied as a
 * rebuild copies it, with the erased values.
 */
async function erasedAmong(tx: Sql, schema: string, events: readonly RecordedEvent[]): Promise<Set<string>> {
  const subjects = [...new Set(events.flatMap(subjectsOf))];
  const erased = new Set(events.map(erasedMemberOf).filter((m): m is string => m !== null));
  if (subjects.length === 0) return erased;
  const r = await tx.query<{ m: string }>(
    `select distinct data->>'memberId' as m from ${ident(schema)}.event_log where event_type = 'MemberErased' and data->>'memberId' = any($1::text[])`,
    [subjects],
  );
  for (const { m } of r.rows) erased.add(m);
  return erased;
}

function asErased(e: RecordedEvent, erased: ReadonlySet<string>): RecordedEvent {
  const specs = personalTypes.get(e.type);
  if (!specs) return e;
  let data: unknown = e.data;
  for (const memberId of subjectsOf(e)) if (erased.has(memberId)) data = eraseEventData(data, specs, memberId).data;
  return data === e.data ? e : { ...e, data };
}

const registry = createEventRegistry();
const personalTypes = new Map<string, readonly PersonalFieldSpec[]>(
  registry.types().flatMap((type) => {
    const specs = registry.definitionOf(type)?.personal;
    return specs && specs.length > 0 ? [[type, specs] as const] : [];
  }),
);

/**
 * Issue 24: the staff log copies payloads as the store opens them, so the member's personal fields
 * were copied while their key existed. On MemberErased they take the erased values, field by field
 * as the event's own specs declare them: what a rebuild, opening the same events without the key,
 * copies. Erasures are rare; the scan is bounded to the types that declare personal fields and to
 * payloads naming the member.
 */
async function eraseFromEventLog(tx: Sql, schema: string, memberId: string): Promise<void> {
  if (personalTypes.size === 0) return;
  const rows = await tx.query<{ event_id: string; event_type: string; data: unknown }>(
    `select event_id::text as event_id, event_type, data from ${ident(schema)}.event_log
     where event_type = any($1::text[]) and strpos(data::text, $2) > 0`,
    [[...personalTypes.keys()], JSON.stringify(memberId)],
  );
  for (const row of rows.rows) {
    const { data, changed } = eraseEventData(row.data, personalTypes.get(row.event_type) ?? [], memberId);
    if (changed)
      await tx.query(`update ${ident(schema)}.event_log set data = $1::jsonb where event_id = $2::uuid`, [JSON.stringify(data), row.event_id]);
  }
}

export const eventLogProjector: Projector = {
  name: 'event_log',
  version: 1,
  tables: [{ name: 'event_log', primaryKey: ['event_id'] }],
  handles: 'all',
  // Staff read it, rarely right after their own write (and such a wait cuts the gathering short).
  gatherMs: 250,
  migrate: migrateEventLog,
  apply,
};
