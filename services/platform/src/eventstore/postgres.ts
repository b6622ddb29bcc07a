import { migrateExclusively } from '../db/migrate';
import { EventEmitter } from 'node:events';
import { toBigInt, type Sql } from '../db/sql';
import { withTimeout } from './timeout';
import {
  comparePositions,
  positionFromString,
  positionToString,
  setPath,
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type EventFields,
  type FieldsPage,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type SubscriptionHandle,
  type TypedPage,
} from './types';

/**
 * Event store on PostgreSQL tables, for a server (pg) or embedded PGlite: the same SQL runs on both.
 *
 * Every event row carries the id of the transaction that wrote it (`pg_current_xact_id()`, xid8).
 * Global order is (transaction id, global position). A reader only takes rows whose transaction is
 * older than the oldest transaction still writing to the log in this database (`es.settled_horizon()`):
 * every such transaction has finished, so no event can later appear behind the reader's checkpoint.
 * A sequence alone cannot give that: a writer that took global position 10 may commit after one
 * that took 11, and a reader that had already passed 11 would skip 10 forever.
 */
export const EVENT_STORE_SCHEMA_SQL = `
create schema if not exists es;
create table if not exists es.streams (
  stream_id text primary key,
  revision bigint not null
);
create sequence if not exists es.global_position_seq;
create table if not exists es.events (
  global_position bigint primary key default nextval('es.global_position_seq'),
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_position bigint not null,
  event_id uuid not null unique,
  event_type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_position)
);
create index if not exists events_global_order on es.events (transaction_id, global_position);
create index if not exists events_type on es.events (event_type);

-- The horizon readers stop below: the oldest transaction still running that is writing to the
-- log in THIS database, or the next transaction id when none is (issue 25). The server-wide
-- pg_snapshot_xmin(pg_current_snapshot()) held every reader back behind any transaction anywhere
-- on the server (a bulk load in another database stalled every projector for minutes, and
-- commands waiting for read-your-writes answered 202), and even this database's own read-model
-- transactions, which never write events, held the log back by their length.
--
-- A writer of the log is known by the lock it holds: RowExclusiveLock on es.streams or es.events,
-- taken when its statement starts, so before that statement gives the transaction its id, and
-- held until it ends. es.append_events refuses to run in a transaction that got its id before
-- taking that lock (see there), so no writer can have an id a reader did not see as a writer's.
-- Safe because of the order: the snapshot is taken first, the writers and their ids are looked up
-- after it, and the caller reads the events in a later statement (a later snapshot). An id below
-- the horizon then either finished before that snapshot, or was running in it and was no longer a
-- writer at the look-up (finished, so before the read's snapshot too; or never a writer, and by
-- the rule above it never will be one). pg_locks and pg_stat_activity's pid, datid and backend_xid
-- are shown to every role; the activity is cached for the transaction, hence the clear first.
-- Prepared (two-phase) transactions of this database have no backend: all counted as writers.
-- Measured against "any transaction of this database" (100 appends/s beside three 5 ms read-model
-- transactions at a time): append to delivery p50 1.3-2.2 ms against 5.8-7.6 ms
-- (docs/decisions/transaction-id-read-rule.md).
create or replace function es.settled_horizon()
returns xid8
language plpgsql volatile as $$
declare
  v_snapshot pg_snapshot := pg_current_snapshot();
  v_oldest xid8;
begin
  perform pg_stat_clear_snapshot();
  select min(x) into v_oldest
  from pg_snapshot_xip(v_snapshot) as x
  where xid(x) in (
    select a.backend_xid from pg_stat_get_activity(null) a
    where a.backend_xid is not null and a.pid in (
      select l.pid from pg_locks l
      where l.locktype = 'relation' and l.relation in ('es.streams'::regclass, 'es.events'::regclass) and l.mode = 'RowExclusiveLock'
        and l.database = (select d.oid from pg_database d where d.datname = current_database()))
    union all
    select p.transaction from pg_prepared_xacts p where p.database = current_database()
  );
  return least(v_oldest, pg_snapshot_xmax(v_snapshot));
end
$$;

-- A page of the log after a position (null: from the start), below the horizon, in one round
-- trip: the horizon is taken first and the page read by a later statement, which in this volatile
-- function has a snapshot of its own, taken after the horizon's look-up.
create or replace function es.read_settled(p_after_transaction xid8, p_after_position bigint, p_limit integer)
returns setof es.events
language plpgsql volatile as $$
declare
  v_horizon xid8 := es.settled_horizon();
begin
  if p_after_transaction is null then
    return query select * from es.events e where e.transaction_id < v_horizon
      order by e.transaction_id, e.global_position limit p_limit;
  else
    return query select * from es.events e
      where (e.transaction_id, e.global_position) > (p_after_transaction, p_after_position) and e.transaction_id < v_horizon
      order by e.transaction_id, e.global_position limit p_limit;
  end if;
end
$$;

-- One call claims the stream's revision and writes its events: one round trip, one implicit
-- transaction, and plans that PL/pgSQL caches per session (planning the equivalent ad hoc
-- statement on every append cost more than the insert itself). Two writers at the same expected
-- revision queue on the stream row's lock; once the first commits, the second's WHERE is
-- re-checked, matches nothing, and it writes nothing: no row comes back, which is the conflict.
create or replace function es.append_events(p_stream text, p_mode text, p_expected bigint, p_events jsonb)
returns table (out_position bigint, out_transaction xid8, out_revision bigint)
language plpgsql as $$
declare
  v_count bigint := jsonb_array_length(p_events);
  v_revision bigint;
  v_position bigint;
  v_transaction xid8;
begin
  -- Readers know a writer of the log by its lock on es.streams or es.events (es.settled_horizon):
  -- a transaction that already has an id without holding one (it wrote something else first)
  -- could be passed over by a reader before this append, and its events skipped. Refused; the
  -- check of its own locks runs only then (an id already given), never on the usual path.
  if pg_current_xact_id_if_assigned() is not null and not exists (
    select 1 from pg_locks l where l.pid = pg_backend_pid() and l.locktype = 'relation'
      and l.relation in ('es.streams'::regclass, 'es.events'::regclass) and l.mode = 'RowExclusiveLock'
  ) then
    raise exception 'es.append_events must come before any other write of its transaction';
  end if;
  if p_mode = 'no_stream' then
    insert into es.streams as s (stream_id, revision) values (p_stream, v_count - 1)
      on conflict do nothing returning s.revision into v_revision;
  elsif p_mode = 'any' then
    insert into es.streams as s (stream_id, revision) values (p_stream, v_count - 1)
      on conflict (stream_id) do update set revision = s.revision + v_count returning s.revision into v_revision;
  elsif p_mode = 'stream_exists' then
    update es.streams as s set revision = s.revision + v_count where s.stream_id = p_stream
      returning s.revision into v_revision;
  else
    update es.streams as s set revision = s.revision + v_count where s.stream_id = p_stream and s.revision = p_expected
      returning s.revision into v_revision;
  end if;
  if v_revision is null then
    return;
  end if;
  -- Only now: the statement above took the lock on es.streams before it gave this transaction its id.
  v_transaction := pg_current_xact_id();
  with written as (
    insert into es.events as ev (stream_id, stream_position, event_id, event_type, data, metadata)
    select p_stream, v_revision - v_count + t.n, (t.value->>'id')::uuid, t.value->>'type', t.value->'data', t.value->'metadata'
    from jsonb_array_elements(p_events) with ordinality as t(value, n)
    order by t.n
    returning ev.global_position
  )
  select max(w.global_position) into v_position from written w;
  -- No NOTIFY here: PostgreSQL takes one cluster-wide lock to queue notifications at commit, so a
  -- NOTIFY in every append serialised all writers (8 writers fell from 0.6 to 0.35 of plain
  -- INSERTs). The store notifies after commit instead, coalesced (see notifyAppended).
  return query select v_position, v_transaction, v_revision;
end
$$;
`;

