import { randomUUID } from 'node:crypto';
import type { EventRegistry } from '../eventstore/registry';
import {
  WrongExpectedRevisionError,
  type Actor,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../eventstore/types';
import type { Decider, DomainEvent } from './decider';

/** Who asked, why, and when: becomes every appended event's metadata. */
export interface CommandContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId?: string | null;
  readonly occurredAt: Date;
  readonly reason?: string;
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
      ...(ctx.reason ? { reason: ctx.reason } : {}),
    },
  }));
}

/**
 * Read the stream, fold it, decide, append at the revision read. On a revision conflict the
 * whole cycle runs again on fresh state, a bounded number of times; then the conflict is thrown
 * (the API answers 409).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  registry: EventRegistry,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  ctx: CommandContext,
  options: HandleOptions = {},
): Promise<CommandOutcome<State>> {
  const maxRetries = options.maxRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const recorded: RecordedEvent[] = options.mustBeNew ? [] : await store.readStream(streamId);
    const state = recorded.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], appended: null, state };
    const newEvents = toNewEvents(registry, decided, ctx);
    const expected = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision;
    try {
      const appended = await store.append(streamId, newEvents, expected);
      return { events: newEvents, appended, state: decided.reduce(decider.evolve, state) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || options.mustBeNew || attempt >= maxRetries) throw error;
    }
  }
}

export function newCorrelationId(): string {
  return randomUUID();
}
