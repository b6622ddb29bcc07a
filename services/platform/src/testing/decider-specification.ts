import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../command/decider';

type ErrorClass = abstract new (...args: never[]) => Error;

/** What `thenThrows` accepts: a message (or part of it), a pattern, an error class, or a check on the error. */
export type ExpectedError = string | RegExp | ErrorClass | ((error: unknown) => boolean);

export interface DeciderThen<Event> {
  /** The command decides exactly these events, or the events pass the assertion (throw inside it to fail). */
  then(expected: readonly Event[] | ((events: Event[]) => void)): void;
  /** The command decides no event (an idempotent repeat, a change to the same value). */
  thenNothingHappened(): void;
  /**
   * The command is refused. With no argument any error passes; with a class the error must be one,
   * and the optional second argument checks its message (a string: the message contains it).
   */
  thenThrows(expected?: ExpectedError, message?: string | RegExp): void;
  /** The decided events themselves, for a scenario whose next step starts from them. */
  events(): Event[];
}

export interface DeciderGiven<Command, Event> {
  when(command: Command): DeciderThen<Event>;
}

const isErrorClass = (value: unknown): value is ErrorClass => typeof value === 'function' && (value === Error || value.prototype instanceof Error);

function decideOrError(decide: () => unknown): { threw: true; error: unknown } | { threw: false } {
  try {
    decide();
    return { threw: false };
  } catch (error) {
    return { threw: true, error };
  }
}

/**
 * Given/when/then specifications for a decider, after Emmett's `DeciderSpecification`:
 *
 *     const given = DeciderSpecification.for(memberDecider);
 *     given([registered]).when(updateProfile).then([profileUpdated]);
 *     given([]).when(updateProfile).thenThrows('Member not found.');
 *
 * The given events are folded with the decider's own `evolve` from its `initialState`, so a spec
 * also fails when `evolve` forgets a fact `decide` relies on.
 */
export const DeciderSpecification = {
  for<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
    return (givenEvents: readonly Event[] = []): DeciderGiven<Command, Event> => ({
      when(command: Command): DeciderThen<Event> {
        const decide = () => decider.decide(command, givenEvents.reduce(decider.evolve, decider.initialState));
        return {
          then(expected) {
            const events = decide();
            if (typeof expected === 'function') expected(events);
            else expect(events).toEqual(expected);
          },
          thenNothingHappened() {
            expect(decide()).toEqual([]);
          },
          thenThrows(expected, message) {
            const outcome = decideOrError(decide);
            if (!outcome.threw) throw new Error(`Expected the command to be refused, but it decided ${JSON.stringify(decide())}`);
            const { error } = outcome;
            if (expected === undefined) return;
            if (typeof expected === 'string' || expected instanceof RegExp) {
              expect(() => {
                throw error;
              }).toThrow(expected);
            } else if (isErrorClass(expected)) {
              expect(error).toBeInstanceOf(expected);
              if (message !== undefined) {
                expect(() => {
                  throw error;
                }).toThrow(message);
              }
            } else if (!expected(error)) {
              throw new Error(`The error did not pass the check: ${String(error)}`);
            }
          },
          events: decide,
        };
      },
    });
  },
};
