import { ident, type Sql } from '@roar/platform';

export const EVENT_LOG_COLUMNS = [
  ['event_id', 'uuid'],
  ['stream_id', 'text'],
  ['stream_revision', 'bigint'],
  ['event_type', 'text'],
  ['position_commit', 'numeric'],
  ['position_prepare', 'numeric'],
  ['data', 'jsonb'],
  ['metadata', 'jsonb'],
  ['actor_type', 'text'],
  ['actor_id', 'text'],
  ['correlation_id', 'text'],
  ['occurred_at', 'timestamptz'],
  ['recorded_at', 'timestamptz'],
] as const;

/** Indexes serve the staff console's filters: by stream, by type, by time, newest first. */
export async function migrateEventLog(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    create table if not exists ${s}.event_log (
      event_id uuid primary key,
      stream_id text not null,
      stream_revision bigint not null,
      event_type text not null,
      position_commit numeric not null,
      position_prepare numeric not null,
      data jsonb not null,
      metadata jsonb not null,
      actor_type text,
      actor_id text,
      correlation_id text,
      occurred_at timestamptz,
      recorded_at timestamptz not null
    );
    create index if not exists event_log_position on ${s}.event_log (position_commit, position_prepare);
    create index if not exists event_log_stream on ${s}.event_log (stream_id, stream_revision);
    create index if not exists event_log_type_time on ${s}.event_log (event_type, occurred_at);
    create index if not exists event_log_occurred on ${s}.event_log (occurred_at);
  `);
}
