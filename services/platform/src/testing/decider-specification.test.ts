import { describe, expect, it } from 'vitest';
import { DomainError, type Decider } from '../command/decider';
import { DeciderSpecification } from './decider-specification';

type CounterEvent = { type: 'Added'; data: { n: number } };
type CounterCommand = { type: 'Add'; n: number };

/** Adds up to ten; adding nothing decides nothing. */
const counter: Decider<CounterCommand, CounterEvent, number> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.n,
  decide: (command, total) => {
    if (total + command.n > 10) throw new DomainError('forbidden', `Cannot add ${command.n}: the total would pass ten.`);
    return command.n === 0 ? [] : [{ type: 'Added', data: { n: command.n } }];
  },
};
const given = DeciderSpecification.for(counter);
const added = (n: number): CounterEvent => ({ type: 'Added', data: { n } });

describe('DeciderSpecification', () => {
  it('folds the given events with evolve before deciding, and passes when the events match', () => {
    given([added(4), added(5)])
      .when({ type: 'Add', n: 1 })
      .then([added(1)]);
    given([added(4)])
      .when({ type: 'Add', n: 0 })
      .thenNothingHappened();
    given()
      .when({ type: 'Add', n: 2 })
      .then((events) => expect(events).toHaveLength(1));
    expect(
      given([added(3)])
        .when({ type: 'Add', n: 3 })
        .events(),
    ).toEqual([added(3)]);
  });

  it('fails when the decided events differ, or when events were expected and the command was refused', () => {
    expect(() =>
      given()
        .when({ type: 'Add', n: 2 })
        .then([added(3)]),
    ).toThrow();
    expect(() => given().when({ type: 'Add', n: 2 }).thenNothingHappened()).toThrow();
    expect(() =>
      given([added(10)])
        .when({ type: 'Add', n: 1 })
        .then([added(1)]),
    ).toThrow('the total would pass ten');
  });

  it('checks a refusal by message, pattern, class (with message) or predicate, and fails when nothing was refused', () => {
    const refused = given([added(9)]).when({ type: 'Add', n: 2 });
    refused.thenThrows();
    refused.thenThrows('Cannot add 2');
    refused.thenThrows(/would pass ten/);
    refused.thenThrows(DomainError, 'Cannot add 2');
    refused.thenThrows((error) => error instanceof DomainError && error.code === 'forbidden');
    expect(() => refused.thenThrows('Cannot add 3')).toThrow();
    expect(() => refused.thenThrows(TypeError)).toThrow();
    expect(() => refused.thenThrows((error) => error instanceof DomainError && error.code === 'conflict')).toThrow('did not pass the check');
    expect(() => given().when({ type: 'Add', n: 2 }).thenThrows()).toThrow('Expected the command to be refused');
  });
});
