import { randomUUID } from 'node:crypto';
import type { EventRegistry } from '../eventstore/registry';
import {
  WrongExpectedRevisionError,
  type Actor,
  type ApprovalMetadata,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../eventstore/types';
import type { Decider, DomainEvent } from './decider';
import { personalSlots } from '../personal-data/fields';

/** Who asked, why, and when: becomes every appended event's metadata. */
export interface CommandContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId?: string | null;
  readonly occurredAt: Date;
  readonly reason?: string;
  /** Set when the command runs because a second staff user approved it (four-eyes). */
  readonly approval?: ApprovalMetadata;
}

export interface CommandOutcome<State> {
  /** The events appended by this command (empty when the decider decided nothing). */
  readonly events: readonly NewEvent[];
  /** null when nothing was appended. */
  readonly appended: AppendResult | null;
  readonly state: State;
}

export interface HandleOptions {
  /** How many times a revision conflict is retried with fresh state before it is given up. */
  readonly maxRetries?: number;
  /** The stream must not exist yet (creation commands): a conflict is never retried. */
  readonly mustBeNew?: boolean;
}

/**
 * Issue 24: a staff reason the event's data already carries in a personal field is sealed there
 * under the member's key; a plain copy in the metadata would outlive the member's erasure, so the
 * metadata leaves it out (staff read it from the opened data, as the event log shows it).
 */
function reasonIsSealedInData(registry: EventRegistry, e: DomainEvent, reason: string): boolean {
  const personal = registry.definitionOf(e.type)?.personal;
  if (!personal || personal.length === 0) return false;
  const wanted = reason.trim();
  return personalSlots(personal, e.data).some((slot) => slot.subject !== null && typeof slot.value === 'string' && slot.value.trim() === wanted);
}

export function toNewEvents(registry: EventRegistry, events: readonly DomainEvent[], ctx: CommandContext): NewEvent[] {
  return events.map((e) => ({
    id: randomUUID(),
    type: e.type,
    data: e.data,
    metadata: {
      correlationId: ctx.correlationId,
      causationId: ctx.causationId ?? null,
      actor: ctx.actor,
      occurredAt: ctx.occurredAt.toISOString(),
      schemaVersion: registry.versionOf(e.type),
      ...(ctx.reason && !reasonIsSealedInData(registry, e, ctx.reason) ? { reason: ctx.reason } : {}),
      ...(ctx.approval ? { approval: ctx.approval } : {}),
    },
  }));
}

/** The state each stream was left in by this process's last command on it, per store and decider. */
interface Folded {
  readonly revision: bigint;
  readonly state: unknown;
}
const FOLDED_STREAMS_KEPT = 10_000;
const folded = new WeakMap<EventStore, WeakMap<object, Map<string, Folded>>>();

function foldedStreams(store: EventStore, decider: object): Map<string, Folded> {
  let byDecider = folded.get(store);
  if (!byDecider) folded.set(store, (byDecider = new WeakMap()));
  let streams = byDecider.get(decider);
  if (!streams) byDecider.set(decider, (streams = new Map()));
  return streams;
}

function keep(streams: Map<string, Folded>, streamId: string, entry: Folded): void {
  streams.delete(streamId);
  streams.set(streamId, entry);
  if (streams.size > FOLDED_STREAMS_KEPT) streams.delete(streams.keys().next().value!);
}

/**
 * Commands on one stream in this process take turns (per store): each decides on the state the
 * one before it left, so they never race each other to the same revision. Racing, all but one of
 * them had their append refused, read the stream again and appended again: at 20 members sending
 * 100 profile changes a second a third of the appends were refused ones, and under load the
 * retries ran out (409). Another process writing the stream is still caught by the expected revision.
 */
const streamTurns = new WeakMap<EventStore, Map<string, Promise<void>>>();

async function inTurn<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let turns = streamTurns.get(store);
  if (!turns) streamTurns.set(store, (turns = new Map()));
  const before = turns.get(streamId);
  let release: () => void = () => undefined;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const last = before ? before.then(() => mine) : mine;
  turns.set(streamId, last);
  try {
    if (before) await before;
    return await work();
  } finally {
    release();
    if (turns.get(streamId) === last) turns.delete(streamId);
  }
}

