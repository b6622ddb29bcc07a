import { ident, migrateExclusively, START, toBigInt, type Position, type Sql } from '@roar/platform';
import { READ_SCHEMA, type Projector } from './projector';

const T = `${ident(READ_SCHEMA)}.checkpoints`;

export interface Checkpoint {
  readonly position: Position;
  readonly version: number;
}

/** Creates schema `read`, the checkpoints table and every projector's tables; safe to run concurrently. */
export async function migrateReadModels(sql: Sql, projectors: readonly Projector[]): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(`create schema if not exists ${ident(READ_SCHEMA)};
      create table if not exists ${T} (
        projector text primary key,
        position_commit numeric not null,
        position_prepare numeric not null,
        version integer not null,
        updated_at timestamptz not null default now()
      );
      alter table ${T} add column if not exists failed_event jsonb;`);
    for (const p of projectors) await p.migrate(tx, READ_SCHEMA);
  });
}

interface Row {
  position_commit: unknown;
  position_prepare: unknown;
  version: unknown;
}

const toCheckpoint = (r: Row): Checkpoint => ({
  position: { commit: toBigInt(r.position_commit), prepare: toBigInt(r.position_prepare) },
  version: Number(r.version),
});

const COLUMNS = 'position_commit::text as position_commit, position_prepare::text as position_prepare, version';

export async function readCheckpoint(sql: Sql, name: string): Promise<Checkpoint | null> {
  const r = await sql.query<Row>(`select ${COLUMNS} from ${T} where projector = $1`, [name]);
  return r.rows[0] ? toCheckpoint(r.rows[0]) : null;
}

/** Row-locks the checkpoint for the rest of the transaction: `update` by the daemon, `share` by verify. */
export async function lockCheckpoint(tx: Sql, name: string, mode: 'update' | 'share'): Promise<Checkpoint | null> {
  const r = await tx.query<Row>(`select ${COLUMNS} from ${T} where projector = $1 for ${mode}`, [name]);
  return r.rows[0] ? toCheckpoint(r.rows[0]) : null;
}

export async function writeCheckpoint(tx: Sql, name: string, position: Position, version: number): Promise<void> {
  await tx.query(
    `insert into ${T} (projector, position_commit, position_prepare, version, updated_at) values ($1, $2, $3, $4, now())
     on conflict (projector) do update set position_commit = excluded.position_commit,
       position_prepare = excluded.position_prepare, version = excluded.version, updated_at = now(), failed_event = null`,
    [name, String(position.commit), String(position.prepare), version],
  );
}

/** Moves the checkpoint from `from` to `to` when it is still at `from` under `version`; false when it is not (someone else moved it). */
export async function advanceCheckpoint(tx: Sql, name: string, from: Position, to: Position, version: number): Promise<boolean> {
  const r = await tx.query(
    `update ${T} set position_commit = $2, position_prepare = $3, updated_at = now(), failed_event = null
     where projector = $1 and position_commit = $4 and position_prepare = $5 and version = $6`,
    [name, String(to.commit), String(to.prepare), String(from.commit), String(from.prepare), version],
  );
  return r.affectedRows === 1;
}

/** Marks the projector stopped at `event` (cleared by the next checkpoint write: a later batch, a rebuild). */
export async function recordFailure(tx: Sql, name: string, event: FailedEventRecord): Promise<void> {
  await tx.query(`update ${T} set failed_event = $2::jsonb, updated_at = now() where projector = $1`, [name, JSON.stringify(event)]);
}

export const resetCheckpoint = (tx: Sql, name: string, version: number): Promise<void> => writeCheckpoint(tx, name, START, version);

/**
 * Names of the projectors whose checkpoint, written by their current version, has reached
 * `position` (a checkpoint left by an older version is about to be reset, so it does not count).
 */
export async function projectorsAt(sql: Sql, projectors: readonly Pick<Projector, 'name' | 'version'>[], position: Position): Promise<Set<string>> {
  const r = await sql.query<{ projector: string }>(
    `select projector from ${T} c
     join jsonb_to_recordset($1::jsonb) as p(name text, version integer) on p.name = c.projector and p.version = c.version
     where (position_commit, position_prepare) >= ($2::numeric, $3::numeric)`,
    [JSON.stringify(projectors.map((p) => ({ name: p.name, version: p.version }))), String(position.commit), String(position.prepare)],
  );
  return new Set(r.rows.map((row) => row.projector));
}

/** What recordFailure stores: the event a projector stopped at, and why. */
export interface FailedEventRecord {
  readonly id: string;
  readonly type: string;
  readonly streamId: string;
  readonly revision: string;
  readonly position: string;
  readonly error: string;
}

export interface StoredCheckpoint extends Checkpoint {
  readonly name: string;
  readonly updatedAt: string;
  /** The event the projector stopped at, while it cannot apply it. */
  readonly failedEvent: FailedEventRecord | null;
}

export async function listCheckpoints(sql: Sql): Promise<StoredCheckpoint[]> {
  const r = await sql.query<Row & { projector: string; updated_at: unknown; failed_event: unknown }>(
    `select projector, ${COLUMNS}, updated_at, failed_event from ${T} order by projector`,
  );
  return r.rows.map((row) => ({
    ...toCheckpoint(row),
    name: row.projector,
    updatedAt: new Date(String(row.updated_at instanceof Date ? row.updated_at.toISOString() : row.updated_at)).toISOString(),
    failedEvent: toFailedEvent(row.failed_event),
  }));
}

function toFailedEvent(value: unknown): FailedEventRecord | null {
  const v = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const text = (k: string) => (typeof o[k] === 'string' ? o[k] : '');
  return {
    id: text('id'),
    type: text('type'),
    streamId: text('streamId'),
    revision: text('revision'),
    position: text('position'),
    error: text('error'),
  };
}
