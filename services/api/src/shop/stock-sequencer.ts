import { stockDecider, stockStreamId, type StockCommand, type StockEvent, type StockState } from '@roar/domain';
import {
  toNewEvents,
  WrongExpectedRevisionError,
  type AppendResult,
  type CommandContext,
  type EventRegistry,
  type EventStore,
  type NewEvent,
} from '@roar/platform';

/**
 * Every stock command of this process goes through one lane per SKU. A lane appends one batch at
 * a time: the commands that queued while the previous append was on its way are decided in order
 * against the stream's state, each against what the ones before it left, and their events go in
 * ONE append at the revision the batch was decided on. A drop's 200 buyers of one SKU so cost a
 * handful of appends instead of 200 appends that each conflict with all the others and re-read.
 *
 * The lane is not the guard: the event store's expected revision is. Another api replica (or a
 * staff edit through another path) writing to the stream makes the batch's append fail; the lane
 * then reads what was written since and decides the whole batch again, so two processes can never
 * sell the same unit. A command the decider refuses is refused alone; the rest of its batch goes on,
 * and a refusal is only given on the stream's state as read, never on the lane's memory of it.
 */
export interface StockOutcome {
  /** The events this command appended (empty when it decided nothing). */
  readonly events: readonly NewEvent[];
  /** The batch's append (its position is at or after this command's events); null when nothing was appended. */
  readonly appended: AppendResult | null;
  /** The stock as this command left it. */
  readonly state: StockState;
}

interface Waiting {
  readonly command: StockCommand;
  readonly ctx: CommandContext;
  readonly resolve: (outcome: StockOutcome) => void;
  readonly reject: (error: unknown) => void;
}

interface Lane {
  readonly queue: Waiting[];
  running: boolean;
  /** The stream as this lane last read or wrote it. */
  kept: { readonly state: StockState; readonly revision: bigint } | null;
}

/** Commands decided into one append at most. */
const MAX_BATCH = 500;
/** Conflicts with writers outside the lane (another replica) a batch survives before its commands fail. */
const CONFLICT_RETRIES = 100;
/** Idle lanes kept (their state spares a read of the stream), the least recently used dropped first. */
const LANES_KEPT = 10_000;

const lanesOf = new WeakMap<EventStore, Map<string, Lane>>();

/** Runs a stock command through its SKU's lane; resolves or rejects (the decider's DomainError, or the store's) as handleCommand would. */
export function stockCommand(
  deps: { readonly store: EventStore; readonly registry: EventRegistry },
  sku: string,
  command: StockCommand,
  ctx: CommandContext,
): Promise<StockOutcome> {
  let lanes = lanesOf.get(deps.store);
  if (!lanes) lanesOf.set(deps.store, (lanes = new Map()));
  let lane = lanes.get(sku);
  if (!lane) {
    lane = { queue: [], running: false, kept: null };
    if (lanes.size >= LANES_KEPT) {
      for (const [key, l] of lanes) {
        if (!l.running) {
          lanes.delete(key);
          break;
        }
      }
    }
    lanes.set(sku, lane);
  }
  const promise = new Promise<StockOutcome>((resolve, reject) => lane.queue.push({ command, ctx, resolve, reject }));
  if (!lane.running) {
    lane.running = true;
    void drain(deps, sku, lane);
  }
  return promise;
}

async function drain(deps: { readonly store: EventStore; readonly registry: EventRegistry }, sku: string, lane: Lane): Promise<void> {
  try {
    while (lane.queue.length > 0) await runBatch(deps, sku, lane, lane.queue.splice(0, MAX_BATCH));
  } finally {
    lane.running = false;
  }
}

type Decided = { readonly ok: true; readonly events: NewEvent[]; readonly state: StockState } | { readonly ok: false; readonly error: unknown };

/** Decides and appends one batch; settles every command of it, never throws. */
async function runBatch(
  { store, registry }: { readonly store: EventStore; readonly registry: EventRegistry },
  sku: string,
  lane: Lane,
  batch: readonly Waiting[],
): Promise<void> {
  const streamId = stockStreamId(sku);
  let trustKept = lane.kept !== null;
  let conflicts = 0;
  try {
    for (;;) {
      let state: StockState;
      let revision: bigint | null;
      if (lane.kept && trustKept) {
        ({ state, revision } = lane.kept);
      } else {
        const from = lane.kept;
        const recorded = await store.readStream(streamId, from ? from.revision + 1n : 0n);
        state = recorded.reduce(
          (s, e) => stockDecider.evolve(s, { type: e.type, data: e.data } as StockEvent),
          from ? from.state : stockDecider.initialState,
        );
        revision = recorded.length > 0 ? recorded[recorded.length - 1]!.revision : (from?.revision ?? null);
        lane.kept = revision === null ? null : { state, revision };
      }
      const decided: Decided[] = [];
      const events: NewEvent[] = [];
      let after = state;
      for (const w of batch) {
        try {
          const own = toNewEvents(registry, stockDecider.decide(w.command, after), w.ctx);
          // Folded from the payloads as stored (the registry's parse), as a later read would fold them.
          const next = own.reduce((s, e) => stockDecider.evolve(s, { type: e.type, data: registry.validateNew(e).data } as StockEvent), after);
          after = next;
          events.push(...own);
          decided.push({ ok: true, events: own, state: next });
        } catch (error) {
          decided.push({ ok: false, error });
        }
      }
      // A refusal (or a command that changes nothing) has no append to check it: decided on the kept
      // state, it could be wrong (another replica released a unit meanwhile). Such a batch is decided
      // again on what the stream holds now, read from the kept revision on (usually nothing new).
      if (trustKept && decided.some((d) => !d.ok || d.events.length === 0)) {
        trustKept = false;
        continue;
      }
      let appended: AppendResult | null = null;
      if (events.length > 0) {
        try {
          appended = await store.append(streamId, events, revision ?? 'no_stream');
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          // Written meanwhile outside this lane: read what is new and decide the batch again.
          if (trustKept) trustKept = false;
          else if (++conflicts > CONFLICT_RETRIES) throw error;
          continue;
        }
        lane.kept = { state: after, revision: appended.nextExpectedRevision };
      }
      batch.forEach((w, i) => {
        const d = decided[i]!;
        if (d.ok) w.resolve({ events: d.events, appended: d.events.length > 0 ? appended : null, state: d.state });
        else w.reject(d.error);
      });
      return;
    }
  } catch (error) {
    lane.kept = null;
    for (const w of batch) w.reject(error);
  }
}