/**
 * Fold the stream, decide, append at the revision folded, in turn with this process's other
 * commands on the stream. On a revision conflict the whole cycle
 * runs again on fresh state, a bounded number of times; then the conflict is thrown (the API
 * answers 409).
 *
 * The state a command leaves a stream in is kept (per store and decider, the 10,000 streams used
 * last), so the next command on it decides without reading the stream at all: the append's
 * expected revision is the check. When anyone else wrote to the stream meanwhile (another process,
 * another decider), the append is refused, and the retry reads just the events after the kept
 * revision; that retry is not counted against `maxRetries`. Deciders' states are treated as
 * immutable values (evolve returns a new state), which they are.
 *
 * `command` may be a function of the state folded: a command built from what the stream holds
 * (a cart save merging into the saved cart) is then built from the kept state without a read,
 * and built again from fresh state when the append finds the stream moved on. It may throw to
 * refuse, as `decide` does. A refusal is never given on the kept state alone: the stream is read
 * from the kept revision on and the command decided again first.
 */
export function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  registry: EventRegistry,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command | ((state: State) => Command | Promise<Command>),
  ctx: CommandContext,
  options: HandleOptions = {},
): Promise<CommandOutcome<State>> {
  return inTurn(store, streamId, () => decideAndAppend(store, registry, streamId, decider, command, ctx, options));
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  store: EventStore,
  registry: EventRegistry,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  ctx: CommandContext,
  options: HandleOptions,
): Promise<CommandOutcome<State>> {
  const maxRetries = options.maxRetries ?? 3;
  const streams = foldedStreams(store, decider);
  let trustKept = true;
  for (let attempt = 0; ;) {
    const kept = options.mustBeNew ? undefined : streams.get(streamId);
    let state: State;
    let revision: bigint | 'no_stream';
    const unread = kept !== undefined && trustKept;
    if (options.mustBeNew) {
      state = decider.initialState;
      revision = 'no_stream';
    } else if (unread) {
      state = kept.state as State;
      revision = kept.revision;
    } else {
      const read = await foldSince(store, streamId, decider, kept);
      state = read.state;
      revision = read.revision ?? 'no_stream';
    }
    let decided: Event[];
    try {
      decided = decider.decide(typeof command === 'function' ? await (command as (s: State) => Command | Promise<Command>)(state) : command, state);
    } catch (error) {
      // A refusal has no append to check it: given on the kept state, it could come from a state
      // another process has moved on from. It is given only on what the stream holds now.
      if (unread) {
        trustKept = false;
        continue;
      }
      throw error;
    }
    if (decided.length === 0) {
      if (revision !== 'no_stream' && !unread) keep(streams, streamId, { revision, state });
      return { events: [], appended: null, state };
    }
    const newEvents = toNewEvents(registry, decided, ctx);
    try {
      const appended = await store.append(streamId, newEvents, revision);
      // Folded from the payloads as stored (the registry's parse), as a later read would fold them.
      const after = newEvents.reduce((s, e) => decider.evolve(s, { type: e.type, data: registry.validateNew(e).data } as Event), state);
      keep(streams, streamId, { revision: appended.nextExpectedRevision, state: after });
      return { events: newEvents, appended, state: after };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || options.mustBeNew) throw error;
      if (unread) {
        // The kept state was stale: read what was written since, without counting it as a retry.
        trustKept = false;
        continue;
      }
      streams.delete(streamId);
      attempt += 1;
      if (attempt > maxRetries) throw error;
    }
  }
}

/** The kept state (or the initial one) with the events written after its revision folded in. */
async function foldSince<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  kept: Folded | undefined,
): Promise<{ state: State; revision: bigint | null; read: number }> {
  const recorded: RecordedEvent[] = await store.readStream(streamId, kept ? kept.revision + 1n : 0n);
  const state = recorded.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
    kept ? (kept.state as State) : decider.initialState,
  );
  const last = recorded[recorded.length - 1];
  return { state, revision: last ? last.revision : (kept?.revision ?? null), read: recorded.length };
}

/**
 * A stream's current state for reading (no command): the state this process last left it in, plus
 * whatever was written since (a read from the kept revision), or the whole stream the first time.
 * The result is kept for the next command or read, as `handleCommand` keeps its own.
 */
export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
): Promise<{ state: State; revision: bigint | null }> {
  const streams = foldedStreams(store, decider);
  const { state, revision, read } = await foldSince(store, streamId, decider, streams.get(streamId));
  if (revision !== null && read > 0) keep(streams, streamId, { revision, state });
  return { state, revision };
}

export function newCorrelationId(): string {
  return randomUUID();
}
