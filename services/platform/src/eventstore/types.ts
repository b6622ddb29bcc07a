/**
 * The event store port. Two adapters implement it: PostgreSQL tables (pg or embedded PGlite)
 * and EventStoreDB. Positions are pairs of unsigned integers ordered lexicographically:
 * (transaction id, global position) on PostgreSQL, (commit, prepare) on EventStoreDB.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function positionToString(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function positionFromString(s: string): Position {
  const match = /^(-?\d+)\/(-?\d+)$/.exec(s);
  if (!match) throw new Error(`not a position: ${s}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export type Actor =
  | { readonly type: 'member'; readonly id: string }
  | { readonly type: 'staff'; readonly id: string; readonly role?: string }
  | { readonly type: 'system'; readonly id: string };

/** The envelope every event carries: what an auditor needs to know who caused what, when. */
export interface EventMetadata {
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly actor: Actor;
  /** ISO-8601 instant, given by the command's caller (deciders never read the clock). */
  readonly occurredAt: string;
  readonly schemaVersion: number;
  /** Free text a staff member gives for a correction or adjustment. */
  readonly reason?: string;
  /** Four-eyes: carried out under this approval; `actor` is the approver. */
  readonly approval?: ApprovalMetadata;
}

export interface ApprovalMetadata {
  readonly approvalId: string;
  /** Staff user ids. */
  readonly requestedBy: string;
  readonly approvedBy: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  readonly streamId: string;
  /** 0-based revision of the event within its stream. */
  readonly revision: bigint;
  readonly position: Position;
  /** When the store recorded it (ISO-8601). */
  readonly recordedAt: string;
}

/** A stream's revision is the revision of its last event; a stream with no events is `no_stream`. */
export type ExpectedRevision = bigint | 'no_stream' | 'stream_exists' | 'any';

export interface TypedPage {
  readonly events: RecordedEvent[];
  readonly complete: boolean;
}

/**
 * An event reduced to what a fold over the log reads: its type, the requested fields of its
 * payload (`payloadFields`) and when it occurred. Far less to move and parse than whole events
 * when a replay needs a few fields of 200,000 payloads.
 */
export interface EventFields {
  readonly type: string;
  readonly data: Record<string, unknown>;
  /** metadata.occurredAt as stored. */
  readonly occurredAt: string;
}

export interface FieldsPage {
  readonly events: EventFields[];
  /** Position of the page's last event, where the next page starts (null when the page is empty). */
  readonly last: Position | null;
  readonly complete: boolean;
}

/**
 * The payload reduced to `fields`, dot-separated paths (`tier.bonus_draws`): an object holding,
 * at each path, the payload's value there, or null where the payload has none (a missing key, or
 * a step into something that is not an object). Adapters return exactly this, so a fold that reads
 * only these paths, and treats a missing value and null alike, folds the same as over whole events.
 */
export function payloadFields(data: unknown, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = field.split('.');
    let value: unknown = data;
    for (const step of path) {
      value = typeof value === 'object' && value !== null && Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : null;
      if (value === undefined) value = null;
    }
    setPath(out, path, value);
  }
  return out;
}

/** Sets `value` at `path` (field names) in `target`, making the objects on the way: how a reduced payload is built. */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const step of path.slice(0, -1)) {
    const next = at[step];
    at = (typeof next === 'object' && next !== null ? next : (at[step] = {})) as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
}

export interface AppendResult {
  /** Revision of the last event appended. */
  readonly nextExpectedRevision: bigint;
  /** Position of the last event appended: projections have caught up once they pass it. */
  readonly position: Position;
}

export interface SubscriptionHandle {
  stop(): Promise<void>;
  /** Settles when the subscription ends (stop or unrecoverable error). */
  readonly done: Promise<void>;
}

export interface SubscribeOptions {
  /** Most events handed over in one batch. */
  readonly batchSize?: number;
  /** Called when the subscription drops and is about to resubscribe from its last position. */
  readonly onDrop?: (error: unknown) => void;
  /**
   * The event types the subscriber acts on. A hint, not a filter: appends of only other types do
   * not wake it (it catches up over them at its next wake or idle poll, so every event is still
   * delivered in order), which spares a read per append to every subscriber that would ignore it.
   */
  readonly types?: readonly string[];
}

export interface EventStore {
  readonly name: 'postgres' | 'pglite' | 'eventstoredb';
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string, fromRevision?: bigint): Promise<RecordedEvent[]>;
  /** Up to `maxCount` events after `after` (exclusive) in global order, excluding system events. */
  readAll(after: Position, maxCount: number): Promise<RecordedEvent[]>;
  /**
   * Up to `maxCount` events whose type is one of `types`, after `after` (exclusive) and at or before
   * `until` (inclusive), in global order, the rest of the log filtered out by the store. `complete`
   * is false, with no events, while an event at or before `until` may still become readable (the
   * PostgreSQL store: a transaction older than `until`'s is still committing): ask again shortly.
   * Once complete, a page shorter than `maxCount` is the last one.
   */
  readTypesUpTo(after: Position, until: Position, types: readonly string[], maxCount: number): Promise<TypedPage>;
  /**
   * As readTypesUpTo over the types that `fields` names, each event reduced to its type,
   * `payloadFields(data, fields[type])` and its occurred-at instant: the same events, in the same
   * pages, with the same `complete`.
   */
  readTypeFieldsUpTo(after: Position, until: Position, fields: Readonly<Record<string, readonly string[]>>, maxCount: number): Promise<FieldsPage>;
  /**
   * Positions that cut the log up to `until` into ranges of about `every` events (of every type),
   * in log order, each before `until`: a reader may read the ranges side by side (readTypeFieldsUpTo
   * from one cut to the next, each range's `after` the cut before it) and hand their events over in
   * log order. Any cuts partition the log; these only balance the ranges. Absent where reads cannot
   * run side by side (PGlite serves one query at a time).
   */
  logCuts?(until: Position, every: number): Promise<Position[]>;
  /**
   * Catch-up then live delivery of every event after `after`, in global order, each exactly once
   * per subscription while it runs. `onBatch` is awaited before the next batch is delivered.
   * After a drop the adapter resubscribes from the last position it handed over.
   */
  subscribe(after: Position, onBatch: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): SubscriptionHandle;
  /** Position of the newest event, or START for an empty store. */
  headPosition(): Promise<Position>;
  /** Resolves when the store answers; rejects (within its own timeout) when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** The store did not answer in time or could not be reached: callers answer 503. */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** An event whose payload fails its schema, or whose type is not registered. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly eventType: string,
    readonly issues: readonly string[],
  ) {
    super(`invalid ${eventType} event: ${issues.join('; ')}`);
  }
}
