import type { Logger, RecordedEvent, Sql } from '@roar/platform';

/** A table a projector owns, with its primary key: verify diffs row by row on that key. */
export interface OwnedTable {
  readonly name: string;
  readonly primaryKey: readonly string[];
}

export interface ApplyContext {
  /** `read` for the live read models; a scratch schema while verifying. */
  readonly schema: string;
  readonly logger: Logger;
}

/**
 * One read model. The runner hands `apply` a whole batch (only the types in `handles`) inside the
 * transaction that also moves the checkpoint, so a projector can write one multi-row statement per
 * batch. Every SQL statement takes the schema through `ident()`: verify replays into a scratch one.
 * Odd but valid events are handled on purpose (clamped, defaulted, or skipped with a log line,
 * written down beside the handler). An event that cannot be applied (it does not decode, the
 * table cannot hold it) throws: the runner stops this projector at that event and reports it in
 * its status, /ready and the staff console, and the other projectors carry on.
 */
export interface Projector {
  /** Lower-case identifier: names the checkpoint, the advisory lock and the scratch schema. */
  readonly name: string;
  /** Bump it when the tables or the handlers change meaning: the daemon rebuilds on start. */
  readonly version: number;
  readonly tables: readonly OwnedTable[];
  /** Event types applied; 'all' for every event. The checkpoint moves over the others too. */
  readonly handles: readonly string[] | 'all';
  /**
   * A read model nobody reads right after their own write (the staff event log, the dashboard's
   * counts) gathers events for up to this long after each batch it writes, so a busy evening writes
   * it once per interval rather than once per event. A request waiting for it cuts the gathering
   * short, so no wait is longer for it.
   */
  readonly gatherMs?: number;
  /** Creates the tables (if absent) in `schema`, which already exists. */
  migrate(tx: Sql, schema: string): Promise<void>;
  apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void>;
}

export function handlesType(projector: Projector, type: string): boolean {
  return projector.handles === 'all' || projector.handles.includes(type);
}

/** The read-model schema every query reads. */
export const READ_SCHEMA = 'read';
