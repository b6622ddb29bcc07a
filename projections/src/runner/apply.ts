import { comparePositions, ident, positionToString, type Logger, type Position, type RecordedEvent, type Sql } from '@roar/platform';
import { advanceCheckpoint, lockCheckpoint, recordFailure, writeCheckpoint, type FailedEventRecord } from './checkpoints';
import { handlesType, READ_SCHEMA, type Projector } from './projector';

/** The stored checkpoint is not where this instance left it: someone else moved it (rebuild). */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
}

/** The event a projector could not apply, as its status, /ready and the staff console show it. */
export type FailedEvent = FailedEventRecord;

/** A projector stopped at an event it cannot apply; its checkpoint stays just before that event. */
export class ProjectorEventFailedError extends Error {
  override readonly name = 'ProjectorEventFailedError';
  constructor(
    readonly projector: string,
    readonly event: FailedEvent,
  ) {
    super(`projector ${projector} cannot apply ${event.type} ${event.id} (stream ${event.streamId} revision ${event.revision}): ${event.error}`);
  }
}

function failedEvent(event: RecordedEvent, error: unknown): FailedEvent {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: String(event.revision),
    position: positionToString(event.position),
    error: error instanceof Error ? error.message : String(error),
  };
}

interface StrictOutcome {
  /** Position of the last event before the failing one (null: the failing one was the first). */
  readonly goodUpTo: Position | null;
  readonly failure: FailedEvent | null;
}

/**
 * Applies the handled events of a batch. When the batch fails as a whole, it replays event by
 * event behind savepoints to find the first event that fails, keeps what came before it and
 * reports that event: a projector never skips an event in silence. A broken connection fails the
 * savepoints themselves and is thrown, so the caller resubscribes.
 */
async function applyStrict(tx: Sql, projector: Projector, events: readonly RecordedEvent[], schema: string, logger: Logger): Promise<StrictOutcome> {
  const handled = events.filter((e) => handlesType(projector, e.type));
  const last = events[events.length - 1];
  if (handled.length === 0) return { goodUpTo: last?.position ?? null, failure: null };
  await tx.exec('savepoint roar_batch');
  try {
    await projector.apply(tx, handled, { schema, logger });
    await tx.exec('release savepoint roar_batch');
    return { goodUpTo: last?.position ?? null, failure: null };
  } catch (error) {
    await tx.exec('rollback to savepoint roar_batch');
    logger.warn({ err: error, projector: projector.name, events: handled.length }, 'batch failed; applying event by event to find the event');
  }
  let goodUpTo: Position | null = null;
  for (const event of events) {
    if (handlesType(projector, event.type)) {
      await tx.exec('savepoint roar_event');
      try {
        await projector.apply(tx, [event], { schema, logger });
        await tx.exec('release savepoint roar_event');
      } catch (error) {
        await tx.exec('rollback to savepoint roar_event');
        logger.error({ err: error, projector: projector.name, eventId: event.id, type: event.type }, 'projector stopped: it cannot apply this event');
        return { goodUpTo, failure: failedEvent(event, error) };
      }
    }
    goodUpTo = event.position;
  }
  return { goodUpTo, failure: null };
}

/**
 * Applies the handled events of a batch, and when one still fails on its own, skips it with a log
 * line. Only verify uses it, on its scratch schema: the live projector stops instead (see
 * applyBatchWithCheckpoint), and verify reports that stop from the checkpoint.
 */
export async function applyTolerant(tx: Sql, projector: Projector, events: readonly RecordedEvent[], schema: string, logger: Logger): Promise<void> {
  let rest = events;
  for (;;) {
    const outcome = await applyStrict(tx, projector, rest, schema, logger);
    if (!outcome.failure) return;
    const failedAt = rest.findIndex((e) => e.id === outcome.failure?.id);
    rest = rest.slice(failedAt + 1);
  }
}

