import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UnavailableError, type AllStreamResolvedEvent, type AllStreamSubscription } from '@eventstore/db-client';
import { subscribeToAllBatched } from '../src/eventstore/esdb-subscription';
import { mapEsdbError, toRecordedEvent } from '../src/eventstore/esdb';
import { EventStoreUnavailableError, START, type Position, type RecordedEvent } from '../src/eventstore';

/**
 * The client's subscription is a readable object stream; this stands in for it so that the
 * batching, backpressure and resubscription logic runs without a server. What reaches the
 * handler goes through the adapter's real event mapping.
 */
class FakeSubscription extends PassThrough {
  constructor(readonly from: Position) {
    super({ objectMode: true, highWaterMark: 4 });
  }
  async unsubscribe(): Promise<void> {
    this.destroy();
  }
}

function resolved(n: number, type = 'ProbeRecorded'): AllStreamResolvedEvent {
  return {
    event: {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      type,
      streamId: `probe-${n % 3}`,
      revision: BigInt(n),
      created: new Date(1_700_000_000_000 + n),
      isJson: true,
      data: { n },
      metadata: { correlationId: 'c', causationId: null, actor: { type: 'system', id: 't' }, occurredAt: '2024-01-01T00:00:00Z', schemaVersion: 1 },
      position: { commit: BigInt(n * 100), prepare: BigInt(n * 100) },
    },
  } as AllStreamResolvedEvent;
}

const numbers = (events: readonly RecordedEvent[]): number[] => events.map((e) => (e.data as { n: number }).n);

function harness(options: { batchSize?: number; callTimeoutMs?: number; onBatch?: (b: RecordedEvent[]) => Promise<void> } = {}) {
  const opened: FakeSubscription[] = [];
  const drops: unknown[] = [];
  const batches: RecordedEvent[][] = [];
  const handle = subscribeToAllBatched({
    after: START,
    batchSize: options.batchSize ?? 10,
    callTimeoutMs: options.callTimeoutMs ?? 5000,
    onDrop: (e) => drops.push(e),
    onBatch: async (b) => {
      batches.push(b);
      await options.onBatch?.(b);
    },
    open: (from) => {
      const sub = new FakeSubscription(from);
      opened.push(sub);
      setImmediate(() => sub.emit('confirmation'));
      return sub as unknown as AllStreamSubscription;
    },
    toRecorded: (r) => (r.event && !r.event.type.startsWith('$') ? toRecordedEvent(r.event) : null),
    mapError: (e) => mapEsdbError('subscription to $all', e),
  });
  return { handle, opened, drops, batches, delivered: () => batches.flat() };
}

describe('EventStoreDB subscription batching', () => {
  it('hands over batches no larger than batchSize, one at a time, pausing the stream meanwhile', async () => {
    let inHandler = false;
    let overlapped = false;
    let sawPaused = false;
    const h = harness({
      batchSize: 10,
      onBatch: async () => {
        if (inHandler) overlapped = true;
        inHandler = true;
        sawPaused ||= h.opened[0]!.isPaused();
        await new Promise((r) => setTimeout(r, 15));
        inHandler = false;
      },
    });
    for (let n = 1; n <= 45; n++) h.opened[0]!.write(resolved(n));
    h.opened[0]!.write(resolved(46, '$statsCollected'));
    await expect.poll(() => h.delivered().length, { timeout: 5000 }).toBe(45);
    await h.handle.stop();
    expect(numbers(h.delivered())).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(Math.max(...h.batches.map((b) => b.length))).toBeLessThanOrEqual(10);
    expect(overlapped).toBe(false);
    expect(sawPaused).toBe(true);
    expect(h.drops).toEqual([]);
    expect(h.delivered()[0]!.recordedAt).toBe(new Date(1_700_000_000_001).toISOString());
  });

  it('after a drop resubscribes from the last delivered position, skipping nothing and repeating nothing', async () => {
    const h = harness();
    for (let n = 1; n <= 5; n++) h.opened[0]!.write(resolved(n));
    await expect.poll(() => h.delivered().length).toBe(5);
    h.opened[0]!.emit('error', new UnavailableError(undefined, 'connection reset'));
    await expect.poll(() => h.opened.length, { timeout: 3000 }).toBe(2);
    expect(h.drops[0]).toBeInstanceOf(EventStoreUnavailableError);
    expect(h.opened[1]!.from).toEqual({ commit: 500n, prepare: 500n });
    // A server that starts at (not after) the position repeats event 5: it must not reach the handler.
    for (let n = 5; n <= 8; n++) h.opened[1]!.write(resolved(n));
    await expect.poll(() => h.delivered().length).toBe(8);
    await h.handle.stop();
    expect(numbers(h.delivered())).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('redelivers a batch whose handler failed, from the last accepted position', async () => {
    let failOnce = true;
    const h = harness({
      batchSize: 2,
      onBatch: async (b) => {
        if (failOnce && numbers(b).includes(3)) {
          failOnce = false;
          throw new Error('projection hiccup');
        }
      },
    });
    for (let n = 1; n <= 4; n++) h.opened[0]!.write(resolved(n));
    await expect.poll(() => h.opened.length, { timeout: 3000 }).toBe(2);
    expect(h.opened[1]!.from).toEqual({ commit: 200n, prepare: 200n });
    for (let n = 3; n <= 4; n++) h.opened[1]!.write(resolved(n));
    await expect.poll(() => h.batches.length).toBe(3);
    await h.handle.stop();
    expect(h.batches.map(numbers)).toEqual([
      [1, 2],
      [3, 4],
      [3, 4],
    ]);
  });

  it('treats a subscription that is never confirmed as dropped, and stops cleanly while retrying', async () => {
    const drops: unknown[] = [];
    const handle = subscribeToAllBatched({
      after: START,
      batchSize: 10,
      callTimeoutMs: 100,
      onDrop: (e) => drops.push(e),
      onBatch: async () => undefined,
      open: (from) => new FakeSubscription(from) as unknown as AllStreamSubscription,
      toRecorded: () => null,
    });
    await expect.poll(() => drops.length, { timeout: 2000 }).toBeGreaterThan(0);
    expect(drops[0]).toBeInstanceOf(EventStoreUnavailableError);
    await handle.stop();
    await expect(handle.done).resolves.toBeUndefined();
  });
});
