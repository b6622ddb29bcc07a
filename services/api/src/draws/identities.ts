import type { EntrantIdentity } from '@roar/domain';
import type { Sql } from '@roar/platform';

/**
 * Who each pseudonymous entrant id of a closed draw stands for (`member:<id>` / `team:<id>` and
 * its member ids), written when the entries close so drawing a winner reads one row instead of
 * replaying the log. Private to the draw module, next to draw.secrets: until the salt is revealed
 * the ids must not be linkable to members. The audit never reads it (it replays the log itself).
 */
const migrated = new WeakSet<Sql>();

async function migrate(sql: Sql): Promise<void> {
  if (migrated.has(sql)) return;
  await sql.exec(`
    create schema if not exists draw;
    create table if not exists draw.entrant_identities (
      prize_id text not null, entrant_id text not null, entrant_key text not null, member_ids jsonb not null,
      primary key (prize_id, entrant_id));`);
  migrated.add(sql);
}

/**
 * Adds `entrants` to the draw's mapping in one statement. A row maps HMAC(salt, key) to its key,
 * which holds whichever close of the draw wins, so rows are only ever added (a conflicting row is
 * the same mapping and kept): a close running beside another, or failing, cannot remove the rows
 * of the close that won. One statement over arrays rather than chunks: one round trip, one plan.
 */
export async function recordEntrantIdentities(sql: Sql, prizeId: string, entrants: readonly (EntrantIdentity & { entrantId: string })[]): Promise<void> {
  await migrate(sql);
  if (entrants.length === 0) return;
  await sql.query(
    `insert into draw.entrant_identities (prize_id, entrant_id, entrant_key, member_ids)
     select $1, e.id, e.key, e.members::jsonb from unnest($2::text[], $3::text[], $4::text[]) as e(id, key, members)
     on conflict (prize_id, entrant_id) do nothing`,
    [prizeId, entrants.map((e) => e.entrantId), entrants.map((e) => e.key), entrants.map((e) => JSON.stringify(e.memberIds))],
  );
}

/** The identity behind one entrant id, or null when the draw has no such row (e.g. closed before the table existed). */
export async function readEntrantIdentity(sql: Sql, prizeId: string, entrantId: string): Promise<EntrantIdentity | null> {
  await migrate(sql);
  const r = await sql.query<{ entrant_key: string; member_ids: unknown }>(
    'select entrant_key, member_ids from draw.entrant_identities where prize_id = $1 and entrant_id = $2',
    [prizeId, entrantId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const memberIds: unknown = typeof row.member_ids === 'string' ? JSON.parse(row.member_ids) : row.member_ids;
  return { key: row.entrant_key, memberIds: Array.isArray(memberIds) ? memberIds.filter((m): m is string => typeof m === 'string') : [] };
}