/**
 * The least time between two notifications of appends (ms). Each NOTIFY is a transaction of its
 * own, and sent back to back under a steady stream of appends they took a sixth of the appends'
 * throughput (8 writers: 0.47-0.50 of single-row INSERTs with them, 0.56-0.62 without); spaced,
 * they are at most a hundred a second, and another process hears of an append at most this much later.
 */
const NOTIFY_GAP_MS = 10;

/** The channel appends notify on commit, with the position of their last event. */
const NOTIFY_CHANNEL = 'roar_es_appended';
/** A subscription behind an announced position retries after 2 ms, then 4, 8, ... up to 200 ms. */
const BEHIND_FIRST_PAUSE_MS = 2;
const BEHIND_MAX_PAUSE_MS = 200;
/** A subscriber of other types than an append's catches up over it within this time. */
const IRRELEVANT_WAKE_MS = 250;
/** Events of the tail kept in memory for this process's subscriptions, and the least one read takes. */
const TAIL_EVENTS_KEPT = 5000;
const TAIL_READ_LIMIT = 1000;

const APPEND_SQL = `select out_position::text as global_position, out_transaction::text as transaction_id,
  out_revision::text as last_revision from es.append_events($1, $2, $3, $4::jsonb)`;

interface EventRow {
  global_position: unknown;
  transaction_id: unknown;
  stream_id: string;
  stream_position: unknown;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: unknown;
}

