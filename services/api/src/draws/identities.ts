import type { EntrantIdentity } from '@roar/domain';
import type { Sql } from '@roar/platform';

/**
 * Who each pseudonymous entrant id of a closed draw stands for (`member:<id>` / `team:<id>` and
 * its member ids), written when the entries close so drawing a winner reads one row instead of
 * replaying the log. Private to the draw module, next to draw.secrets: until the salt is revealed
 * the ids must not be linkable to members. The audit never reads it (it replays the log itself).
 *
 * Stored in pages of entrants sorted by id (draw.entrant_identity_pages, one row per 2,000
 * entrants with the page's id range): 100,000 entrants are 50 rows, not 100,000 index entries.
 * Draws closed before the pages keep their one row per entrant (draw.entrant_identities), still read.
 */
const migrated = new WeakSet<Sql>();
const PAGE = 2000;

/** Creates the identity tables when missing (the close does it too); readers outside the module call it first. */
export async function migrateEntrantIdentities(sql: Sql): Promise<void> {
  if (migrated.has(sql)) return;
  await sql.exec(`
    create schema if not exists draw;
    create table if not exists draw.entrant_identities (
      prize_id text not null, entrant_id text not null, entrant_key text not null, member_ids jsonb not null,
      primary key (prize_id, entrant_id));
    create table if not exists draw.entrant_identity_pages (
      prize_id text not null, first_entrant_id text collate "C" not null, last_entrant_id text collate "C" not null,
      entrant_ids text[] not null, entrant_keys text[] not null, member_ids jsonb not null,
      primary key (prize_id, first_entrant_id));`);
  migrated.add(sql);
}

/**
 * Adds `entrants` to the draw's mapping. A row maps HMAC(salt, key) to its key, which holds
 * whichever close of the draw wins, so pages are only ever added (`on conflict do nothing`): a
 * close running beside another, or failing, cannot remove the pages of the close that won, and a
 * lookup takes any page that holds the id.
 */
export async function recordEntrantIdentities(sql: Sql, prizeId: string, entrants: readonly (EntrantIdentity & { entrantId: string })[]): Promise<void> {
  await migrateEntrantIdentities(sql);
  if (entrants.length === 0) return;
  // Entrant ids are ASCII hex: the default sort's code-unit order is the "C" collation's byte order.
  const byId = new Map(entrants.map((e) => [e.entrantId, e]));
  const ids = [...byId.keys()].sort();
  await sql.transaction(async (tx) => {
    for (let i = 0; i < ids.length; i += PAGE) {
      const page = ids.slice(i, i + PAGE);
      const rows = page.map((id) => byId.get(id)!);
      await tx.query(
        `insert into draw.entrant_identity_pages (prize_id, first_entrant_id, last_entrant_id, entrant_ids, entrant_keys, member_ids)
         values ($1, $2, $3, $4::text[], $5::text[], $6::jsonb) on conflict do nothing`,
        [prizeId, page[0], page[page.length - 1], page, rows.map((r) => r.key), JSON.stringify(rows.map((r) => r.memberIds))],
      );
    }
  });
}

const toIdentity = (key: string, memberIds: unknown): EntrantIdentity => {
  const parsed: unknown = typeof memberIds === 'string' ? JSON.parse(memberIds) : memberIds;
  return { key, memberIds: Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [] };
};

/** The identity behind one entrant id, or null when the draw has no such row (e.g. closed before the table existed). */
export async function readEntrantIdentity(sql: Sql, prizeId: string, entrantId: string): Promise<EntrantIdentity | null> {
  await migrateEntrantIdentities(sql);
  const paged = await sql.query<{ entrant_key: string | null; member_ids: unknown }>(
    `select p.entrant_keys[p.i] as entrant_key, p.member_ids -> (p.i - 1) as member_ids
     from (select entrant_keys, member_ids, array_position(entrant_ids, $2::text) as i from draw.entrant_identity_pages
           where prize_id = $1 and first_entrant_id <= $2 and last_entrant_id >= $2) p
     where p.i is not null limit 1`,
    [prizeId, entrantId],
  );
  const page = paged.rows[0];
  if (page?.entrant_key) return toIdentity(page.entrant_key, page.member_ids);
  const r = await sql.query<{ entrant_key: string; member_ids: unknown }>(
    'select entrant_key, member_ids from draw.entrant_identities where prize_id = $1 and entrant_id = $2',
    [prizeId, entrantId],
  );
  const row = r.rows[0];
  return row ? toIdentity(row.entrant_key, row.member_ids) : null;
}
