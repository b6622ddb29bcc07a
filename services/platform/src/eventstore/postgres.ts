import { EventEmitter } from 'node:events';
import { toBigInt, type Sql } from '../db/sql';
import { withTimeout } from './timeout';
import {
  comparePositions,
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type SubscriptionHandle,
} from './types';

/**
 * Event store on PostgreSQL tables, for a server (pg) or embedded PGlite: the same SQL runs on both.
 *
 * Every event row carries the id of the transaction that wrote it (`pg_current_xact_id()`, xid8).
 * Global order is (transaction id, global position). A reader only takes rows whose transaction is
 * older than the oldest transaction still running (`pg_snapshot_xmin(pg_current_snapshot())`):
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
`;

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
  /** How often an idle subscription looks for new events. */
  pollIntervalMs?: number;
}

export async function migrateEventStore(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    // Two processes starting together must not race on CREATE.
    await tx.query('select pg_advisory_xact_lock(7321001)');
    await tx.exec(EVENT_STORE_SCHEMA_SQL);
  });
}

export async function createPostgresEventStore(sql: Sql, options: PostgresEventStoreOptions = {}): Promise<EventStore> {
  const callTimeoutMs = options.callTimeoutMs ?? 10_000;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  await withTimeout('event store migration', callTimeoutMs * 3, () => migrateEventStore(sql));

  async function claimRevisions(tx: Sql, streamId: string, count: number, expected: ExpectedRevision): Promise<bigint> {
    const n = BigInt(count);
    const actual = async (): Promise<bigint | 'no_stream'> => {
      const r = await tx.query<{ revision: unknown }>('select revision::text as revision from es.streams where stream_id = $1', [streamId]);
      return r.rows[0] ? toBigInt(r.rows[0].revision) : 'no_stream';
    };
    if (expected === 'no_stream') {
      const r = await tx.query('insert into es.streams (stream_id, revision) values ($1, $2) on conflict do nothing', [streamId, String(n - 1n)]);
      if (r.affectedRows !== 1) throw new WrongExpectedRevisionError(streamId, expected, await actual());
      return 0n;
    }
    if (expected === 'any') {
      const r = await tx.query<{ revision: unknown }>(
        `insert into es.streams (stream_id, revision) values ($1, $2)
         on conflict (stream_id) do update set revision = es.streams.revision + $3
         returning revision::text as revision`,
        [streamId, String(n - 1n), String(n)],
      );
      return toBigInt(r.rows[0]!.revision) - n + 1n;
    }
    if (expected === 'stream_exists') {
      const r = await tx.query<{ revision: unknown }>(
        'update es.streams set revision = revision + $2 where stream_id = $1 returning revision::text as revision',
        [streamId, String(n)],
      );
      if (!r.rows[0]) throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      return toBigInt(r.rows[0].revision) - n + 1n;
    }
    // A concurrent writer holding the row lock makes this wait; once it commits the WHERE no
    // longer matches, so exactly one of two writers at the same revision succeeds.
    const r = await tx.query('update es.streams set revision = revision + $3 where stream_id = $1 and revision = $2', [
      streamId,
      String(expected),
      String(n),
    ]);
    if (r.affectedRows !== 1) throw new WrongExpectedRevisionError(streamId, expected, await actual());
    return expected + 1n;
  }

  async function append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const result = await withTimeout(`append to ${streamId}`, callTimeoutMs, () =>
      sql.transaction(async (tx) => {
        const first = await claimRevisions(tx, streamId, events.length, expected);
        const params: unknown[] = [];
        const values = events.map((e, i) => {
          params.push(streamId, String(first + BigInt(i)), e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
          const b = i * 6;
          return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::jsonb, $${b + 6}::jsonb)`;
        });
        const inserted = await tx.query<{ global_position: unknown; transaction_id: unknown }>(
          `insert into es.events (stream_id, stream_position, event_id, event_type, data, metadata)
           values ${values.join(', ')}
           returning global_position::text as global_position, transaction_id::text as transaction_id`,
          params,
        );
        const last = inserted.rows[inserted.rows.length - 1]!;
        return {
          nextExpectedRevision: first + BigInt(events.length) - 1n,
          position: { commit: toBigInt(last.transaction_id), prepare: toBigInt(last.global_position) },
        };
      }),
    );
    appended.emit('appended');
    return result;
  }

  async function readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    const r = await withTimeout(`read ${streamId}`, callTimeoutMs, () =>
      sql.query<EventRow>(
        `select ${SELECT_COLUMNS} from es.events where stream_id = $1 and stream_position >= $2 order by stream_position`,
        [streamId, String(fromRevision)],
      ),
    );
    return r.rows.map(toRecorded);
  }

  async function readAll(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    const fromStart = comparePositions(after, START) <= 0;
    const r = await withTimeout('read $all', callTimeoutMs, () =>
      sql.query<EventRow>(
        `select ${SELECT_COLUMNS} from es.events
         where ${fromStart ? 'true' : '(transaction_id, global_position) > ($2::text::xid8, $3::bigint)'}
           and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by transaction_id, global_position
         limit $1`,
        fromStart ? [maxCount] : [maxCount, String(after.commit), String(after.prepare)],
      ),
    );
    return r.rows.map(toRecorded);
  }

  function subscribe(after: Position, onBatch: (events: RecordedEvent[]) => Promise<void>, opts: SubscribeOptions = {}): SubscriptionHandle {
    const batchSize = opts.batchSize ?? 500;
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppended = () => wake?.();
    appended.on('appended', onAppended);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    const done = (async () => {
      let last = after;
      let failures = 0;
      while (!stopped) {
        try {
          const batch = await readAll(last, batchSize);
          if (stopped) break;
          if (batch.length === 0) {
            await sleep(pollIntervalMs);
            continue;
          }
          await onBatch(batch);
          last = batch[batch.length - 1]!.position;
          failures = 0;
        } catch (error) {
          // Resubscribe from the last position handed over, backing off while it keeps failing.
          opts.onDrop?.(error);
          failures += 1;
          await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
        }
      }
    })().finally(() => appended.off('appended', onAppended));
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
         from es.events order by transaction_id desc, global_position desc limit 1`,
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
    subscribe,
    headPosition,
    ping: async () => {
      await withTimeout('event store ping', Math.min(callTimeoutMs, 3000), () => sql.query('select 1'));
    },
    close: async () => {
      appended.removeAllListeners();
    },
  };
}