// Queries alias the table as `e` and ORDER BY e.<column>: an unqualified name in ORDER BY binds to
// these ::text output columns first, and text order puts 10000 before 9996.
const SELECT_COLUMNS = `global_position::text as global_position, transaction_id::text as transaction_id, stream_id,
  stream_position::text as stream_position, event_id::text as event_id, event_type, data, metadata, recorded_at`;

function toRecorded(row: EventRow): RecordedEvent {
  const recordedAt = row.recorded_at instanceof Date ? row.recorded_at.toISOString() : new Date(String(row.recorded_at)).toISOString();
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: toBigInt(row.stream_position),
    position: { commit: toBigInt(row.transaction_id), prepare: toBigInt(row.global_position) },
    recordedAt,
  };
}

export interface PostgresEventStoreOptions {
  /** Milliseconds any one call may take before it fails with EventStoreUnavailableError. */
  callTimeoutMs?: number;
  /** The least time between two notifications of appends to other processes (NOTIFY_GAP_MS). */
  notifyGapMs?: number;
  /**
   * How often an idle subscription looks for new events. Appends wake subscriptions at once (in
   * this process, and through LISTEN/NOTIFY from others), so this is only the safety net for a
   * lost notification: 10 s where the database offers LISTEN, 100 ms where it does not.
   */
  pollIntervalMs?: number;
}

export async function migrateEventStore(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(EVENT_STORE_SCHEMA_SQL);
    // Large payloads (a draw's frozen list: 7 MB of random hex ids for 100,000 entrants) are
    // compressed with lz4 where the server has it: pglz spent about 2 ms a 100 KB page trying to
    // compress what does not compress, on the close's critical path; lz4 gives up in microseconds.
    // Only new rows are affected; a server without lz4 (PGlite) keeps its default.
    const lz4 = await tx.query<{ ok: boolean; current: string | null }>(
      `select exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) as ok,
              (select attcompression::text from pg_attribute where attrelid = 'es.events'::regclass and attname = 'data') as current`,
    );
    const row = lz4.rows[0];
    if (row?.ok && row.current !== 'l') await tx.exec('alter table es.events alter column data set compression lz4');
  });
}

/** Separates a line's fields in a page of readTypeFieldsUpTo (a control character: never raw in JSON text nor in a type name). */
const FIELD_SEPARATOR = '\x1f';

/**
 * The events of a page of readTypeFieldsUpTo, its text read in place: from separator to separator
 * (indexOf), without splitting the page into lines and the lines into fields (arrays and strings for
 * every event, most of the garbage a replay of the log made). Each field is the JSON text of the
 * payload's value there, or empty where the payload has none (null, as JSON's null): strings without
 * an escape, booleans, null and numbers are read without JSON.parse (whole numbers of up to 15
 * digits digit by digit, where they lie); escaped strings, objects and arrays with it.
 */
