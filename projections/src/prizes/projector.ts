import { entryLinesTotals, PRIZE_EVENT_TYPES, type PrizeEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, loadRows, occurredAt, upsertRows, type Columns } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';
import { drawRowSchema, prizeRowSchema, type DrawRow, type PrizeRow, type WinnerEntry } from './rows';

export const PRIZE_COLUMNS: Columns = [
  ['id', 'text'],
  ['status', 'text'],
  ['title', 'text'],
  ['slug', 'text'],
  ['description', 'text'],
  ['hero_image', 'text', 'null'],
  ['hero_image_portrait', 'text', 'null'],
  ['secondary_image_1', 'text', 'null'],
  ['secondary_image_2', 'text', 'null'],
  ['secondary_image_3', 'text', 'null'],
  ['secondary_image_1_portrait', 'text', 'null'],
  ['secondary_image_2_portrait', 'text', 'null'],
  ['secondary_image_3_portrait', 'text', 'null'],
  ['prize_type_id', 'text'],
  ['event_date', 'text', 'null'],
  ['event_participants', 'integer', 'null'],
  ['prize_end_date', 'timestamptz'],
  ['prize_value', 'double precision'],
  ['prize_value_currency', 'text'],
  ['open_states', 'jsonb', 'null'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

export const DRAW_COLUMNS: Columns = [
  ['prize_id', 'text'],
  ['status', 'text'],
  ['method', 'text', 'null'],
  ['commitment', 'text', 'null'],
  ['beacon', 'jsonb', 'null'],
  ['list_hash', 'text', 'null'],
  ['entrant_count', 'integer'],
  ['total_tickets', 'bigint'],
  ['cutoff_position', 'text', 'null'],
  ['as_of', 'timestamptz', 'null'],
  ['eligibility_rule_version', 'integer', 'null'],
  ['randomness', 'text', 'null'],
  ['entrant_salt', 'text', 'null'],
  ['seed', 'text', 'null'],
  ['winners', 'jsonb'],
  ['next_k', 'integer'],
  ['display', 'text', 'null'],
  ['scheduled_at', 'timestamptz', 'null'],
  ['closed_at', 'timestamptz', 'null'],
  ['drawn_at', 'timestamptz', 'null'],
  ['published_at', 'timestamptz', 'null'],
];

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    ${createTableSql(schema, 'prizes', PRIZE_COLUMNS, 'id')};
    create index if not exists prizes_status_end on ${s}.prizes (status, prize_end_date);
    create index if not exists prizes_slug on ${s}.prizes (slug);
    ${createTableSql(schema, 'draws', DRAW_COLUMNS, 'prize_id')};
  `);
  await migrateEntrantPages(tx, schema);
}

/**
 * Rows of the frozen list read from its pages (`p`: rows of draw_entrant_pages), one per entrant:
 * each page's canonical lines split where they are read. `where` narrows the pages first (the
 * export reads two pages at a time, never the whole list).
 */
export function entrantRowsSql(schema: string, where = 'true'): string {
  const s = ident(schema);
  return `select p.prize_id, split_part(l.line, E'\\t', 1) as entrant_id, p.first_position + (l.n - 1)::integer as position,
      split_part(l.line, E'\\t', 2)::bigint as tickets,
      (p.first_ticket + coalesce(sum(split_part(l.line, E'\\t', 2)::bigint) over (partition by p.prize_id, p.page order by l.n rows between unbounded preceding and 1 preceding), 0))::bigint as first_ticket
    from ${s}.draw_entrant_pages p cross join lateral string_to_table(left(p.lines, -1), E'\\n') with ordinality as l(line, n)
    where ${where}`;
}

/**
 * The frozen list's pages as recorded: one row per EntryListRecorded page holding its canonical
 * lines verbatim (`<id>\t<tickets>\n`, 2,000 entrants), with the positions and ticket range it
 * covers; the view draw_entrants splits them into one row per entrant when read. A close writes
 * 50 rows of text, nothing parsed or split on the way in (it is waited for by the close).
 */
async function migrateEntrantPages(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  // Versions 2 and 3 kept the list as rows or as arrays: both are dropped (the rebuild refills them).
  const old = await tx.query<{ relname: string; kind: string }>(
    `select c.relname, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname in ('draw_entrants', 'draw_entrant_pages')`,
    [schema],
  );
  const arrays = await tx.query<{ n: unknown }>(
    `select count(*) as n from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = 'draw_entrant_pages' and a.attname = 'entrant_ids' and not a.attisdropped`,
    [schema],
  );
  const entrants = old.rows.find((r) => r.relname === 'draw_entrants');
  if (entrants?.kind === 'r') await tx.exec(`drop table ${s}.draw_entrants`);
  if (Number(arrays.rows[0]?.n ?? 0) > 0) await tx.exec(`drop view if exists ${s}.draw_entrants; drop table ${s}.draw_entrant_pages`);
  await tx.exec(`
    create table if not exists ${s}.draw_entrant_pages (
      prize_id text not null, page integer not null, first_position integer not null, end_position integer not null,
      first_ticket bigint not null, end_ticket bigint not null, lines text not null,
      primary key (prize_id, page));
    alter table ${s}.draw_entrant_pages alter column lines set storage external;
    drop view if exists ${s}.draw_entrants;
    create view ${s}.draw_entrants as ${entrantRowsSql(schema)};`);
}

function emptyDraw(prizeId: string): DrawRow {
  return {
    prize_id: prizeId,
    status: 'unscheduled',
    method: null,
    commitment: null,
    beacon: null,
    list_hash: null,
    entrant_count: 0,
    total_tickets: 0,
    cutoff_position: null,
    as_of: null,
    eligibility_rule_version: null,
    randomness: null,
    entrant_salt: null,
    seed: null,
    winners: [],
    next_k: 0,
    display: null,
    scheduled_at: null,
    closed_at: null,
    drawn_at: null,
    published_at: null,
  };
}

function updateLast(winners: readonly WinnerEntry[], change: Partial<WinnerEntry>): WinnerEntry[] {
  const out = [...winners];
  const last = out[out.length - 1];
  if (last) out[out.length - 1] = { ...last, ...change };
  return out;
}

/** Applies one event to the loaded rows; unknown prizes are skipped (logged), never thrown. */
function applyOne(
  prizes: Map<string, PrizeRow>,
  draws: Map<string, DrawRow>,
  e: RecordedEvent,
  ctx: ApplyContext,
): { prizeId: string; lines?: string; page?: number } | null {
  const event = { type: e.type, data: e.data } as PrizeEvent;
  const prizeId = event.data.prizeId;
  const at = occurredAt(e);
  if (event.type === 'PrizeCreated') {
    prizes.set(prizeId, {
      id: prizeId,
      status: 'draft',
      ...event.data.fields,
      open_states: event.data.fields.open_states ?? null,
      created_at: at,
      updated_at: at,
      prize_end_date: new Date(event.data.fields.prize_end_date).toISOString(),
    });
    draws.set(prizeId, draws.get(prizeId) ?? emptyDraw(prizeId));
    return { prizeId };
  }
  const prize = prizes.get(prizeId);
  const draw = draws.get(prizeId);
  if (!prize || !draw) {
    ctx.logger.warn({ eventId: e.id, type: e.type, prizeId }, 'prizes: event for an unknown prize skipped');
    return null;
  }
  const setDraw = (change: Partial<DrawRow>) => draws.set(prizeId, { ...draw, ...change });
  switch (event.type) {
    case 'PrizeUpdated': {
      const changes = { ...event.data.changes };
      if (changes.prize_end_date) changes.prize_end_date = new Date(changes.prize_end_date).toISOString();
      prizes.set(prizeId, { ...prize, ...changes, updated_at: at });
      break;
    }
    case 'PrizePublished':
      prizes.set(prizeId, { ...prize, status: 'published', updated_at: at });
      break;
    case 'PrizeArchived':
      prizes.set(prizeId, { ...prize, status: 'archived', updated_at: at });
      break;
    case 'DrawScheduled':
      setDraw({ status: 'scheduled', method: event.data.method, commitment: event.data.commitment, beacon: event.data.beacon, scheduled_at: at });
      break;
    case 'EntryListRecorded':
      return { prizeId, lines: event.data.lines, page: event.data.page };
    case 'EntriesClosed': {
      const d = event.data;
      setDraw({
        status: 'closed',
        list_hash: d.listHash,
        entrant_count: d.entrantCount,
        total_tickets: d.totalTickets,
        cutoff_position: d.cutoffPosition,
        as_of: new Date(d.asOf).toISOString(),
        eligibility_rule_version: d.eligibilityRuleVersion,
        closed_at: at,
      });
      break;
    }
    case 'RandomnessRevealed': {
      const round = event.data.beacon;
      const beacon = round && draw.beacon ? { ...draw.beacon, signature: round.signature, previousSignature: round.previousSignature } : draw.beacon;
      setDraw({ randomness: event.data.randomness, entrant_salt: event.data.entrantSalt, seed: event.data.seed, beacon });
      break;
    }
    case 'WinnerDrawn': {
      const { k, ticket, entrantId, memberIds, nextK } = event.data;
      const winner: WinnerEntry = {
        k,
        ticket,
        entrant_id: entrantId,
        member_ids: memberIds,
        drawn_at: at,
        notified: false,
        claimed_by: null,
        redrawn_reason: null,
      };
      setDraw({ status: 'drawn', winners: [...draw.winners, winner], next_k: nextK, drawn_at: at });
      break;
    }
    case 'WinnerNotified':
      setDraw({ winners: updateLast(draw.winners, { notified: true }) });
      break;
    case 'PrizeClaimed':
      setDraw({ winners: updateLast(draw.winners, { claimed_by: event.data.memberId }) });
      break;
    case 'WinnerRedrawn':
      setDraw({ winners: updateLast(draw.winners, { redrawn_reason: event.data.reason }) });
      break;
    case 'ResultPublished':
      setDraw({ status: 'published', display: event.data.display, published_at: at });
      break;
    default:
      break;
  }
  return { prizeId };
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'prizes');
  if (decoded.length === 0) return;
  const ids = [...new Set(decoded.map((e) => (e.data as { prizeId: string }).prizeId))];
  const prizes = new Map((await loadRows(tx, ctx.schema, 'prizes', 'id', ids, prizeRowSchema, ctx)).map((r) => [r.id, r]));
  const draws = new Map((await loadRows(tx, ctx.schema, 'draws', 'prize_id', ids, drawRowSchema, ctx)).map((r) => [r.prize_id, r]));
  // The frozen list's pages, per prize in log order (decoded, so canonical lines).
  const pages = new Map<string, { page: number; lines: string }[]>();
  for (const e of decoded) {
    const out = applyOne(prizes, draws, e, ctx);
    if (out?.lines === undefined || out.page === undefined) continue;
    const list = pages.get(out.prizeId) ?? [];
    list.push({ page: out.page, lines: out.lines });
    pages.set(out.prizeId, list);
  }
  await upsertRows(tx, ctx.schema, 'prizes', PRIZE_COLUMNS, 'id', [...prizes.values()]);
  await upsertRows(
    tx,
    ctx.schema,
    'draws',
    DRAW_COLUMNS,
    'prize_id',
    [...draws.values()].map((d) => ({ ...d, winners: d.winners, beacon: d.beacon })),
  );
  for (const [prizeId, list] of pages) await insertEntrantPages(tx, ctx.schema, prizeId, list);
}

/**
 * The frozen list's pages, stored as recorded (the lines verbatim): one pass over each page counts
 * its entrants and tickets for the positions and ticket ranges, which run on from the pages already
 * stored for the prize. Each value goes as a text parameter of its own: nothing for the database to
 * parse but the numbers.
 */
async function insertEntrantPages(tx: Sql, schema: string, prizeId: string, list: readonly { page: number; lines: string }[]): Promise<void> {
  const s = ident(schema);
  const before = await tx.query<{ end_position: unknown; end_ticket: unknown }>(
    `select end_position, end_ticket from ${s}.draw_entrant_pages where prize_id = $1 order by page desc limit 1`,
    [prizeId],
  );
  let position = Number(before.rows[0]?.end_position ?? 0);
  let ticket = Number(before.rows[0]?.end_ticket ?? 0);
  const params: unknown[] = [prizeId];
  const values: string[] = [];
  for (const { page, lines } of list) {
    const { entrants: count, tickets } = entryLinesTotals(lines);
    const at = params.length;
    params.push(page, position, position + count, ticket, ticket + tickets, lines);
    values.push(`($1, $${at + 1}::integer, $${at + 2}::integer, $${at + 3}::integer, $${at + 4}::bigint, $${at + 5}::bigint, $${at + 6}::text)`);
    position += count;
    ticket += tickets;
  }
  await tx.query(
    `insert into ${s}.draw_entrant_pages (prize_id, page, first_position, end_position, first_ticket, end_ticket, lines)
     values ${values.join(', ')} on conflict do nothing`,
    params,
  );
}

export const prizesProjector: Projector = withErasure(
  {
    name: 'prizes',
    /**
     * 2: the draw's beacon keeps the whole drand schedule and the revealed round's signature.
     * 3: the frozen list is stored in pages (draw_entrant_pages), read through the view draw_entrants.
     * 4: the pages hold the recorded lines verbatim, split when read.
     * 5: prizes keep the states the draw is open in (open_states, null on prizes from before issue 22).
     */
    version: 5,
    tables: [
      { name: 'prizes', primaryKey: ['id'] },
      { name: 'draws', primaryKey: ['prize_id'] },
      { name: 'draw_entrant_pages', primaryKey: ['prize_id', 'page'] },
    ],
    handles: PRIZE_EVENT_TYPES,
    migrate,
    apply,
  },
  // Issue 24: the published display ("Sam K., QLD") names the last winner (a team's captain), the subject it is sealed under.
  [{ table: 'draws', member: { where: "display is not null and winners -> -1 -> 'member_ids' ->> 0 = $1" }, columns: { display: 'name' } }],
);
