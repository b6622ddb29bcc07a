import { EventEmitter } from 'node:events';
import { comparePositions, positionToString, type EventStore, type Logger, type Position, type Sql } from '@roar/platform';
import { listCheckpoints, migrateReadModels, projectorsAt } from './checkpoints';
import { handlesType, type Projector } from './projector';
import type { FailedEvent } from './apply';
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
  /** The event the projector stopped at because it cannot apply it (from any process); null while healthy. */
  readonly failedEvent: FailedEvent | null;
}

/** Which projectors a read-your-writes wait is about (both given: those of `readModels` that handle one of `types`). */
export interface WaitScope {
  /** The projectors whose read models the request reads next; default every projector. */
  readonly readModels?: readonly string[];
  /** The event types just appended: a projector that handles none of them has nothing to show. */
  readonly types?: readonly string[];
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
  /** True once every projector in `scope` is at or past `position` (any process); false at timeout. */
  waitFor(position: Position, timeoutMs: number, scope?: WaitScope): Promise<boolean>;
  status(): Promise<ProjectorStatus[]>;
  /**
   * A string that changes whenever any of the named read models may have changed (from an event of
   * one of `types`, when given): a cache of what they answer stays valid while it stays the same.
   * From memory for projectors this process runs (the batches they committed that held such events,
   * and each restart from the checkpoint: not the checkpoint itself, which also moves over events
   * they ignore), from the checkpoints table for the others (any move of theirs, whatever the types).
   */
  readModelVersion(names: readonly string[], types?: readonly string[]): Promise<string>;
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

  const inScope = (scope: WaitScope): readonly Projector[] =>
    projectors.filter(
      (p) => (!scope.readModels || scope.readModels.includes(p.name)) && (!scope.types || scope.types.some((t) => handlesType(p, t))),
    );

  // This process runs the projector and applied past the position: no query needed. Only a
  // projector another process runs (standby here, or no daemon started) needs the checkpoints table.
  const passedLocally = (p: Projector, position: Position) => {
    const w = workers.find((x) => x.projector === p);
    return w !== undefined && w.position !== null && comparePositions(w.position, position) >= 0;
  };
  const runsLocally = (p: Projector) => {
    const w = workers.find((x) => x.projector === p);
    return w !== undefined && w.state !== 'standby' && w.state !== 'stopped';
  };

  /**
   * Without the appended types, learns them from the log: a local projector whose subscription
   * is not woken by other types (SubscribeOptions.types) has nothing to wait for when none of the
   * events up to `position` concern it. Only when those events are all readable in one page.
   */
  async function narrowByTypes(wanted: readonly Projector[], position: Position): Promise<readonly Projector[]> {
    const behind = wanted.filter((p) => runsLocally(p) && !passedLocally(p, position));
    const from = behind
      .map((p) => workers.find((w) => w.projector === p)?.position)
      .reduce<Position | null>((a, b) => (!b ? a : !a || comparePositions(b, a) < 0 ? b : a), null);
    if (!from) return wanted;
    const events = await store.readAll(from, 1000).catch(() => null);
    if (!events || !events.some((e) => comparePositions(e.position, position) >= 0)) return wanted;
    const types = new Set(events.filter((e) => comparePositions(e.position, position) <= 0).map((e) => e.type));
    return wanted.filter((p) => !behind.includes(p) || [...types].some((t) => handlesType(p, t)));
  }

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
    async waitFor(position, timeoutMs, scope = {}) {
      const deadline = Date.now() + timeoutMs;
      const wanted = scope.types ? inScope(scope) : await narrowByTypes(inScope(scope), position);
      let lastQuery = 0;
      for (;;) {
        const behind = wanted.filter((p) => !passedLocally(p, position));
        if (behind.length === 0) return true;
        for (const p of behind) if (p.gatherMs) workers.find((w) => w.projector === p)?.hurry();
        // Another process may be the active instance: the checkpoints table is the truth there.
        // Asked at most every 50 ms per waiting request, and only for those projectors.
        const remote = behind.filter((p) => !runsLocally(p));
        if (remote.length === behind.length && Date.now() - lastQuery >= 50) {
          lastQuery = Date.now();
          const at = await projectorsAt(sql, remote, position).catch(() => new Set<string>());
          if (remote.every((p) => at.has(p.name))) return true;
        }
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
    async readModelVersion(wanted, types) {
      const parts: string[] = [];
      const remote: string[] = [];
      for (const name of wanted) {
        const p = find(name);
        const w = workers.find((x) => x.projector === p);
        if (w?.storedPosition && runsLocally(p) && w.state !== 'starting') parts.push(`${name}@${p.version}#${w.changeVersion(types)}`);
        else remote.push(name);
      }
      if (remote.length > 0) {
        const stored = new Map((await listCheckpoints(sql)).map((c) => [c.name, c]));
        for (const name of remote) {
          const c = stored.get(name);
          parts.push(c ? `${name}@${c.version}:${positionToString(c.position)}` : `${name}:none`);
        }
      }
      return parts.join(',');
    },
    async status() {
      const stored = new Map((await listCheckpoints(sql).catch(() => [])).map((c) => [c.name, c]));
      return projectors.map((p): ProjectorStatus => {
        const w = workers.find((x) => x.projector === p);
        const c = stored.get(p.name);
        return {
          name: p.name,
          version: p.version,
          state: w?.state ?? (c?.failedEvent ? 'failed' : 'idle'),
          position: c?.position ?? null,
          storedVersion: c?.version ?? null,
          updatedAt: c?.updatedAt ?? null,
          lastError: w?.lastError ?? (c?.failedEvent ? c.failedEvent.error : null),
          failedEvent: w?.failedEvent ?? c?.failedEvent ?? null,
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