export function fieldLines(text: string, paths: ReadonlyMap<string, readonly (readonly string[])[]>): EventFields[] {
  const events: EventFields[] = [];
  // The next backslash at or after the value being read (-1: none left): a string without one is its slice.
  let backslash = text.indexOf('\\');
  const value = (from: number, to: number): unknown => {
    if (to <= from) return null;
    const first = text.charCodeAt(from);
    const length = to - from;
    if (first === 34 /* " */) {
      if (backslash >= 0 && backslash < from) backslash = text.indexOf('\\', from);
      return backslash < 0 || backslash >= to ? text.slice(from + 1, to - 1) : JSON.parse(text.slice(from, to));
    }
    if (length === 4 && text.startsWith('true', from)) return true;
    if (length === 5 && text.startsWith('false', from)) return false;
    if (length === 4 && text.startsWith('null', from)) return null;
    if (first >= 48 && first <= 57 && length <= 15 && (first !== 48 || length === 1)) {
      let n = 0;
      let i = from;
      for (; i < to; i++) {
        const digit = text.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9) break;
        n = n * 10 + digit;
      }
      if (i === to) return n;
    }
    const slice = text.slice(from, to);
    if ((first >= 48 && first <= 57) || first === 45 /* - */) {
      const n = Number(slice);
      if (Number.isFinite(n)) return n;
    }
    return JSON.parse(slice);
  };
  // The line being read ends at `end`; the field starting at `from` ends at the next separator on it, or at `end`.
  let end = 0;
  const fieldEnd = (from: number) => {
    const sep = from > end ? -1 : text.indexOf(FIELD_SEPARATOR, from);
    return sep < 0 || sep > end ? end : sep;
  };
  for (let at = 0; at < text.length;) {
    end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    let to = fieldEnd(at);
    const type = text.slice(at, to);
    let from = to + 1;
    to = fieldEnd(from);
    const occurredAt = value(from, to) as string;
    const data: Record<string, unknown> = {};
    for (const path of paths.get(type) ?? []) {
      from = to + 1;
      to = fieldEnd(from);
      setPath(data, path, from > end ? null : value(from, to));
    }
    events.push({ type, data, occurredAt });
    at = end + 1;
  }
  return events;
}

