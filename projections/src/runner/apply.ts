import { comparePositions, ident, type Logger, type Position, type RecordedEvent, type Sql } from '@roar/platform';
import { lockCheckpoint, writeCheckpoint } from './checkpoints';
import { handlesType, READ_SCHEMA, type Projector } from './projector';

/** The stored checkpoint is not where this instance left it: someone else moved it (rebuild). */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
}

/**
 * Applies the handled events of a batch. When the whole batch fails (a constraint an odd event
 * breaks), it retries event by event behind savepoints and skips, with a log line, only the ones
 * that still fail: one bad event never stops the projector. A broken connection fails every
 * retry too and is thrown, so the caller resubscribes.
 */
export async function applyTolerant(tx: Sql, projector: Projector, events: readonly RecordedEvent[], schema: string, logger: Logger): Promise<void> {
  const handled = events.filter((e) => handlesType(projector, e.type));
  if (handled.length === 0) return;
  await tx.exec('savepoint roar_batch');
  try {
    await projector.apply(tx, handled, { schema, logger });
    await tx.exec('release savepoint roar_batch');
    return;
  } catch (error) {
    await tx.exec('rollback to savepoint roar_batch');
    logger.warn({ err: error, projector: projector.name, events: handled.length }, 'batch failed; applying event by event');
  }
  for (const event of handled) {
    await tx.exec('savepoint roar_event');
    try {
      await projector.apply(tx, [event], { schema, logger });
      await tx.exec('release savepoint roar_event');
    } catch (error) {
      await tx.exec('rollback to savepoint roar_event');
      logger.error({ err: error, projector: projector.name, eventId: event.id, type: event.type }, 'event skipped: apply failed');
    }
  }
}

/**
 * One batch into `read`, with the checkpoint in the same transaction (exactly-once effect). The
 * checkpoint row is locked first and must still be `expected`: a stale instance, or one whose
 * checkpoint a rebuild reset, fails instead of writing twice. Returns the new checkpoint.
 */
export async function applyBatchWithCheckpoint(
  tx: Sql,
  projector: Projector,
  events: readonly RecordedEvent[],
  expected: Position,
  logger: Logger,
): Promise<Position> {
  const stored = await lockCheckpoint(tx, projector.name, 'update');
  if (!stored || comparePositions(stored.position, expected) !== 0 || stored.version !== projector.version) {
    throw new CheckpointMovedError(`checkpoint of ${projector.name} moved under this instance`);
  }
  const fresh = events.filter((e) => comparePositions(e.position, expected) > 0);
  const last = fresh[fresh.length - 1];
  if (!last) return expected;
  await applyTolerant(tx, projector, fresh, READ_SCHEMA, logger);
  await writeCheckpoint(tx, projector.name, last.position, projector.version);
  return last.position;
}

export async function truncateTables(tx: Sql, projector: Projector, schema: string): Promise<void> {
  if (projector.tables.length === 0) return;
  await tx.exec(`truncate ${projector.tables.map((t) => `${ident(schema)}.${ident(t.name)}`).join(', ')}`);
}

export async function dropTables(tx: Sql, projector: Projector, schema: string): Promise<void> {
  for (const t of projector.tables) await tx.exec(`drop table if exists ${ident(schema)}.${ident(t.name)} cascade`);
}
