import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@roar/platform';

export interface ReplayProgress {
  /** Events read so far (handled or not). */
  readonly events: number;
  /** Events expected in all, when the caller could count them; null otherwise. */
  readonly total: number | null;
  readonly position: Position;
}

export interface ReplayOptions {
  /** Events per batch (and per transaction). */
  readonly batchSize?: number;
  readonly onProgress?: (progress: ReplayProgress) => void;
  /** Counts the events to replay for the progress bar (the store port has no count). */
  readonly countEvents?: () => Promise<number>;
}

export const DEFAULT_REPLAY_BATCH = 2000;

/**
 * Reads the store from `after` in batches and hands each one to `onBatch`, reading the next batch
 * while the current one is applied (on PostgreSQL the two run on different connections). Stops
 * at the end of the log, or before the first event past `until`.
 */
export async function replay(
  store: EventStore,
  after: Position,
  onBatch: (events: RecordedEvent[], after: Position) => Promise<void>,
  options: ReplayOptions & { until?: Position; eventsSoFar?: number; total?: number | null } = {},
): Promise<{ position: Position; events: number }> {
  const batchSize = options.batchSize ?? DEFAULT_REPLAY_BATCH;
  const until = options.until;
  const total = options.total ?? null;
  let position = after;
  let events = options.eventsSoFar ?? 0;
  const read = (from: Position) => {
    const p = store.readAll(from, batchSize);
    p.catch(() => undefined); // awaited below; keeps an abandoned prefetch from being unhandled
    return p;
  };
  let pending = read(position);
  for (;;) {
    const fetched = await pending;
    const batch = until ? fetched.filter((e) => comparePositions(e.position, until) <= 0) : fetched;
    const last = batch[batch.length - 1];
    if (!last) break;
    const reachedEnd = batch.length < fetched.length || fetched.length < batchSize;
    if (!reachedEnd) pending = read(last.position);
    await onBatch(batch, position);
    position = last.position;
    events += batch.length;
    options.onProgress?.({ events, total, position });
    if (reachedEnd) break;
  }
  return { position, events };
}
