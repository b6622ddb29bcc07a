import { ENTRY_LIST_PAGE_SIZE as PAGE, memberIdOfEntrantKey, type EntrantIdentity } from '@roar/domain';
import type { Sql } from '@roar/platform';

/**
 * Who each entrant of a closed draw's frozen list stands for (`member:<id>` / `team:<id>` and its
 * member ids), written when the entries close so drawing a winner reads one value instead of
 * replaying the log. Private to the draw module, next to draw.secrets: until the salt is revealed
 * the ids must not be linkable to members. The audit never reads it (it replays the log itself).
 *
 * Rows per frozen list (draw.entrant_lists, keyed by the list's hash and a page of 2,000): the
 * keys one a line in the list's own order, so the entrant at position i is line i % 2000 + 1 of
 * page i / 2000, and the member ids only for a list holding teams (a member key names its member).
 * 100,000 entrants are 50 rows of text written in one statement; the draw reads one. Draws closed
 * before it keep their one row per entrant (draw.entrant_identities).
 */
const migrated = new WeakSet<Sql>();

/** Creates the identity tables when missing (the close does it too); readers outside the module call it first. */
export async function migrateEntrantIdentities(sql: Sql): Promise<void> {
  if (migrated.has(sql)) return;
  await sql.exec(`
    create schema if not exists draw;
    create table if not exists draw.entrant_identities (
      prize_id text not null, entrant_id text not null, entrant_key text not null, member_ids jsonb not null,
      primary key (prize_id, entrant_id));
    create table if not exists draw.entrant_lists (
      prize_id text not null, list_hash text not null, page integer not null, entrant_keys text not null, member_ids jsonb,
      primary key (prize_id, list_hash, page));`);
  // Stored as written, not compressed: compressing 4 MB of keys costs more than it saves on a row read once.
  const compressed = await sql.query<{ n: unknown }>(
    `select count(*) as n from pg_attribute where attrelid = 'draw.entrant_lists'::regclass and attname in ('entrant_keys', 'member_ids') and attstorage <> 'e'`,
  );
  if (Number(compressed.rows[0]?.n ?? 0) > 0) {
    await sql.exec('alter table draw.entrant_lists alter column entrant_keys set storage external, alter column member_ids set storage external');
  }
  migrated.add(sql);
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * Records who stands behind each entrant of the frozen list recorded with `listHash`: `entrants`
 * in the list's order (sorted by entrant id), each with its key and members. Rows are only ever added (`on conflict do nothing`); the draw checks each key it reads
 * against the salt, so a row that did not match its list would be refused, never drawn.
 *
 * A member's key names its one member (`member:<id>`, as the eligibility fold makes it), so a list
 * of member keys only is stored without member ids, each read back from its key. Which kind of
 * list it is comes from the keys alone: at a close the entrants' member-id arrays are 100,000
 * objects the process has not touched since the fold, and reading them took most of this
 * function's time (about 50 ms of 70 at 100,000 entrants, issue 25).
 */
export async function recordEntrantIdentities(sql: Sql, prizeId: string, listHash: string, entrants: readonly EntrantIdentity[]): Promise<void> {
  await migrateEntrantIdentities(sql);
  if (entrants.length === 0) return;
  let teams = false;
  for (let i = 0; i < entrants.length && !teams; i++) teams = memberIdOfEntrantKey(entrants[i]!.key) === null;
  const params: unknown[] = [prizeId, listHash];
  const values: string[] = [];
  for (let page = 0; page * PAGE < entrants.length; page++) {
    const at = params.length;
    const slice = entrants.slice(page * PAGE, (page + 1) * PAGE);
    const keys = slice.map((e) => e.key).join('\n');
    // One line per key, or line i would not be entrant i: counted on the page, not searched per key.
    if (newlines(keys) !== slice.length - 1) throw new Error('entrant keys are one line each: one holds a newline');
    params.push(page, keys, teams ? JSON.stringify(slice.map((e) => e.memberIds)) : null);
    values.push(`($1, $2, $${at + 1}::integer, $${at + 2}::text, $${at + 3}::jsonb)`);
  }
  await sql.query(
    `insert into draw.entrant_lists (prize_id, list_hash, page, entrant_keys, member_ids) values ${values.join(', ')} on conflict do nothing`,
    params,
  );
}

const toIdentity = (key: string, memberIds: unknown): EntrantIdentity => {
  const parsed: unknown = typeof memberIds === 'string' ? JSON.parse(memberIds) : memberIds;
  if (parsed === null || parsed === undefined) {
    const memberId = memberIdOfEntrantKey(key);
    return { key, memberIds: memberId === null ? [] : [memberId] };
  }
  return { key, memberIds: Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [] };
};

/**
 * The identity behind the entrant at `position` (from 0) of the list with `listHash`, or, for a
 * draw closed before the lists (no such row), behind `entrantId`; null when neither is stored.
 * The decider checks it against the salt, so a wrong row is refused, never drawn.
 */
export async function readEntrantIdentity(
  sql: Sql,
  prizeId: string,
  at: { listHash: string; position: number; entrantId: string },
): Promise<EntrantIdentity | null> {
  await migrateEntrantIdentities(sql);
  const listed = await sql.query<{ entrant_key: string; member_ids: unknown }>(
    `select split_part(entrant_keys, E'\\n', $4) as entrant_key, member_ids -> ($4 - 1) as member_ids
     from draw.entrant_lists where prize_id = $1 and list_hash = $2 and page = $3`,
    [prizeId, at.listHash, Math.floor(at.position / PAGE), (at.position % PAGE) + 1],
  );
  const row = listed.rows[0];
  if (row) return row.entrant_key ? toIdentity(row.entrant_key, row.member_ids) : null;
  const r = await sql.query<{ entrant_key: string; member_ids: unknown }>(
    'select entrant_key, member_ids from draw.entrant_identities where prize_id = $1 and entrant_id = $2',
    [prizeId, at.entrantId],
  );
  const old = r.rows[0];
  return old ? toIdentity(old.entrant_key, old.member_ids) : null;
}

/**
 * SQL for an export of a draw's entrants (`e`: rows of read.draw_entrants of one prize, with
 * `position` and `entrant_id`): joins giving each its `member_ids` (jsonb) as `i.member_ids`, from
 * the keys of the draw's recorded list, else from the older per-entrant rows. `$1` is the prize id.
 * The keys are split once a statement and joined by position, not looked up row by row. The
 * projection's export query composes it (`entrantExportPage`) and names its read models' schema.
 */
export const entrantMembersSql = (readSchema: string): string => `
  left join (
    select l.page * ${PAGE} + k.n - 1 as position,
           case when k.key like 'member:%' then jsonb_build_array(substr(k.key, 8)) else l.member_ids -> (k.n - 1)::int end as member_ids
    from draw.entrant_lists l join ${readSchema}.draws d on d.prize_id = l.prize_id and d.list_hash = l.list_hash
    cross join lateral unnest(string_to_array(l.entrant_keys, E'\\n')) with ordinality as k(key, n)
    where l.prize_id = $1) listed on listed.position = e.position
  left join lateral (
    select coalesce(listed.member_ids,
      (select x.member_ids from draw.entrant_identities x where x.prize_id = e.prize_id and x.entrant_id = e.entrant_id)) as member_ids
  ) i on true`;
