import { EventStoreUnavailableError, type EventStore, type Logger, type RecordedEvent, type Sql, type SubscriptionHandle } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import { loadCheckpoint, saveCheckpoint } from './checkpoints';
import type { Reactor, ReactorContext } from './reactor';

export interface ReactorRunnerDeps {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly logger: Logger;
  readonly context: ReactorContext;
  readonly enqueue: (job: JobRequest) => Promise<void>;
  /** How often a standby instance tries to take over the lock. */
  readonly lockRetryMs?: number;
  readonly batchSize?: number;
}

export interface RunningReactor {
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

const LOCK_NAMESPACE = 7321004;

/**
 * A batch with nothing for this reactor saves its checkpoint at most this often: after a crash
 * those events are read again and produce no job again, so skipping the write loses nothing.
 */
const IGNORED_CHECKPOINT_EVERY_MS = 5000;
/**
 * When no batch follows ignored ones for this long, the deferred checkpoint is written: a quiet log
 * ending in events this reactor ignores must not leave it reading as behind the head for good.
 */
const QUIET_CHECKPOINT_MS = 1000;

/**
 * Runs one reactor: subscribe from its checkpoint, turn each batch into jobs, enqueue them all,
 * then move the checkpoint. At-least-once: a crash after enqueueing but before the checkpoint
 * replays the batch, and the job ids absorb the duplicates. On a PostgreSQL server only the
 * instance holding the reactor's advisory lock runs; the others wait on standby.
 */
export function runReactor(reactor: Reactor, deps: ReactorRunnerDeps): RunningReactor {
  const { sql, store, context } = deps;
  const logger = deps.logger.child({ reactor: reactor.name });
  const handles = new Set(reactor.handles);
  let stopped = false;
  let subscription: SubscriptionHandle | null = null;
  let wake: (() => void) | null = null;

  async function jobsOf(event: RecordedEvent): Promise<readonly JobRequest[]> {
    try {
      return await reactor.toJobs(event, context);
    } catch (error) {
      if (error instanceof EventStoreUnavailableError) throw error;
      // Odd data must not stop the reactor: the event is skipped, loudly.
      logger.error(
        { err: error instanceof Error ? error.message : String(error), eventId: event.id, type: event.type },
        'event skipped: could not turn it into jobs',
      );
      return [];
    }
  }

  let savedAt = 0;
  /** The position read past but not yet saved (ignored batches), and the quiet-spell timer that saves it. */
  let deferred: RecordedEvent['position'] | null = null;
  let quiet: NodeJS.Timeout | null = null;
  // Batches and the quiet save run one at a time: a late save must never move the checkpoint back.
  let work: Promise<void> = Promise.resolve();
  const serially = (task: () => Promise<void>): Promise<void> => {
    const run = work.then(task);
    work = run.catch(() => undefined);
    return run;
  };
  const cancelQuietSave = () => {
    if (quiet) clearTimeout(quiet);
    quiet = null;
  };
  async function saveDeferred(): Promise<void> {
    const position = deferred;
    if (stopped || !position) return;
    await saveCheckpoint(sql, reactor.name, position);
    deferred = null;
    savedAt = Date.now();
  }

  function onBatch(events: RecordedEvent[]): Promise<void> {
    return serially(async () => {
      cancelQuietSave();
      let handled = false;
      for (const event of events) {
        if (!handles.has(event.type)) continue;
        handled = true;
        for (const job of await jobsOf(event)) await deps.enqueue(job);
      }
      const last = events[events.length - 1];
      if (!last) return;
      if (!handled && Date.now() - savedAt < IGNORED_CHECKPOINT_EVERY_MS) {
        deferred = last.position;
        quiet = setTimeout(() => {
          quiet = null;
          serially(saveDeferred).catch((err: unknown) =>
            logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not save the reactor checkpoint; the next batch will'),
          );
        }, QUIET_CHECKPOINT_MS);
        return;
      }
      await saveCheckpoint(sql, reactor.name, last.position);
      deferred = null;
      savedAt = Date.now();
    });
  }

  async function consume(): Promise<void> {
    // A resubscription starts from the stored checkpoint: nothing read before it is pending.
    cancelQuietSave();
    deferred = null;
    const from = await loadCheckpoint(sql, reactor.name);
    if (stopped) return;
    logger.info({ from: `${from.commit}/${from.prepare}` }, 'reactor running');
    subscription = store.subscribe(from, onBatch, {
      batchSize: deps.batchSize,
      types: reactor.handles,
      onDrop: (err) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'reactor batch failed; retrying from its checkpoint'),
    });
    await subscription.done;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  async function withLock(): Promise<void> {
    await sql.session(async (session) => {
      while (!stopped) {
        const r = await session.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_NAMESPACE, reactor.name]);
        if (r.rows[0]?.ok) break;
        await pause(deps.lockRetryMs ?? 2000);
      }
      if (stopped) return;
      try {
        await consume();
      } finally {
        await session.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, reactor.name]).catch(() => undefined);
      }
    });
  }

  // PGlite is one process and one session: there is nobody to compete with. When the database
  // fails under us (lost lock session, failed checkpoint load) we start over after a pause.
  const done = (async () => {
    for (let failures = 0; !stopped;) {
      try {
        await (sql.kind === 'pg' ? withLock() : consume());
        failures = 0;
      } catch (err) {
        failures += 1;
        logger.error({ err: err instanceof Error ? err.message : String(err) }, 'reactor failed; restarting from its checkpoint');
        if (!stopped) await pause(Math.min(30_000, 250 * 2 ** failures));
      }
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      cancelQuietSave();
      wake?.();
      await subscription?.stop();
      await done;
      await work;
    },
  };
}
