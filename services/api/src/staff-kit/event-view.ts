/** How the staff console shows one event of the log (the event log page, every history). */
import type { EventLogRow } from '@roar/projections';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function describeActor(row: EventLogRow): string {
  if (!row.actor_type) return 'unknown';
  const role = str((row.metadata.actor as Record<string, unknown> | undefined)?.role);
  return `${row.actor_type}:${row.actor_id ?? '?'}${role ? ` (${role})` : ''}`;
}

/**
 * The staff reason of an event: in the metadata, or (issue 24) in the event's data when it is held
 * there sealed under the member's key and kept out of the metadata (services/platform command/handle.ts).
 */
function reasonOf(row: EventLogRow): string | null {
  const data = (row.data ?? {}) as Record<string, unknown>;
  const correction = data.correction as Record<string, unknown> | undefined;
  return str(row.metadata.reason) ?? str(data.reason) ?? str(correction?.reason) ?? str(data.note);
}

/** One event as the console shows it: the payload, and the envelope an auditor reads. */
export function toAdminEvent(row: EventLogRow) {
  const meta = row.metadata;
  return {
    id: row.id,
    position: row.position,
    stream_id: row.stream_id,
    revision: row.stream_revision,
    event_type: row.event_type,
    occurred_at: row.occurred_at,
    recorded_at: row.recorded_at,
    actor: describeActor(row),
    actor_type: row.actor_type,
    actor_id: row.actor_id,
    reason: reasonOf(row),
    correlation_id: row.correlation_id,
    causation_id: str(meta.causationId),
    schema_version: typeof meta.schemaVersion === 'number' ? meta.schemaVersion : null,
    payload: row.data,
    metadata: meta,
  };
}
