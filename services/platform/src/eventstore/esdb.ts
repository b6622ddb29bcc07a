import {
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  NotLeaderError,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ReadPosition,
  type StreamingRead,
} from '@eventstore/db-client';
import { withTimeout } from './timeout';
import {
  comparePositions,
  EventStoreUnavailableError,
  InvalidEventError,
  payloadFields,
  START,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './types';
import { subscribeToAllBatched } from './esdb-subscription';

export interface EventStoreDbAdapterOptions {
  /** Milliseconds any one call may take before it fails with EventStoreUnavailableError. */
  callTimeoutMs?: number;
}

/** The part of an EventStoreDB recorded event we read; both JSON and binary events have it. */
interface EsdbRecorded {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint; prepare: bigint };
}

const isSystemType = (type: string): boolean => type.startsWith('$');

function decodeJson(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    try {
      return JSON.parse(Buffer.from(value).toString('utf8'));
    } catch {
      return value;
    }
  }
  return value;
}

export function toRecordedEvent(e: EsdbRecorded): RecordedEvent {
  // Positions in responses need a server of 22.6 or later; older servers are not supported.
  if (!e.position) throw new Error(`EventStoreDB returned ${e.streamId}@${e.revision} without a position (server older than 22.6?)`);
  return {
    id: e.id,
    type: e.type,
    data: e.isJson ? e.data : decodeJson(e.data),
    // Written by us as a JSON object; events from other writers may lack it, so readers get {}.
    metadata: (decodeJson(e.metadata) ?? {}) as EventMetadata,
    streamId: e.streamId,
    revision: e.revision,
    position: { commit: e.position.commit, prepare: e.position.prepare },
    recordedAt: new Date(e.created).toISOString(),
  };
}

function toJsonType(eventType: string, field: string, value: unknown): JSONType {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return value as Record<string, unknown>;
  throw new InvalidEventError(eventType, [`${field} must be a JSON object, array or string`]);
}

function toEventData(e: NewEvent): EventData {
  return {
    id: e.id,
    contentType: 'application/json',
    type: e.type,
    data: toJsonType(e.type, 'data', e.data),
    metadata: toJsonType(e.type, 'metadata', e.metadata),
  };
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

/** Client errors that mean "the store is not answering" become our 503-mapped error. */
export function mapEsdbError(what: string, error: unknown): unknown {
  if (error instanceof EventStoreUnavailableError) return error;
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof CancelledError ||
    error instanceof NotLeaderError
  ) {
    return new EventStoreUnavailableError(`${what}: ${error.message}`, error);
  }
  return error;
}

export function toReadPosition(p: Position): ReadPosition {
  return comparePositions(p, START) <= 0 ? ESDB_START : { commit: p.commit, prepare: p.prepare };
}

