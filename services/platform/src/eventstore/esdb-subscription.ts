import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import { comparePositions, EventStoreUnavailableError, type Position, type RecordedEvent, type SubscriptionHandle } from './types';

export interface BatchedSubscriptionOptions {
  after: Position;
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  batchSize: number;
  onDrop?: (error: unknown) => void;
  /** A subscription that neither confirms nor delivers within this time counts as dropped. */
  callTimeoutMs: number;
  open: (from: Position) => AllStreamSubscription;
  /** Null for events the subscriber must not see (system events, unresolved links). */
  toRecorded: (resolved: AllStreamResolvedEvent) => RecordedEvent | null;
  mapError?: (error: unknown) => unknown;
}

/**
 * Turns the client's push stream into awaited batches: the stream is paused while a batch is
 * being handled, so a slow handler applies backpressure to the server instead of buffering
 * without bound. Any drop (error, unexpected end, no confirmation, handler failure) ends the
 * attempt once the batch in hand is done; the loop then resubscribes from the last position the
 * handler accepted, so an event is never skipped and never handed over twice while it runs.
 */
export function subscribeToAllBatched(o: BatchedSubscriptionOptions): SubscriptionHandle {
  let stopped = false;
  let stopAttempt: (() => void) | null = null;
  let wakeSleep: (() => void) | null = null;

  const attempt = (from: Position, accepted: (p: Position) => void): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const sub = o.open(from);
      const buffer: RecordedEvent[] = [];
      let lastQueued = from;
      let busy = false;
      let scheduled = false;
      let failure: { error: unknown } | null = null;
      let finished = false;

      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(confirmTimer);
        stopAttempt = null;
        void sub.unsubscribe().catch(() => undefined);
        sub.destroy();
        if (failure && !stopped) reject(failure.error);
        else resolve();
      };
      const fail = (error: unknown) => {
        failure ??= { error: o.mapError ? o.mapError(error) : error };
        if (!busy) finish();
      };
      stopAttempt = () => {
        if (!busy) finish();
      };
      const confirmTimer = setTimeout(
        () => fail(new EventStoreUnavailableError(`subscription to $all was not confirmed within ${o.callTimeoutMs} ms`)),
        o.callTimeoutMs,
      );

      const pump = async () => {
        if (busy) return;
        busy = true;
        try {
          while (!stopped && !failure && buffer.length > 0) {
            const batch = buffer.splice(0, o.batchSize);
            await o.onBatch(batch);
            accepted(batch[batch.length - 1]!.position);
            if (sub.isPaused() && buffer.length < o.batchSize) sub.resume();
          }
        } catch (error) {
          failure ??= { error };
        }
        busy = false;
        if (stopped || failure) finish();
      };

      sub.on('confirmation', () => clearTimeout(confirmTimer));
      sub.on('data', (resolved: AllStreamResolvedEvent) => {
        clearTimeout(confirmTimer);
        if (finished) return;
        const event = o.toRecorded(resolved);
        // The server starts after `from`; the check also guards against a replayed event.
        if (!event || comparePositions(event.position, lastQueued) <= 0) return;
        lastQueued = event.position;
        buffer.push(event);
        if (buffer.length >= o.batchSize) sub.pause();
        if (!busy && !scheduled) {
          scheduled = true;
          // Lets the events already received in this turn join the same batch.
          setImmediate(() => {
            scheduled = false;
            void pump();
          });
        }
      });
      sub.on('error', (error: unknown) => fail(error));
      sub.on('end', () => fail(new EventStoreUnavailableError('subscription to $all ended')));
      sub.on('close', () => fail(new EventStoreUnavailableError('subscription to $all closed')));
    });

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(wake, ms);
      function wake() {
        clearTimeout(timer);
        wakeSleep = null;
        resolve();
      }
      wakeSleep = wake;
    });

  const done = (async () => {
    let last = o.after;
    let failures = 0;
    while (!stopped) {
      try {
        await attempt(last, (p) => {
          last = p;
          failures = 0;
        });
      } catch (error) {
        if (stopped) break;
        o.onDrop?.(error);
        failures += 1;
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  })();

  return {
    done,
    async stop() {
      stopped = true;
      stopAttempt?.();
      wakeSleep?.();
      await done;
    },
  };
}