export async function createPostgresEventStore(sql: Sql, options: PostgresEventStoreOptions = {}): Promise<EventStore> {
  const callTimeoutMs = options.callTimeoutMs ?? 10_000;
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  await withTimeout('event store migration', callTimeoutMs * 3, () => migrateEventStore(sql));
  // Each append announces its position and event types (null: unknown, wakes everyone). A
  // subscription short of the newest position announced for its types keeps reading (soon, with
  // a growing pause) even when a read came back empty because an older transaction was still
  // running; at or past it, it sleeps until the next announcement.
  const announce = (position: Position | null, types: readonly string[] | null) => appended.emit('appended', position, types);
  const listening = sql.listen
    ? await sql
        .listen(
          NOTIFY_CHANNEL,
          (payload) => {
            const [at, types] = payload.split(' ');
            try {
              announce(positionFromString(at ?? ''), types ? types.split(',') : null);
            } catch {
              announce(null, null);
            }
          },
          () => announce(null, null),
        )
        .catch(() => null)
    : null;
  const pollIntervalMs = options.pollIntervalMs ?? (listening ? 10_000 : 100);
  const notifyGapMs = options.notifyGapMs ?? NOTIFY_GAP_MS;

  // Other processes (workers, a second api) wake on a NOTIFY sent after the append committed, one
  // at a time and at most one every NOTIFY_GAP_MS: appends that commit while one is on its way, or
  // within the gap after it, are folded into the next (the newest position, the union of their
  // types). An append after a quiet spell is announced at once. Subscribers of this process are woken
  // at once by `announce`. A NOTIFY lost to a crash between commit and notification is caught by the poll.
  let notifyPending: { position: Position; types: Set<string> } | null = null;
  let notifyInFlight: Promise<void> | null = null;
  let notifiedAt = Number.NEGATIVE_INFINITY;
  function notifyAppended(position: Position, types: readonly string[]): void {
    if (!listening) return;
    if (!notifyPending) notifyPending = { position, types: new Set(types) };
    else {
      if (comparePositions(position, notifyPending.position) > 0) notifyPending.position = position;
      for (const t of types) notifyPending.types.add(t);
    }
    if (!notifyInFlight) notifyInFlight = flushNotifications();
  }
  async function flushNotifications(): Promise<void> {
    try {
      while (notifyPending) {
        const wait = notifiedAt + notifyGapMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!notifyPending) break;
        notifiedAt = performance.now();
        const { position, types } = notifyPending;
        notifyPending = null;
        const list = [...types].join(',');
        // NOTIFY payloads stop at 8000 bytes: past that, no types (every subscriber wakes).
        const payload = `${positionToString(position)}${list.length > 0 && list.length < 7000 ? ` ${list}` : ''}`;
        // A transaction that notifies is given a transaction id and writes a commit record, which
        // by default waits for the disk: one flush per notification, beside the appends' own. A
        // notification is not durable anyway (a lost one is caught by the poll), so it commits
        // without waiting. One simple query is one implicit transaction (SET LOCAL holds in it, and
        // an error rolls it all back); the payload is digits, '/', ' ', ',' and event type names,
        // its quotes doubled all the same.
        await sql
          .exec(`set local synchronous_commit = off; select pg_notify('${NOTIFY_CHANNEL}', '${payload.replace(/'/g, "''")}')`)
          .catch(() => undefined);
      }
    } finally {
      notifyInFlight = null;
    }
  }

  async function currentRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const r = await sql.query<{ revision: unknown }>('select revision::text as revision from es.streams where stream_id = $1', [streamId]);
    return r.rows[0] ? toBigInt(r.rows[0].revision) : 'no_stream';
  }

  async function append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const payload = JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })));
    const r = await withTimeout(`append to ${streamId}`, callTimeoutMs, () =>
      sql.query<{ global_position: unknown; transaction_id: unknown; last_revision: unknown }>(APPEND_SQL, [
        streamId,
        typeof expected === 'bigint' ? 'expected' : expected,
        typeof expected === 'bigint' ? String(expected) : null,
        payload,
      ]),
    );
    const row = r.rows[0];
    // No row: the claim matched nothing, so nothing was written (one call, one transaction).
    if (!row) throw new WrongExpectedRevisionError(streamId, expected, await currentRevision(streamId));
    const position = { commit: toBigInt(row.transaction_id), prepare: toBigInt(row.global_position) };
    const types = [...new Set(events.map((e) => e.type))];
    announce(position, types);
    notifyAppended(position, types);
    return { nextExpectedRevision: toBigInt(row.last_revision), position };
  }

  async function readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    const r = await withTimeout(`read ${streamId}`, callTimeoutMs, () =>
      sql.query<EventRow>(`select ${SELECT_COLUMNS} from es.events e where e.stream_id = $1 and e.stream_position >= $2 order by e.stream_position`, [
        streamId,
        String(fromRevision),
      ]),
    );
    return r.rows.map(toRecorded);
  }

  async function readAll(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    const fromStart = comparePositions(after, START) <= 0;
    const r = await withTimeout('read $all', callTimeoutMs, () =>
      sql.query<EventRow>(`select ${SELECT_COLUMNS} from es.read_settled($1::text::xid8, $2::bigint, $3::integer) e`, [
        fromStart ? null : String(after.commit),
        fromStart ? null : String(after.prepare),
        maxCount,
      ]),
    );
    return r.rows.map(toRecorded);
  }

  // The tail as this process last read it, shared by its subscriptions: every projector and reactor
  // subscribes to $all, and each append wakes them all. Without this, each would read the same new
  // events itself (twenty-odd reads per append, one at a time on PGlite); with it, one read of the
  // tail serves all of them, and a subscriber a little behind is served from memory. Only events a
  // read returned are kept, contiguous in log order: a read returns a prefix of the log that can no
  // longer change (it stops below the oldest transaction still writing to it), so what follows an event here
  // follows it in the log.
  let tailBase: Position | null = null; // the position tailEvents[0] directly follows
  let tailEvents: RecordedEvent[] = [];
  let tailRead: { from: Position; limit: number; result: Promise<RecordedEvent[]> } | null = null;

  function tailIndex(after: Position): number {
    if (!tailBase) return -1;
    if (comparePositions(after, tailBase) === 0) return 0;
    let lo = 0;
    let hi = tailEvents.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = comparePositions(tailEvents[mid]!.position, after);
      if (c === 0) return mid + 1;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  function remember(after: Position, events: readonly RecordedEvent[]): void {
    const at = tailIndex(after);
    if (at === tailEvents.length && at >= 0) tailEvents.push(...events);
    else {
      tailBase = after;
      tailEvents = [...events];
    }
    const over = tailEvents.length - TAIL_EVENTS_KEPT;
    if (over > 0) {
      tailBase = tailEvents[over - 1]!.position;
      tailEvents = tailEvents.slice(over);
    }
  }

  /** readAll for subscriptions: from memory when the events after `after` were read already, one shared read at the tail. */
  async function readForSubscription(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    const at = tailIndex(after);
    if (at >= 0 && at < tailEvents.length) return tailEvents.slice(at, at + maxCount);
    const pending = tailRead;
    if (pending && comparePositions(pending.from, after) === 0 && pending.limit >= maxCount) return (await pending.result).slice(0, maxCount);
    if (at < 0 || pending) {
      // Behind what is kept (a rebuild, a slow subscriber) or a read of another kind is on its way.
      const events = await readAll(after, maxCount);
      // A short page reached the visible head: the tail starts here from now on.
      if (at < 0 && !pending && events.length < maxCount) remember(after, events);
      return events;
    }
    const limit = Math.max(maxCount, TAIL_READ_LIMIT);
    const read = { from: after, limit, result: readAll(after, limit) };
    tailRead = read;
    try {
      const events = await read.result;
      remember(after, events);
      return events.slice(0, maxCount);
    } finally {
      if (tailRead === read) tailRead = null;
    }
  }

  /**
   * A page of events of some types in log order: walked along the (transaction, position) index,
   * the only plan that reads a page and stops. Left to itself the planner (misjudging how many
   * rows the types leave) combined the type index into a bitmap over every event of those types,
   * or scanned and sorted the whole table for the first page: two to five times slower per page.
   */
  function inLogOrder<Row>(text: string, params: unknown[]) {
    return sql.transaction(async (tx) => {
      // The disabled plans' penalty costs would otherwise trip the JIT threshold: compiling took longer than the page.
      await tx.exec('set local enable_seqscan = off; set local enable_bitmapscan = off; set local enable_sort = off; set local jit = off');
      return tx.query<Row>(text, params);
    });
  }

  /**
   * Readers see only transactions older than every one still writing to the log; once
   * `until`'s transaction is older than those, nothing at or before it can still appear, and a page taken after this (so
   * with a snapshot at least as new) holds all of it.
   */
  async function settledUpTo(until: Position): Promise<boolean> {
    const visible = await withTimeout('read $all by type', callTimeoutMs, () =>
      sql.query<{ visible: boolean }>('select $1::text::xid8 < es.settled_horizon() as visible', [String(until.commit)]),
    );
    return visible.rows[0]?.visible === true;
  }

  async function readTypesUpTo(after: Position, until: Position, types: readonly string[], maxCount: number): Promise<TypedPage> {
    if (comparePositions(until, after) <= 0 || types.length === 0) return { events: [], complete: true };
    if (!(await settledUpTo(until))) return { events: [], complete: false };
    const fromStart = comparePositions(after, START) <= 0;
    const r = await withTimeout('read $all by type', callTimeoutMs, () =>
      inLogOrder<EventRow>(
        `select ${SELECT_COLUMNS} from es.events e
         where ${fromStart ? 'true' : '(e.transaction_id, e.global_position) > ($5::text::xid8, $6::bigint)'}
           and (e.transaction_id, e.global_position) <= ($3::text::xid8, $4::bigint)
           and e.event_type = any($2::text[])
         order by e.transaction_id, e.global_position
         limit $1`,
        [maxCount, [...types], String(until.commit), String(until.prepare), ...(fromStart ? [] : [String(after.commit), String(after.prepare)])],
      ),
    );
    return { events: r.rows.map(toRecorded), complete: true };
  }

  async function readTypeFieldsUpTo(
    after: Position,
    until: Position,
    fields: Readonly<Record<string, readonly string[]>>,
    maxCount: number,
  ): Promise<FieldsPage> {
    const types = Object.keys(fields);
    if (comparePositions(until, after) <= 0 || types.length === 0) return { events: [], last: null, complete: true };
    if (!(await settledUpTo(until))) return { events: [], last: null, complete: false };
    const fromStart = comparePositions(after, START) <= 0;
    const params: unknown[] = [
      maxCount,
      types,
      String(until.commit),
      String(until.prepare),
      ...(fromStart ? [] : [String(after.commit), String(after.prepare)]),
    ];
    // The page comes back as one text: a line per event in log order, its fields separated by
    // FIELD_SEPARATOR: the type, the occurredAt, then each of its type's fields as JSON text (`#>`
    // gives SQL null where the path leads nowhere: an empty field). JSON text never holds a raw
    // control character nor a newline, so neither can appear inside a field. One value to receive
    // instead of a row per event, and no JSON array per event to build and parse: most of the
    // read's time in this process was the driver's rows and the garbage they left.
    const paths = new Map(types.map((type) => [type, (fields[type] ?? []).map((f) => f.split('.'))]));
    const json = (value: string) => `coalesce((${value})::text, '')`;
    // A field of the payload's top level by its key (`->`), anything else by its path (`#>`): the
    // same value, and the key's lookup is the cheaper of the two, for every event of a replay. A
    // key that reads as a whole number keeps `#>`, which would also index a payload that is an array.
    const field = (path: readonly string[]) =>
      path.length === 1 && !/^-?\d+$/.test(path[0]!) ? `e.data -> $${params.push(path[0])}::text` : `e.data #> $${params.push(path)}::text[]`;
    const cases = types
      .map(
        (type) =>
          `when $${params.push(type)}::text then concat_ws(E'\\x1f', ${paths
            .get(type)!
            .map((path) => json(field(path)))
            .join(', ')})`,
      )
      .join(' ');
    const r = await withTimeout('read $all fields by type', callTimeoutMs, () =>
      inLogOrder<{ lines: string | null; n: unknown; last: string[] | null }>(
        `select string_agg(concat_ws(E'\\x1f', e.event_type, ${json(`e.metadata -> 'occurredAt'`)}, case e.event_type ${cases} end),
             E'\\n' order by e.transaction_id, e.global_position) as lines,
           count(*) as n, max(array[e.transaction_id::text::numeric, e.global_position::numeric])::text[] as last
         from (select e.transaction_id, e.global_position, e.event_type, e.data, e.metadata
           from es.events e
           where ${fromStart ? 'true' : '(e.transaction_id, e.global_position) > ($5::text::xid8, $6::bigint)'}
             and (e.transaction_id, e.global_position) <= ($3::text::xid8, $4::bigint)
             and e.event_type = any($2::text[])
           order by e.transaction_id, e.global_position
           limit $1) e`,
        params,
      ),
    );
    const row = r.rows[0];
    if (!row?.lines || !row.last) return { events: [], last: null, complete: true };
    const events = fieldLines(row.lines, paths);
    if (events.length !== Number(row.n)) throw new Error(`read $all fields by type: ${events.length} lines for ${String(row.n)} events`);
    return { events, last: { commit: toBigInt(row.last[0]), prepare: toBigInt(row.last[1]) }, complete: true };
  }

  /**
   * Cuts every `every` global positions from the log's first event to `until`'s: for each target,
   * the first event at or after it (one query, an index probe per cut), kept when it comes before
   * `until` in log order. Positions follow the order of the appends closely enough to balance the
   * ranges; the cuts are sorted in log order, so they partition it whatever their balance.
   */
  async function logCuts(until: Position, every: number): Promise<Position[]> {
    if (!Number.isSafeInteger(every) || every < 1) throw new RangeError('every must be a positive whole number');
    const first = await withTimeout('log cuts', callTimeoutMs, () =>
      sql.query<{ lo: unknown }>('select min(global_position)::text as lo from es.events'),
    );
    if (first.rows[0]?.lo === null || first.rows[0]?.lo === undefined) return [];
    const lo = toBigInt(first.rows[0].lo);
    const targets: string[] = [];
    for (let at = lo + BigInt(every); at < until.prepare; at += BigInt(every)) targets.push(String(at));
    if (targets.length === 0) return [];
    const r = await withTimeout('log cuts', callTimeoutMs, () =>
      sql.query<{ c: unknown; p: unknown }>(
        `select b.transaction_id::text as c, b.global_position::text as p
         from unnest($1::bigint[]) t(at)
         cross join lateral (select e.transaction_id, e.global_position from es.events e where e.global_position >= t.at
           order by e.global_position limit 1) b`,
        [targets],
      ),
    );
    const cuts = r.rows
      .map((row) => ({ commit: toBigInt(row.c), prepare: toBigInt(row.p) }))
      .filter((cut) => comparePositions(cut, until) < 0)
      .sort(comparePositions);
    return cuts.filter((cut, i) => i === 0 || comparePositions(cuts[i - 1]!, cut) < 0);
  }

  function subscribe(after: Position, onBatch: (events: RecordedEvent[]) => Promise<void>, opts: SubscribeOptions = {}): SubscriptionHandle {
    const batchSize = opts.batchSize ?? 500;
    let stopped = false;
    let wake: (() => void) | null = null;
    // Set when an announcement for this subscription came while it was reading or applying.
    let woken = false;
    let relevant: Position = START;
    const wanted = opts.types ? new Set(opts.types) : null;
    // Appends of only other types wake it too, but at most once per IRRELEVANT_WAKE_MS: it moves
    // over them in batches, so a wait for every projector still ends soon after an append.
    let lateWake: NodeJS.Timeout | null = null;
    let last = after;
    const onAppended = (position: Position | null, types: readonly string[] | null) => {
      // Already read past it: the same append announced twice (in this process, then by the
      // database's notification of it), or an older one arriving late.
      if (position && comparePositions(position, last) <= 0) return;
      if (wanted && types && !types.some((t) => wanted.has(t))) {
        lateWake ??= setTimeout(
          () => {
            lateWake = null;
            woken = true;
            wake?.();
          },
          Math.min(pollIntervalMs, IRRELEVANT_WAKE_MS),
        );
        return;
      }
      if (position && comparePositions(position, relevant) > 0) relevant = position;
      woken = true;
      wake?.();
    };
    appended.on('appended', onAppended);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken || stopped) {
          resolve();
          return;
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    const done = (async () => {
      let failures = 0;
      let behindPauseMs = BEHIND_FIRST_PAUSE_MS;
      while (!stopped) {
        try {
          woken = false;
          const batch = await readForSubscription(last, batchSize);
          if (stopped) break;
          if (batch.length === 0) {
            if (comparePositions(relevant, last) > 0) {
              await sleep(behindPauseMs);
              behindPauseMs = Math.min(behindPauseMs * 2, BEHIND_MAX_PAUSE_MS);
            } else {
              behindPauseMs = BEHIND_FIRST_PAUSE_MS;
              await sleep(pollIntervalMs);
            }
            continue;
          }
          behindPauseMs = BEHIND_FIRST_PAUSE_MS;
          await onBatch(batch);
          last = batch[batch.length - 1]!.position;
          failures = 0;
          // A short batch read the visible head: unless something it waits for was announced
          // since (or is still not visible), it sleeps instead of reading an empty batch.
          if (!stopped && batch.length < batchSize && comparePositions(relevant, last) <= 0) await sleep(pollIntervalMs);
        } catch (error) {
          // Resubscribe from the last position handed over, backing off while it keeps failing.
          opts.onDrop?.(error);
          failures += 1;
          await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
        }
      }
    })().finally(() => {
      appended.off('appended', onAppended);
      if (lateWake) clearTimeout(lateWake);
    });
    return {
      done,
      async stop() {
        stopped = true;
        wake?.();
        await done;
      },
    };
  }

  async function headPosition(): Promise<Position> {
    const r = await withTimeout('head position', callTimeoutMs, () =>
      sql.query<{ transaction_id: unknown; global_position: unknown }>(
        `select transaction_id::text as transaction_id, global_position::text as global_position
         from es.events e order by e.transaction_id desc, e.global_position desc limit 1`,
      ),
    );
    const row = r.rows[0];
    return row ? { commit: toBigInt(row.transaction_id), prepare: toBigInt(row.global_position) } : START;
  }

  return {
    name: sql.kind === 'pglite' ? 'pglite' : 'postgres',
    append,
    readStream,
    readAll,
    readTypesUpTo,
    readTypeFieldsUpTo,
    // PGlite answers one query at a time: ranges read side by side would only take turns.
    ...(sql.kind === 'pglite' ? {} : { logCuts }),
    subscribe,
    headPosition,
    ping: async () => {
      await withTimeout('event store ping', Math.min(callTimeoutMs, 3000), () => sql.query('select 1'));
    },
    close: async () => {
      await notifyInFlight;
      await listening?.close().catch(() => undefined);
      appended.removeAllListeners();
    },
  };
}
