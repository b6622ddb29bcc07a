import { PRIZE_EVENT_TYPES, type PrizeEvent } from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { createTableSql, decodeAll, loadRows, occurredAt, upsertRows, type Columns } from '../members/table';
import type { ApplyContext, Projector } from '../runner/projector';
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
    create table if not exists ${s}.draw_entrants (
      prize_id text not null, entrant_id text not null, position integer not null, tickets bigint not null, first_ticket bigint not null,
      primary key (prize_id, entrant_id));
    create index if not exists draw_entrants_position on ${s}.draw_entrants (prize_id, position);
  `);
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
function applyOne(prizes: Map<string, PrizeRow>, draws: Map<string, DrawRow>, e: RecordedEvent, ctx: ApplyContext): { prizeId: string; entrants?: [string, number][]; page?: number } | null {
  const event = { type: e.type, data: e.data } as PrizeEvent;
  const prizeId = event.data.prizeId;
  const at = occurredAt(e);
  if (event.type === 'PrizeCreated') {
    prizes.set(prizeId, { id: prizeId, status: 'draft', ...event.data.fields, created_at: at, updated_at: at, prize_end_date: new Date(event.data.fields.prize_end_date).toISOString() });
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
      return { prizeId, entrants: event.data.entrants, page: event.data.page };
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
      const winner: WinnerEntry = { k, ticket, entrant_id: entrantId, member_ids: memberIds, drawn_at: at, notified: false, claimed_by: null, redrawn_reason: null };
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
  // The frozen list's rows as columns (one array per column): 100,000 entrants bind as five arrays
  // instead of one JSON document of 100,000 objects, and the ranges run on per prize in page order.
  const rows = { prize: [] as string[], entrant: [] as string[], position: [] as number[], tickets: [] as number[], first: [] as number[] };
  const next = new Map<string, { first: number; position: number }>();
  for (const e of decoded) {
    const out = applyOne(prizes, draws, e, ctx);
    if (!out?.entrants || out.page === undefined) continue;
    let at = next.get(out.prizeId);
    if (!at) {
      // Ranges continue from the previous page: the page's first ticket is the tickets before it.
      const before = await tx.query<{ total: unknown; n: unknown }>(
        `select coalesce(sum(tickets), 0) as total, count(*) as n from ${ident(ctx.schema)}.draw_entrants where prize_id = $1`,
        [out.prizeId],
      );
      at = { first: Number(before.rows[0]?.total ?? 0), position: Number(before.rows[0]?.n ?? 0) };
      next.set(out.prizeId, at);
    }
    for (const [entrantId, tickets] of out.entrants) {
      rows.prize.push(out.prizeId);
      rows.entrant.push(entrantId);
      rows.position.push(at.position);
      rows.tickets.push(tickets);
      rows.first.push(at.first);
      at.first += tickets;
      at.position += 1;
    }
  }
  await upsertRows(tx, ctx.schema, 'prizes', PRIZE_COLUMNS, 'id', [...prizes.values()]);
  await upsertRows(tx, ctx.schema, 'draws', DRAW_COLUMNS, 'prize_id', [...draws.values()].map((d) => ({ ...d, winners: d.winners, beacon: d.beacon })));
  if (rows.entrant.length > 0) {
    await tx.query(
      `insert into ${ident(ctx.schema)}.draw_entrants (prize_id, entrant_id, position, tickets, first_ticket)
       select * from unnest($1::text[], $2::text[], $3::integer[], $4::bigint[], $5::bigint[])
       on conflict do nothing`,
      [rows.prize, rows.entrant, rows.position, rows.tickets, rows.first],
    );
  }
}

export const prizesProjector: Projector = {
  name: 'prizes',
  /** 2: the draw's beacon keeps the whole drand schedule and the revealed round's signature. */
  version: 2,
  tables: [
    { name: 'prizes', primaryKey: ['id'] },
    { name: 'draws', primaryKey: ['prize_id'] },
    { name: 'draw_entrants', primaryKey: ['prize_id', 'entrant_id'] },
  ],
  handles: PRIZE_EVENT_TYPES,
  migrate,
  apply,
};
