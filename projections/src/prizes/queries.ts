import type { Sql } from '@roar/platform';
import { drawEntrantRowSchema, drawRowSchema, prizeRowSchema, type DrawEntrantRow, type DrawRow, type PrizeRow } from './rows';

/** A prize with its draw; read models are eventually consistent with the draw stream. */
export interface PrizeWithDraw {
  readonly prize: PrizeRow;
  readonly draw: DrawRow;
}

function pair(row: { prize: unknown; draw: unknown }): PrizeWithDraw {
  const prize = prizeRowSchema.parse(row.prize);
  const draw = row.draw ? drawRowSchema.parse(row.draw) : drawRowSchema.parse({ prize_id: prize.id, status: 'unscheduled', method: null, commitment: null, beacon: null, list_hash: null, entrant_count: 0, total_tickets: 0, cutoff_position: null, as_of: null, eligibility_rule_version: null, randomness: null, entrant_salt: null, seed: null, winners: [], next_k: 0, display: null, scheduled_at: null, closed_at: null, drawn_at: null, published_at: null });
  return { prize, draw };
}

export async function listPrizes(sql: Sql, filter: { statuses?: readonly string[]; ids?: readonly string[] } = {}): Promise<PrizeWithDraw[]> {
  const r = await sql.query<{ prize: unknown; draw: unknown }>(
    `select to_jsonb(p) as prize, to_jsonb(d) as draw from read.prizes p left join read.draws d on d.prize_id = p.id
     where ($1::text[] is null or p.status = any($1::text[])) and ($2::text[] is null or p.id = any($2::text[]))
     order by p.prize_end_date, p.id`,
    [filter.statuses ?? null, filter.ids ?? null],
  );
  return r.rows.map(pair);
}

export async function getPrize(sql: Sql, idOrSlug: string): Promise<PrizeWithDraw | null> {
  const r = await sql.query<{ prize: unknown; draw: unknown }>(
    `select to_jsonb(p) as prize, to_jsonb(d) as draw from read.prizes p left join read.draws d on d.prize_id = p.id
     where p.id = $1 or p.slug = $1 order by (p.id = $1) desc limit 1`,
    [idOrSlug],
  );
  return r.rows[0] ? pair(r.rows[0]) : null;
}

export async function listDrawEntrants(sql: Sql, prizeId: string, page: { offset: number; limit: number }): Promise<{ rows: DrawEntrantRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    sql.query<{ row: unknown }>('select to_jsonb(e) as row from read.draw_entrants e where prize_id = $1 order by position limit $2 offset $3', [prizeId, page.limit, page.offset]),
    sql.query<{ n: unknown }>('select count(*) as n from read.draw_entrants where prize_id = $1', [prizeId]),
  ]);
  return { rows: rows.rows.map(({ row }) => drawEntrantRowSchema.parse(row)), total: Number(total.rows[0]?.n ?? 0) };
}
