import { positionFromString, positionToString, START, type Position, type Sql } from '@roar/platform';

export async function loadCheckpoint(sql: Sql, reactor: string): Promise<Position> {
  const r = await sql.query<{ position: string }>('select position from jobs.reactor_checkpoints where reactor = $1', [reactor]);
  const row = r.rows[0];
  return row ? positionFromString(row.position) : START;
}

export async function saveCheckpoint(sql: Sql, reactor: string, position: Position): Promise<void> {
  await sql.query(
    `insert into jobs.reactor_checkpoints (reactor, position) values ($1, $2)
     on conflict (reactor) do update set position = excluded.position, updated_at = now()`,
    [reactor, positionToString(position)],
  );
}
