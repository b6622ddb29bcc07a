import { randomBytes } from 'node:crypto';
import { comparePositions, ident, START, type EventStore, type Logger, type Position, type Sql } from '@roar/platform';
import { applyTolerant } from './apply';
import { listCheckpoints, lockCheckpoint, migrateReadModels, readCheckpoint, type FailedEventRecord } from './checkpoints';
import { READ_SCHEMA, type OwnedTable, type Projector } from './projector';
import { replay, type ReplayOptions } from './replay';

export interface RowDifference {
  readonly table: string;
  /** The primary key of the row, column by column. */
  readonly key: Readonly<Record<string, unknown>>;
  /** missing: a clean replay has it, the live table does not; extra: the reverse. */
  readonly kind: 'missing' | 'extra' | 'different';
  /** For `different`: the columns whose values differ. */
  readonly columns: readonly string[];
  readonly expected: Readonly<Record<string, unknown>> | null;
  readonly actual: Readonly<Record<string, unknown>> | null;
}

export interface VerifyReport {
  readonly projector: string;
  /** The live checkpoint both sides were compared at. */
  readonly position: Position;
  readonly events: number;
  readonly tables: readonly { name: string; liveRows: number; expectedRows: number; differences: number }[];
  /** Up to `maxReported` differing rows; `differenceCount` counts them all. */
  readonly differences: readonly RowDifference[];
  readonly differenceCount: number;
  /**
   * The event the live projector stopped at because it cannot apply it: the log holds it, the read
   * model does not (and nothing after it). Not ok while set.
   */
  readonly stoppedAt: FailedEventRecord | null;
  readonly ok: boolean;
}

export interface VerifyArgs extends ReplayOptions {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly projector: Projector;
  readonly logger: Logger;
  readonly maxReported?: number;
}

type Json = Record<string, unknown>;

async function diffTable(tx: Sql, table: OwnedTable, scratch: string, limit: number) {
  const live = `${ident(READ_SCHEMA)}.${ident(table.name)}`;
  const expected = `${ident(scratch)}.${ident(table.name)}`;
  const on = table.primaryKey.map((k) => `l.${ident(k)} = s.${ident(k)}`).join(' and ');
  const k0 = ident(table.primaryKey[0] ?? 'id');
  const from = `from ${live} l full join ${expected} s on ${on}
    where l.${k0} is null or s.${k0} is null or to_jsonb(l) is distinct from to_jsonb(s)`;
  const rows = await tx.query<{ live: Json | null; expected: Json | null }>(
    `select to_jsonb(l) as live, to_jsonb(s) as expected ${from} order by coalesce(l.${k0}, s.${k0}) limit $1`,
    [limit],
  );
  const counts = await tx.query<{ diffs: unknown; live_rows: unknown; expected_rows: unknown }>(
    `select (select count(*) ${from}) as diffs, (select count(*) from ${live}) as live_rows, (select count(*) from ${expected}) as expected_rows`,
  );
  const differences = rows.rows.map((r): RowDifference => {
    const source = r.expected ?? r.live ?? {};
    const key = Object.fromEntries(table.primaryKey.map((k) => [k, source[k]]));
    if (!r.live) return { table: table.name, key, kind: 'missing', columns: [], expected: r.expected, actual: null };
    if (!r.expected) return { table: table.name, key, kind: 'extra', columns: [], expected: null, actual: r.live };
    const live = r.live;
    const exp = r.expected;
    const columns = [...new Set([...Object.keys(live), ...Object.keys(exp)])]
      .filter((c) => JSON.stringify(live[c]) !== JSON.stringify(exp[c]))
      .sort();
    return { table: table.name, key, kind: 'different', columns, expected: exp, actual: live };
  });
  const c = counts.rows[0];
  return { differences, count: Number(c?.diffs ?? 0), liveRows: Number(c?.live_rows ?? 0), expectedRows: Number(c?.expected_rows ?? 0) };
}

/**
 * Replays every event into a scratch schema and diffs each owned table against `read`, row by
 * row on its primary key. The live side is pinned for the diff by share-locking its checkpoint
 * row (the daemon's next commit waits); if the daemon moved on while the scratch side replayed,
 * the scratch side catches up to the new checkpoint first. The scratch schema is always dropped.
 */
export async function verifyProjector(args: VerifyArgs): Promise<VerifyReport> {
  const { sql, store, projector, logger } = args;
  const maxReported = args.maxReported ?? 1000;
  await migrateReadModels(sql, [projector]);
  const scratch = `verify_${projector.name}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  await sql.transaction(async (tx) => {
    await tx.exec(`create schema ${ident(scratch)}`);
    await projector.migrate(tx, scratch);
  });
  try {
    const total = args.countEvents ? await args.countEvents() : null;
    const quiet = logger.child({ verify: scratch });
    const applyScratch = (batch: Parameters<typeof applyTolerant>[2]) => sql.transaction((tx) => applyTolerant(tx, projector, batch, scratch, quiet));
    let target = (await readCheckpoint(sql, projector.name))?.position ?? START;
    let done = await replay(store, START, applyScratch, { ...args, until: target, total });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const result = await sql.transaction(async (tx) => {
        const live = (await lockCheckpoint(tx, projector.name, 'share'))?.position ?? START;
        if (comparePositions(live, target) !== 0) return live;
        const tables = [];
        const differences: RowDifference[] = [];
        for (const table of projector.tables) {
          const d = await diffTable(tx, table, scratch, Math.max(0, maxReported - differences.length));
          differences.push(...d.differences);
          tables.push({ name: table.name, liveRows: d.liveRows, expectedRows: d.expectedRows, differences: d.count });
        }
        const differenceCount = tables.reduce((n, t) => n + t.differences, 0);
        const stoppedAt = (await listCheckpoints(tx)).find((c) => c.name === projector.name)?.failedEvent ?? null;
        return {
          projector: projector.name,
          position: target,
          events: done.events,
          tables,
          differences,
          differenceCount,
          stoppedAt,
          ok: differenceCount === 0 && stoppedAt === null,
        };
      });
      if (!('commit' in result)) return result;
      if (comparePositions(result, done.position) < 0)
        throw new Error(`verify ${projector.name}: the live read model was reset (rebuild) during verify`);
      // The daemon moved on while we replayed: catch the scratch side up, then pin again.
      done = await replay(store, done.position, applyScratch, { ...args, until: result, total, eventsSoFar: done.events });
      target = result;
    }
    throw new Error(`verify ${projector.name}: the live read model kept moving; try again when the load is lower`);
  } finally {
    await sql
      .exec(`drop schema if exists ${ident(scratch)} cascade`)
      .catch((err: unknown) => logger.warn({ err, scratch }, 'could not drop the scratch schema'));
  }
}