/**
 * One batch into `read`, with the checkpoint in the same transaction (exactly-once effect). The
 * checkpoint row is locked first and must still be `expected`: a stale instance, or one whose
 * checkpoint a rebuild reset, fails instead of writing twice. Returns the new checkpoint. When an
 * event cannot be applied, the events before it commit with the checkpoint just before it and the
 * failure is stored on the checkpoint row (status, /ready, console), then ProjectorEventFailedError
 * is thrown after the commit by `commitBatch`.
 */
export async function applyBatchWithCheckpoint(
  tx: Sql,
  projector: Projector,
  events: readonly RecordedEvent[],
  expected: Position,
  logger: Logger,
): Promise<{ position: Position; failure: FailedEvent | null }> {
  const stored = await lockCheckpoint(tx, projector.name, 'update');
  if (!stored || comparePositions(stored.position, expected) !== 0 || stored.version !== projector.version) {
    throw new CheckpointMovedError(`checkpoint of ${projector.name} moved under this instance`);
  }
  const fresh = events.filter((e) => comparePositions(e.position, expected) > 0);
  if (fresh.length === 0) return { position: expected, failure: null };
  const { goodUpTo, failure } = await applyStrict(tx, projector, fresh, READ_SCHEMA, logger);
  const position = goodUpTo ?? expected;
  if (goodUpTo) await writeCheckpoint(tx, projector.name, goodUpTo, projector.version);
  if (failure) await recordFailure(tx, projector.name, failure);
  return { position, failure };
}

/**
 * A read model's transaction does not wait for its commit to reach the disk (PostgreSQL): the read
 * model and its checkpoint commit together or not at all, so a crash can lose only the newest
 * batches, and the projector applies them again from the log. The wait for the disk is the one a
 * member's request would otherwise sit through twice (the append, then the projection). Set with
 * BEGIN in one round trip (`lazyCommit`). On PGlite the setting is left alone: its one connection
 * serves the appends too.
 */
const LAZY_COMMIT = { lazyCommit: true } as const;

/**
 * One batch and its checkpoint in one transaction. The usual case takes the short way: apply, then
 * move the checkpoint from `expected` (no row moved: someone else did, and it all rolls back). Only
 * when that fails does it go the careful way, applyBatchWithCheckpoint in a new transaction (lock
 * first, savepoints, find the event), and throw ProjectorEventFailedError after committing what
 * came before the event it cannot apply.
 */
export async function commitBatch(
  s: Sql,
  projector: Projector,
  events: readonly RecordedEvent[],
  expected: Position,
  logger: Logger,
): Promise<Position> {
  const fresh = events.filter((e) => comparePositions(e.position, expected) > 0);
  const last = fresh[fresh.length - 1];
  if (!last) return expected;
  try {
    await s.transaction(async (tx) => {
      const handled = fresh.filter((e) => handlesType(projector, e.type));
      if (handled.length > 0) await projector.apply(tx, handled, { schema: READ_SCHEMA, logger });
      if (!(await advanceCheckpoint(tx, projector.name, expected, last.position, projector.version))) {
        throw new CheckpointMovedError(`checkpoint of ${projector.name} moved under this instance`);
      }
    }, LAZY_COMMIT);
    return last.position;
  } catch (error) {
    if (error instanceof CheckpointMovedError) throw error;
    logger.debug({ err: error, projector: projector.name }, 'batch failed; applying it again the careful way');
  }
  const { position, failure } = await s.transaction((tx) => applyBatchWithCheckpoint(tx, projector, events, expected, logger), LAZY_COMMIT);
  if (failure) throw new ProjectorEventFailedError(projector.name, failure);
  return position;
}

export async function truncateTables(tx: Sql, projector: Projector, schema: string): Promise<void> {
  if (projector.tables.length === 0) return;
  await tx.exec(`truncate ${projector.tables.map((t) => `${ident(schema)}.${ident(t.name)}`).join(', ')}`);
}

export async function dropTables(tx: Sql, projector: Projector, schema: string): Promise<void> {
  for (const t of projector.tables) await tx.exec(`drop table if exists ${ident(schema)}.${ident(t.name)} cascade`);
}
