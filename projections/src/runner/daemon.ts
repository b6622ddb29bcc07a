import { EventEmitter } from 'node:events';
import { comparePositions, type EventStore, type Logger, type Position, type Sql } from '@roar/platform';
import { listCheckpoints, migrateReadModels, projectorsAt } from './checkpoints';
import type { Projector } from './projector';
import type { RebuildResult } from './rebuild';
import type { ReplayOptions } from './replay';
import { verifyProjector, type VerifyReport } from './verify';
import { ProjectorWorker, type WorkerState } from './worker';

export interface ProjectorStatus {
  readonly name: string;
  readonly version: number;
  /** What this process does for the projector: `standby` while another process holds its lock. */
  readonly state: WorkerState | 'idle';
  /** The stored checkpoint (whichever process wrote it); null before the first start. */
  readonly position: Position | null;
  readonly storedVersion: number | null;
  readonly updatedAt: string | null;
  readonly lastError: string | null;
}

export interface ProjectionDaemonOptions {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly projectors: readonly Projector[];
  readonly logger: Logger;
  /** Events per live batch (one transaction each). */
  readonly batchSize?: number;
  /** How often a standby instance tries to take a projector's lock. */
  readonly lockRetryMs?: number;
}

export interface ProjectionDaemon {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** True once every projector's checkpoint is at or past `position` (any process); false at timeout. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  status(): Promise<ProjectorStatus[]>;
  /** Rebuilds in this process; ProjectorBusyError when another process is the active instance. */
  rebuild(name: string, options?: ReplayOptions): Promise<RebuildResult>;
  verify(name: string, options?: ReplayOptions): Promise<VerifyReport>;
}

export function createProjectionDaemon(options: ProjectionDaemonOptions): ProjectionDaemon {
  const { sql, store, projectors, logger } = options;
  const names = projectors.map((p) => p.name);
  if (new Set(names).size !== names.length) throw new Error('two projectors share a name');
  const progress = new EventEmitter();
  progress.setMaxListeners(0);
  const env = {
    sql,
    store,
    logger,
    batchSize: options.batchSize ?? 500,
    lockRetryMs: options.lockRetryMs ?? 2000,
    onProgress: () => progress.emit('progress'),
  };
  let workers: ProjectorWorker[] = [];
  let starting: Promise<void> | null = null;

  const find = (name: string): Projector => {
    const p = projectors.find((x) => x.name === name);
    if (!p) throw new Error(`no projector named ${name} (known: ${names.join(', ')})`);
    return p;
  };

  // Fast path: this process applied past the position for every projector.
  const passedLocally = (position: Position) =>
    workers.length === projectors.length && workers.every((w) => w.position !== null && comparePositions(w.position, position) >= 0);

  return {
    start() {
      starting ??= (async () => {
        await migrateReadModels(sql, projectors);
        workers = projectors.map((p) => new ProjectorWorker(p, env));
        for (const w of workers) w.start();
      })();
      return starting;
    },
    async stop() {
      await starting?.catch(() => undefined);
      await Promise.all(workers.map((w) => w.stop()));
      starting = null;
      workers = [];
    },
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (passedLocally(position)) return true;
        // Another process may be the active instance: the checkpoints table is the truth.
        const at = await projectorsAt(sql, projectors, position).catch(() => new Set<string>());
        if (at.size === names.length) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            progress.off('progress', done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(left, 50));
          progress.on('progress', done);
        });
      }
    },
    async status() {
      const stored = new Map((await listCheckpoints(sql).catch(() => [])).map((c) => [c.name, c]));
      return projectors.map((p): ProjectorStatus => {
        const w = workers.find((x) => x.projector === p);
        const c = stored.get(p.name);
        return {
          name: p.name,
          version: p.version,
          state: w?.state ?? 'idle',
          position: c?.position ?? null,
          storedVersion: c?.version ?? null,
          updatedAt: c?.updatedAt ?? null,
          lastError: w?.lastError ?? null,
        };
      });
    },
    async rebuild(name, replayOptions = {}) {
      find(name);
      const w = workers.find((x) => x.projector.name === name);
      if (!w) throw new Error('the projection daemon is not running');
      return w.rebuild(replayOptions);
    },
    verify(name, replayOptions = {}) {
      return verifyProjector({ sql, store, projector: find(name), logger, ...replayOptions });
    },
  };
}
