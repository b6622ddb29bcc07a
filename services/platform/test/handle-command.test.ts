import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgliteSql, type Sql } from '../src/db';
import {
  createPostgresEventStore,
  defineEvent,
  EventRegistry,
  validatingStore,
  WrongExpectedRevisionError,
  type EventStore,
} from '../src/eventstore';
import { DomainError, handleCommand, toNewEvents, type CommandContext, type Decider } from '../src/command';

type Command = { type: 'Add'; by: number };
type Event = { type: 'Added'; data: { by: number } };
interface State {
  readonly total: number;
}

/** A counter that refuses to pass 10: its decisions depend on every earlier event. */
const counter: Decider<Command, Event, State> = {
  initialState: { total: 0 },
  decide(command, state) {
    if (state.total + command.by > 10) throw new DomainError('invalid', `total ${state.total} + ${command.by} passes 10`);
    return [{ type: 'Added', data: { by: command.by } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
};

const registry = new EventRegistry().register(defineEvent('Added', z.object({ by: z.number().int() })));
const ctx = (): CommandContext => ({ actor: { type: 'system', id: 'test' }, correlationId: crypto.randomUUID(), occurredAt: new Date() });

let sql: Sql | null = null;
afterEach(async () => {
  await sql?.close();
  sql = null;
});

async function openStore(): Promise<{ store: EventStore; reads: () => number }> {
  sql = await createPgliteSql(null);
  const inner = validatingStore(await createPostgresEventStore(sql), registry);
  let reads = 0;
  const store: EventStore = {
    ...inner,
    readStream: (...args) => {
      reads += 1;
      return inner.readStream(...args);
    },
  };
  return { store, reads: () => reads };
}

describe('handleCommand keeps the state a command left its stream in', () => {
  it('decides the next command on that state without reading the stream', async () => {
    const { store, reads } = await openStore();
    await handleCommand(store, registry, 'counter-1', counter, { type: 'Add', by: 4 }, ctx());
    expect(reads()).toBe(1);
    const second = await handleCommand(store, registry, 'counter-1', counter, { type: 'Add', by: 5 }, ctx());
    expect(second.state.total).toBe(9);
    expect(reads()).toBe(1);
    // The kept state still enforces the rule: 9 + 2 passes 10.
    await expect(handleCommand(store, registry, 'counter-1', counter, { type: 'Add', by: 2 }, ctx())).rejects.toThrow('total 9 + 2 passes 10');
    expect((await store.readStream('counter-1')).map((e) => (e.data as { by: number }).by)).toEqual([4, 5]);
  });

  it('never refuses on the kept state alone, and builds a command given as a function of the state from fresh state', async () => {
    const { store, reads } = await openStore();
    await handleCommand(store, registry, 'counter-5', counter, { type: 'Add', by: 9 }, ctx());
    await store.append('counter-5', toNewEvents(registry, [{ type: 'Added', data: { by: -5 } }], ctx()), 0n);
    // On the kept state (9) adding 3 passes 10; on the stream's (4) it does not.
    const ok = await handleCommand(store, registry, 'counter-5', counter, { type: 'Add', by: 3 }, ctx(), { maxRetries: 0 });
    expect(ok.state.total).toBe(7);
    expect(reads()).toBe(2);
    await store.append('counter-5', toNewEvents(registry, [{ type: 'Added', data: { by: -7 } }], ctx()), 2n);
    // Built on the kept state (7) it would add 3; the append conflicts and it is built again on the stream's (0).
    const built = await handleCommand(store, registry, 'counter-5', counter, (s) => ({ type: 'Add', by: 10 - s.total }), ctx(), { maxRetries: 0 });
    expect(built.state.total).toBe(10);
    expect((await store.readStream('counter-5')).map((e) => (e.data as { by: number }).by)).toEqual([9, -5, 3, -7, 10]);
  });

  it('reads what another writer appended meanwhile, without spending a retry on it', async () => {
    const { store, reads } = await openStore();
    await handleCommand(store, registry, 'counter-2', counter, { type: 'Add', by: 3 }, ctx());
    // Another process (or code path) appends behind this process's back.
    await store.append('counter-2', toNewEvents(registry, [{ type: 'Added', data: { by: 6 } }], ctx()), 0n);
    // On the kept state (3) adding 2 would be fine; on the real one (9) it passes 10.
    await expect(handleCommand(store, registry, 'counter-2', counter, { type: 'Add', by: 2 }, ctx(), { maxRetries: 0 })).rejects.toThrow(
      'total 9 + 2 passes 10',
    );
    const ok = await handleCommand(store, registry, 'counter-2', counter, { type: 'Add', by: 1 }, ctx(), { maxRetries: 0 });
    expect(ok.state.total).toBe(10);
    expect(ok.appended?.nextExpectedRevision).toBe(2n);
    expect(reads()).toBe(3);
  });

  it('keeps stores apart: the same stream id in another store starts from its own events', async () => {
    const first = await openStore();
    await handleCommand(first.store, registry, 'counter-3', counter, { type: 'Add', by: 8 }, ctx());
    const firstSql = sql;
    sql = null;
    const second = await openStore();
    const fresh = await handleCommand(second.store, registry, 'counter-3', counter, { type: 'Add', by: 8 }, ctx());
    expect(fresh.state.total).toBe(8);
    await firstSql?.close();
  });
});

describe('handleCommand retries a revision conflict a bounded number of times', () => {
  /** Another writer appends to the stream just before each of the first `conflicts` appends: every one of them is refused. */
  function contended(inner: EventStore, conflicts: number): { store: EventStore; appends: () => number } {
    let appends = 0;
    const store: EventStore = {
      ...inner,
      append: async (streamId, events, expected) => {
        appends += 1;
        if (appends <= conflicts) await inner.append(streamId, toNewEvents(registry, [{ type: 'Added', data: { by: 1 } }], ctx()), 'any');
        return inner.append(streamId, events, expected);
      },
    };
    return { store, appends: () => appends };
  }

  it('tries four times by default (three retries on fresh state), then gives the conflict up', async () => {
    const { store } = await openStore();
    const lucky = contended(store, 3);
    const done = await handleCommand(lucky.store, registry, 'contended-1', counter, { type: 'Add', by: 1 }, ctx());
    expect(lucky.appends()).toBe(4);
    // Decided on the state the other writer left: its three events, then this one.
    expect(done.state.total).toBe(4);

    const unlucky = contended(store, Number.POSITIVE_INFINITY);
    await expect(handleCommand(unlucky.store, registry, 'contended-2', counter, { type: 'Add', by: 1 }, ctx())).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(unlucky.appends()).toBe(4);
  });

  it('honours maxRetries: 1 gives up after the second refused append, 0 after the first', async () => {
    const { store } = await openStore();
    const one = contended(store, Number.POSITIVE_INFINITY);
    await expect(handleCommand(one.store, registry, 'contended-3', counter, { type: 'Add', by: 1 }, ctx(), { maxRetries: 1 })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(one.appends()).toBe(2);
    const none = contended(store, Number.POSITIVE_INFINITY);
    await expect(
      handleCommand(none.store, registry, 'contended-4', counter, { type: 'Add', by: 1 }, ctx(), { maxRetries: 0 }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(none.appends()).toBe(1);
  });
});

describe('handleCommand runs commands on one stream in this process in turn', () => {
  function counting(inner: EventStore): { store: EventStore; appends: () => number; refused: () => number } {
    let appends = 0;
    let refused = 0;
    const store: EventStore = {
      ...inner,
      append: async (...args) => {
        appends += 1;
        try {
          return await inner.append(...args);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) refused += 1;
          throw error;
        }
      },
    };
    return { store, appends: () => appends, refused: () => refused };
  }

  it('ten commands sent at once on one stream: each decides on the state the one before left, no append is refused', async () => {
    const { store: inner, reads } = await openStore();
    const { store, appends, refused } = counting(inner);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => handleCommand(store, registry, 'turns-1', counter, { type: 'Add', by: 1 }, ctx(), { maxRetries: 0 })),
    );
    expect(outcomes.map((o) => o.state.total)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(appends()).toBe(10);
    expect(refused()).toBe(0);
    // One read of the (empty) stream for the first; the rest decided on the state left to them.
    expect(reads()).toBe(1);
    // The eleventh passes 10, decided on the tenth's state, and a refusal does not hold up the next one.
    const [eleventh, other] = await Promise.allSettled([
      handleCommand(store, registry, 'turns-1', counter, { type: 'Add', by: 1 }, ctx(), { maxRetries: 0 }),
      handleCommand(store, registry, 'turns-2', counter, { type: 'Add', by: 2 }, ctx(), { maxRetries: 0 }),
    ]);
    expect(eleventh.status === 'rejected' && String(eleventh.reason)).toContain('total 10 + 1 passes 10');
    expect(other.status === 'fulfilled' && other.value.state.total).toBe(2);
    const after = await handleCommand(store, registry, 'turns-2', counter, { type: 'Add', by: 3 }, ctx(), { maxRetries: 0 });
    expect(after.state.total).toBe(5);
  });
});
