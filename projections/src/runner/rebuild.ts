import { START, type EventStore, type Logger, type Position, type Sql } from '@roar/platform';
import { commitBatch, dropTables, truncateTables } from './apply';
import { migrateReadModels, readCheckpoint, resetCheckpoint } from './checkpoints';
import { withProjectorLock } from './lock';
import { READ_SCHEMA, type Projector } from './projector';
import { replay, type ReplayOptions } from './replay';

export interface RebuildResult {
  readonly projector: string;
  readonly events: number;
  readonly position: Position;
  readonly ms: number;
}

/**
 * Empties the projector's tables (drops and recreates them when its version changed), resets its
 * checkpoint to START, both in one transaction. Readers see an empty read model until the replay
 * passes them: the price of rebuilding in place.
 */
export async function resetProjector(s: Sql, projector: Projector): Promise<void> {
  const stored = await readCheckpoint(s, projector.name);
  await s.transaction(async (tx) => {
    if (stored && stored.version !== projector.version) {
      await dropTables(tx, projector, READ_SCHEMA);
      await projector.migrate(tx, READ_SCHEMA);
    } else {
      await truncateTables(tx, projector, READ_SCHEMA);
    }
    await resetCheckpoint(tx, projector.name, projector.version);
  });
}

/** Rebuild on a session that already holds the projector's lock (the daemon's, or the CLI's). */
export async function rebuildLocked(
  s: Sql,
  store: EventStore,
  projector: Projector,
  logger: Logger,
  options: ReplayOptions = {},
): Promise<RebuildResult> {
  const started = performance.now();
  await resetProjector(s, projector);
  const total = options.countEvents ? await options.countEvents() : null;
  const { position, events } = await replay(
    store,
    START,
    async (batch, after) => {
      await commitBatch(s, projector, batch, after, logger);
    },
    { ...options, total },
  );
  const ms = performance.now() - started;
  logger.info({ projector: projector.name, events, ms: Math.round(ms) }, 'projector rebuilt');
  return { projector: projector.name, events, position, ms };
}

export interface RebuildArgs extends ReplayOptions {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly projector: Projector;
  readonly logger: Logger;
}

/**
 * Truncate, reset, replay from START, holding the projector's advisory lock so no daemon applies
 * at the same time. Throws ProjectorBusyError when a daemon in another process is active for it:
 * stop that one, or rebuild through its daemon (`daemon.rebuild`).
 */
export async function rebuildProjector(args: RebuildArgs): Promise<RebuildResult> {
  await migrateReadModels(args.sql, [args.projector]);
  return withProjectorLock(args.sql, args.projector.name, (s) => rebuildLocked(s, args.store, args.projector, args.logger, args));
}