export function createEventStoreDbAdapter(connectionString: string, options: EventStoreDbAdapterOptions = {}): EventStore {
  const callTimeoutMs = options.callTimeoutMs ?? 10_000;
  // KurrentDB's documents write kurrentdb:// (and kurrentdb+discover://); this client speaks the same
  // gRPC protocol but parses only the esdb schemes, so the scheme is translated, nothing else.
  const client = EventStoreDBClient.connectionString(connectionString.replace(/^kurrentdb(\+discover)?:\/\//, 'esdb$1://'));

  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(what, callTimeoutMs, work);
    } catch (error) {
      throw mapEsdbError(what, error);
    }
  };

  /** Drains a read within the deadline; on failure the gRPC call is cancelled, not left running. */
  const collect = async <E>(what: string, open: () => StreamingRead<E>): Promise<E[]> => {
    let stream: StreamingRead<E> | undefined;
    try {
      return await call(what, async () => {
        stream = open();
        const out: E[] = [];
        for await (const item of stream) out.push(item);
        return out;
      });
    } catch (error) {
      if (stream) {
        void stream.cancel().catch(() => undefined);
        stream.destroy();
      }
      throw error;
    }
  };

  /** Reads $all forwards from `from`, skipping system events, until `maxCount` user events or the end. */
  async function readAllPage(after: Position, maxCount: number, direction: typeof FORWARDS | typeof BACKWARDS): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let from: ReadPosition = direction === FORWARDS ? toReadPosition(after) : END;
    const pageSize = Math.max(maxCount, 100);
    for (;;) {
      const fromHere = from;
      const page: AllStreamResolvedEvent[] = await collect('read $all', () =>
        client.readAll({ fromPosition: fromHere, maxCount: pageSize, direction, resolveLinkTos: false, deadline: callTimeoutMs }),
      );
      for (const resolved of page) {
        const e = resolved.event;
        if (!e || isSystemType(e.type)) continue;
        const recorded = toRecordedEvent(e);
        // readAll starts AT its position (inclusive); our contract is strictly after.
        if (direction === FORWARDS && comparePositions(recorded.position, after) <= 0) continue;
        out.push(recorded);
        if (out.length >= maxCount) return out;
      }
      const last = page[page.length - 1]?.event?.position;
      if (page.length < pageSize || !last) return out;
      if (direction === FORWARDS) {
        // The next page starts at the last raw event read (inclusive); the filter above drops it.
        from = { commit: last.commit, prepare: last.prepare };
        after = comparePositions(after, last) > 0 ? after : { commit: last.commit, prepare: last.prepare };
      } else {
        from = { commit: last.commit, prepare: last.prepare };
      }
    }
  }

  return {
    name: 'eventstoredb',

    async append(streamId, events, expected) {
      if (events.length === 0) throw new Error('append needs at least one event');
      const data = events.map(toEventData);
      try {
        const result = await call(`append to ${streamId}`, () =>
          client.appendToStream(streamId, data, { expectedRevision: toEsdbExpected(expected), deadline: callTimeoutMs }),
        );
        if (!result.position) throw new Error(`EventStoreDB returned no position for the append to ${streamId}`);
        return { nextExpectedRevision: result.nextExpectedRevision, position: { ...result.position } };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(streamId, expected, error.actualVersion);
        }
        throw error;
      }
    },

    async readStream(streamId, fromRevision = 0n) {
      try {
        const events = await collect(`read ${streamId}`, () =>
          client.readStream(streamId, { fromRevision, direction: FORWARDS, resolveLinkTos: false, deadline: callTimeoutMs }),
        );
        return events.flatMap((r) => (r.event ? [toRecordedEvent(r.event)] : []));
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
    },

    readAll: (after, maxCount) => readAllPage(after, maxCount, FORWARDS),

    // $all is one committed sequence here, so every page is complete. The 6.x client's readAll
    // takes no filter (only subscriptions do), so the types are filtered on this side, a page at a time.
    async readTypesUpTo(after, until, types, maxCount) {
      const wanted = new Set(types);
      const events: RecordedEvent[] = [];
      let from = after;
      const pageSize = Math.max(maxCount, 500);
      while (events.length < maxCount && comparePositions(from, until) < 0) {
        const page = await readAllPage(from, pageSize, FORWARDS);
        for (const e of page) {
          if (comparePositions(e.position, until) > 0) return { events, complete: true };
          if (wanted.has(e.type)) events.push(e);
          if (events.length >= maxCount) return { events, complete: true };
        }
        if (page.length < pageSize) break;
        from = page[page.length - 1]!.position;
      }
      return { events, complete: true };
    },

    async readTypeFieldsUpTo(after, until, fields, maxCount) {
      const page = await this.readTypesUpTo(after, until, Object.keys(fields), maxCount);
      const last = page.events[page.events.length - 1];
      return {
        events: page.events.map((e) => ({ type: e.type, data: payloadFields(e.data, fields[e.type] ?? []), occurredAt: e.metadata.occurredAt })),
        last: last ? last.position : null,
        complete: page.complete,
      };
    },

    subscribe(after, onBatch, opts = {}) {
      return subscribeToAllBatched({
        after,
        onBatch,
        batchSize: opts.batchSize ?? 500,
        onDrop: opts.onDrop,
        callTimeoutMs,
        open: (from) => client.subscribeToAll({ fromPosition: toReadPosition(from), resolveLinkTos: false, filter: excludeSystemEvents() }),
        toRecorded: (resolved) => (resolved.event && !isSystemType(resolved.event.type) ? toRecordedEvent(resolved.event) : null),
        mapError: (error) => mapEsdbError('subscription to $all', error),
      });
    },

    async headPosition() {
      const [newest] = await readAllPage(START, 1, BACKWARDS);
      return newest ? newest.position : START;
    },

    async ping() {
      await collect('event store ping', () => client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1, deadline: callTimeoutMs }));
    },

    async close() {
      await withTimeout('close EventStoreDB client', callTimeoutMs, () => client.dispose()).catch(() => undefined);
    },
  };
}
