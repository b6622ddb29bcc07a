/** An event as a decider produces it: a type and its payload, before the envelope is added. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * A pure aggregate: `decide` turns a command and the current state into new events (or throws a
 * DomainError), `evolve` folds one event into the state. No I/O, no clock, no randomness: those
 * arrive inside the command.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  readonly initialState: State;
}

export type DomainErrorCode = 'invalid' | 'forbidden' | 'not_found' | 'conflict';

/** A business rule a command broke. The API answers with the code's status and this message. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
