import { positionFromString, type Position, type Sql } from '@roar/platform';
import { listCheckpoints } from './checkpoints';

/** How far one subscriber's stored checkpoint is behind the head of the log. */
export interface CheckpointLag {
  readonly name: string;
  readonly kind: 'read model' | 'reactor';
  /** The read model's version (null for a reactor). */
  readonly version: number | null;
  readonly position: Position;
  readonly updatedAt: string;
  /** Events in the log after the stored checkpoint: 0 is "at head". */
  readonly behind: number;
}

async function eventsAfter(sql: Sql, position: Position): Promise<number> {
  const r = await sql.query<{ n: string }>(
    'select count(*)::text as n from es.events where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)',
    [String(position.commit), String(position.prepare)],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Every read model's and every reactor's stored checkpoint with the events after it, as `npm run
 * projections -- status` prints them. The stored checkpoint is what another process sees: an idle
 * subscriber writes the one it deferred over ignored events once the log is quiet, so "behind" here
 * means it still has events to read.
 */
export async function checkpointLags(sql: Sql): Promise<CheckpointLag[]> {
  const lags: CheckpointLag[] = [];
  for (const c of await listCheckpoints(sql)) {
    lags.push({
      name: c.name,
      kind: 'read model',
      version: c.version,
      position: c.position,
      updatedAt: c.updatedAt,
      behind: await eventsAfter(sql, c.position),
    });
  }
  const jobs = await sql.query<{ t: string | null }>("select to_regclass('jobs.reactor_checkpoints')::text as t");
  if (jobs.rows[0]?.t) {
    const reactors = await sql.query<{ reactor: string; position: string; updated_at: unknown }>(
      'select reactor, position, updated_at from jobs.reactor_checkpoints order by reactor',
    );
    for (const row of reactors.rows) {
      const position = positionFromString(row.position);
      const updatedAt = new Date(row.updated_at instanceof Date ? row.updated_at.toISOString() : String(row.updated_at)).toISOString();
      lags.push({ name: row.reactor, kind: 'reactor', version: null, position, updatedAt, behind: await eventsAfter(sql, position) });
    }
  }
  return lags;
}

export const describeLag = (lag: Pick<CheckpointLag, 'behind'>): string =>
  lag.behind === 0 ? 'at head' : `${lag.behind} event${lag.behind === 1 ? '' : 's'} behind`;
