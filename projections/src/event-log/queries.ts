import { ident, type Sql } from '@roar/platform';
import { READ_SCHEMA } from '../runner/projector';

/** One event as the staff console's event-log view shows it. */
export interface EventLogRow {
  /** The event id. */
  id: string;
  stream_id: string;
  stream_revision: number;
  event_type: string;
  /** Global position, `commit/prepare`. */
  position: string;
  data: unknown;
  metadata: Record<string, unknown>;
  actor_type: string | null;
  actor_id: string | null;
  correlation_id: string | null;
  occurred_at: string | null;
  recorded_at: string;
}

export type EventLogSort = 'position' | 'occurred_at' | 'recorded_at' | 'event_type' | 'stream_id' | 'id';

export interface ListEventsOptions {
  /** Exact stream id. */
  readonly stream?: string;
  readonly type?: string | readonly string[];
  /** occurred_at at or after / before (ISO-8601 or Date). */
  readonly from?: string | Date;
  readonly to?: string | Date;
  readonly ids?: readonly string[];
  readonly sort?: EventLogSort;
  readonly order?: 'ASC' | 'DESC' | 'asc' | 'desc';
  readonly offset?: number;
  readonly limit?: number;
}

const ORDER: Record<EventLogSort, readonly string[]> = {
  position: ['position_commit', 'position_prepare'],
  occurred_at: ['occurred_at', 'position_commit', 'position_prepare'],
  recorded_at: ['recorded_at', 'position_commit', 'position_prepare'],
  event_type: ['event_type', 'position_commit', 'position_prepare'],
  stream_id: ['stream_id', 'stream_revision'],
  id: ['event_id'],
};

const COLUMNS = `event_id::text as id, stream_id, stream_revision::text as stream_revision, event_type,
  position_commit::text || '/' || position_prepare::text as position, data, metadata, actor_type, actor_id,
  correlation_id, occurred_at, recorded_at`;

interface Raw extends Omit<EventLogRow, 'stream_revision' | 'occurred_at' | 'recorded_at'> {
  stream_revision: unknown;
  occurred_at: unknown;
  recorded_at: unknown;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v instanceof Date ? v.getTime() : String(v)).toISOString();

const toRow = (r: Raw): EventLogRow => ({
  ...r,
  stream_revision: Number(r.stream_revision),
  occurred_at: iso(r.occurred_at),
  recorded_at: iso(r.recorded_at) ?? '',
});

function instant(v: string | Date, what: string): string {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) throw new RangeError(`${what} is not a date: ${String(v)}`);
  return d.toISOString();
}

/** A page of read.event_log (a copy of every event, whichever event store runs) and the total. */
export async function listEvents(sql: Sql, options: ListEventsOptions = {}): Promise<{ rows: EventLogRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (options.stream !== undefined) add((p) => `stream_id = ${p}`, options.stream);
  if (options.type !== undefined) {
    const types = typeof options.type === 'string' ? [options.type] : options.type;
    add((p) => `event_type in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(types));
  }
  if (options.from !== undefined) add((p) => `occurred_at >= ${p}::timestamptz`, instant(options.from, 'from'));
  if (options.to !== undefined) add((p) => `occurred_at <= ${p}::timestamptz`, instant(options.to, 'to'));
  if (options.ids !== undefined) add((p) => `event_id::text in (select jsonb_array_elements_text(${p}::jsonb))`, JSON.stringify(options.ids));
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const direction = (options.order ?? 'DESC').toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const orderBy = ORDER[options.sort ?? 'position'].map((c) => `${c} ${direction}`).join(', ');
  const limit = Math.max(0, Math.min(options.limit ?? 50, 1000));
  const offset = Math.max(0, options.offset ?? 0);
  const page = await sql.query<Raw>(`select ${COLUMNS} from read.event_log ${filter} order by ${orderBy} limit ${limit} offset ${offset}`, params);
  const count = await sql.query<{ total: unknown }>(`select count(*)::text as total from read.event_log ${filter}`, params);
  return { rows: page.rows.map(toRow), total: Number(count.rows[0]?.total ?? 0) };
}

export async function getEvent(sql: Sql, id: string): Promise<EventLogRow | null> {
  // A malformed id is simply not found, not a database error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const r = await sql.query<Raw>(`select ${COLUMNS} from read.event_log where event_id = $1::uuid`, [id]);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** How many events the event log read model holds (a rebuild's progress bar: the store has no count); null when unreadable. */
export async function countLoggedEvents(sql: Sql): Promise<number | null> {
  try {
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from ${ident(READ_SCHEMA)}.event_log`);
    return rows[0]?.n ?? null;
  } catch {
    return null;
  }
}
