import { comparePositions, type EventStore, type Logger, type Position, type Sql } from '@roar/platform';
import { CheckpointMovedError, commitBatch, ProjectorEventFailedError, type FailedEvent } from './apply';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import { ProjectorBusyError, releaseProjectorLock, tryProjectorLock } from './lock';
import { handlesType, type Projector } from './projector';
import { rebuildLocked, resetProjector, type RebuildResult } from './rebuild';
import type { ReplayOptions } from './replay';

export type WorkerState = 'starting' | 'standby' | 'active' | 'rebuilding' | 'failing' | 'failed' | 'stopped';

/** Epochs are numbered across every worker of the process: a version string is never reused by another worker or run. */
let lastEpoch = 0;

/**
 * A batch with no event this projector handles moves only the in-memory position; the stored
 * checkpoint follows at most this often (or with the next handled batch). After a crash the
 * ignored events are read again and ignored again: no effect is lost or doubled.
 */
const IGNORED_CHECKPOINT_EVERY_MS = 5000;
/**
 * When no batch follows ignored ones for this long, the deferred checkpoint is written: a quiet
 * stream ending in events this projector ignores must not leave it reading as behind the head for
 * good (status, a standby's view, another process's waitFor). One write per quiet spell.
 */
export const QUIET_CHECKPOINT_MS = 1000;

interface RebuildRequest {
  readonly options: ReplayOptions;
  resolve(result: RebuildResult): void;
  reject(error: unknown): void;
}

export interface WorkerEnv {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly logger: Logger;
  readonly batchSize: number;
  readonly lockRetryMs: number;
  /** Called after every committed batch (the in-process fast path of waitFor). */
  readonly onProgress: () => void;
}

/**
 * Runs one projector for the daemon: takes its advisory lock on a dedicated session (standby and
 * retry while another process holds it), rebuilds when the version changed, then subscribes from
 * the checkpoint and applies every batch on that same session, so losing the connection loses the
 * lock and the writes together. Any failure ends the subscription; it restarts from the stored
 * checkpoint after a back-off.
 */
export class ProjectorWorker {
  state: WorkerState = 'starting';
  position: Position | null = null;
  /** The checkpoint as stored (moves when the read model changed, or every few seconds). */
  storedPosition: Position | null = null;
  /**
   * What caches key on (`changeVersion`): the epoch moves whenever the read model may have changed
   * in a way the per-type record cannot tell (each (re)start from the checkpoint: after a rebuild,
   * a reset, a failure, a standby spell), and within an epoch each committed batch that held events
   * this projector handles is numbered, by event type. The checkpoint moving over ignored events
   * (every few seconds under a busy log) changes neither: the read model is what it was.
   */
  private epoch = 0;
  private changes = 0;
  private readonly changedBy = new Map<string, number>();
  lastError: string | null = null;
  /** The event the projector stopped at (state `failed`), until a batch or a rebuild gets past it. */
  failedEvent: FailedEvent | null = null;
  private stopping = false;
  private interrupt: () => void = () => undefined;
  private wake: () => void = () => undefined;
  private rebuildRequest: RebuildRequest | null = null;
  /** Ends the gathering pause early (a request waits for this read model, or the worker stops). */
  private endGathering: () => void = () => undefined;
  private loop: Promise<void> | null = null;

  constructor(
    readonly projector: Projector,
    private readonly env: WorkerEnv,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /**
   * Changes whenever the read model may have changed from an event of one of `types` (default: of
   * any type): read before the rows it guards, it is bumped only once a batch is committed.
   */
  changeVersion(types?: readonly string[]): string {
    if (!types) return `${this.epoch}.${this.changes}`;
    let last = 0;
    for (const t of types) last = Math.max(last, this.changedBy.get(t) ?? 0);
    return `${this.epoch}.${last}`;
  }

  private newEpoch(): void {
    this.epoch = ++lastEpoch;
    this.changes = 0;
    this.changedBy.clear();
  }

  /** Someone waits for this read model: write what has been gathered now. */
  hurry(): void {
    this.endGathering();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.endGathering();
    this.interrupt();
    this.wake();
    await this.loop;
    this.rebuildRequest?.reject(new Error(`projector ${this.projector.name} stopped`));
    this.rebuildRequest = null;
    this.state = 'stopped';
  }

  /** Rebuilds on this worker's locked session; ProjectorBusyError while another process is active. */
  rebuild(options: ReplayOptions): Promise<RebuildResult> {
    if (this.stopping || !this.loop) return Promise.reject(new Error(`projector ${this.projector.name} is not running`));
    if (this.rebuildRequest) return Promise.reject(new Error(`projector ${this.projector.name} is already rebuilding`));
    return new Promise((resolve, reject) => {
      this.rebuildRequest = { options, resolve, reject };
      this.interrupt();
      this.wake();
    });
  }

  /**
   * A pause that `wake` (back-off and lock retries: stop() or rebuild() end it) or `endGathering`
   * (the gathering after a written batch of a projector with `gatherMs`: hurry() or stop()) ends early.
   */
  private pause(ms: number, hook: 'wake' | 'endGathering'): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this[hook] = () => undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this[hook] = done;
    });
  }

  private sleep(ms: number): Promise<void> {
    return this.pause(ms, 'wake');
  }

  private async run(): Promise<void> {
    const { logger } = this.env;
    let failures = 0;
    while (!this.stopping) {
      try {
        const held = await this.env.sql.session((s) => this.whileLocked(s));
        if (!held) await this.sleep(this.env.lockRetryMs);
        failures = 0;
      } catch (error) {
        failures += 1;
        // An event it cannot apply stops it there (`failed`, with the event); it tries again after
        // the back-off, so a fixed cause (a deploy, a rebuild, the database back) lets it recover.
        this.state = error instanceof ProjectorEventFailedError ? 'failed' : 'failing';
        this.failedEvent = error instanceof ProjectorEventFailedError ? error.event : null;
        this.lastError = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, projector: this.projector.name }, 'projector failed; restarting from its checkpoint');
        if (!this.stopping) await this.sleep(Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
      }
    }
  }

  /** False when another process holds the lock. */
  private async whileLocked(s: Sql): Promise<boolean> {
    const name = this.projector.name;
    if (!(await tryProjectorLock(s, name))) {
      this.state = 'standby';
      const request = this.rebuildRequest;
      this.rebuildRequest = null;
      request?.reject(new ProjectorBusyError(name));
      return false;
    }
    try {
      while (!this.stopping) {
        const request = this.rebuildRequest;
        if (request) {
          this.rebuildRequest = null;
          this.state = 'rebuilding';
          try {
            request.resolve(await rebuildLocked(s, this.env.store, this.projector, this.env.logger, request.options));
          } catch (error) {
            request.reject(error);
            throw error;
          }
        }
        const stored = await readCheckpoint(s, name);
        if (!stored || stored.version !== this.projector.version) {
          this.env.logger.info(
            { projector: name, from: stored?.version ?? null, to: this.projector.version },
            'new projector version: rebuilding from START',
          );
          await resetProjector(s, this.projector);
        }
        const from = (await readCheckpoint(s, name))?.position;
        if (!from) throw new Error(`checkpoint of ${name} missing after reset`);
        this.position = from;
        this.storedPosition = from;
        this.newEpoch();
        if (this.state !== 'failed') {
          this.state = 'active';
          this.lastError = null;
          this.failedEvent = null;
        }
        await this.follow(s, from);
      }
      return true;
    } finally {
      await releaseProjectorLock(s, name).catch((err: unknown) =>
        this.env.logger.warn({ err, projector: name }, 'could not release the projector lock'),
      );
    }
  }

  /** Subscribes from `from` until interrupted (resolves) or a batch fails (rejects). */
  private follow(s: Sql, from: Position): Promise<void> {
    const { store, logger } = this.env;
    return new Promise<void>((resolve, reject) => {
      // `expected` is the stored checkpoint; this.position may be ahead of it over ignored events.
      let expected = from;
      let storedAt = Date.now();
      let finished = false;
      // Batches and the quiet write of a deferred checkpoint use the one session, one at a time.
      let work: Promise<void> = Promise.resolve();
      const serially = (task: () => Promise<void>): Promise<void> => (work = work.then(task).catch((error: unknown) => finish(error)));
      let quiet: NodeJS.Timeout | null = null;
      const writeDeferred = async () => {
        const to = this.position;
        if (finished || !to || comparePositions(to, expected) <= 0) return;
        const moved = await s.transaction((tx) => advanceCheckpoint(tx, this.projector.name, expected, to, this.projector.version));
        if (!moved) throw new CheckpointMovedError(`checkpoint of ${this.projector.name} moved under this instance`);
        expected = to;
        storedAt = Date.now();
        this.storedPosition = to;
        this.env.onProgress();
      };
      const finish = (error: unknown) => {
        if (finished) return;
        finished = true;
        if (quiet) clearTimeout(quiet);
        this.interrupt = () => undefined;
        logger.debug({ projector: this.projector.name, err: error }, 'unfollowing');
        sub
          .stop()
          .then(() => work)
          .then(() => (error ? reject(error) : resolve()), reject);
      };
      const sub = store.subscribe(
        from,
        (batch) =>
          serially(async () => {
            if (finished) return;
            if (quiet) clearTimeout(quiet);
            quiet = null;
            try {
              const last = batch[batch.length - 1];
              const ignored = !batch.some((e) => handlesType(this.projector, e.type));
              if (last && ignored && Date.now() - storedAt < IGNORED_CHECKPOINT_EVERY_MS) {
                this.position = last.position;
                quiet = setTimeout(() => void serially(writeDeferred), QUIET_CHECKPOINT_MS);
              } else {
                expected = await commitBatch(s, this.projector, batch, expected, logger);
                storedAt = Date.now();
                this.position = expected;
                this.storedPosition = expected;
                if (!ignored) {
                  this.changes += 1;
                  for (const e of batch) if (handlesType(this.projector, e.type)) this.changedBy.set(e.type, this.changes);
                }
                if (this.state === 'failed') {
                  this.state = 'active';
                  this.lastError = null;
                  this.failedEvent = null;
                }
              }
              this.env.onProgress();
              const gatherMs = this.projector.gatherMs ?? 0;
              if (gatherMs > 0 && !ignored && !this.stopping) await this.pause(gatherMs, 'endGathering');
            } catch (error) {
              finish(error);
            }
          }),
        {
          batchSize: this.env.batchSize,
          ...(this.projector.handles === 'all' ? {} : { types: this.projector.handles }),
          onDrop: (err) => logger.warn({ err, projector: this.projector.name }, 'subscription dropped; resubscribing'),
        },
      );
      this.interrupt = () => finish(null);
      logger.debug({ projector: this.projector.name, from: String(from.commit) + '/' + String(from.prepare) }, 'following');
      // stop() or rebuild() may have come while the subscription was being set up.
      if (this.stopping || this.rebuildRequest) finish(null);
      sub.done.then(
        () => finish(finished ? null : new Error('subscription ended')),
        (err: unknown) => finish(err ?? new Error('subscription failed')),
      );
    });
  }
}
