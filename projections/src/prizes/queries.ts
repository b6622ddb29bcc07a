import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import type { Sql } from '@roar/platform';
import { entrantRowsSql } from './projector';
import { drawEntrantRowSchema, drawRowSchema, prizeRowSchema, type DrawEntrantRow, type DrawRow, type PrizeRow } from './rows';

/** A prize with its draw; read models are eventually consistent with the draw stream. */
export interface PrizeWithDraw {
  readonly prize: PrizeRow;
  readonly draw: DrawRow;
}

function pair(row: { prize: unknown; draw: unknown }): PrizeWithDraw {
  const prize = prizeRowSchema.parse(row.prize);
  const draw = row.draw
    ? drawRowSchema.parse(row.draw)
    : drawRowSchema.parse({
        prize_id: prize.id,
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
      });
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

export async function listDrawEntrants(
  sql: Sql,
  prizeId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: DrawEntrantRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    sql.query<{ row: unknown }>('select to_jsonb(e) as row from read.draw_entrants e where prize_id = $1 order by position limit $2 offset $3', [
      prizeId,
      page.limit,
      page.offset,
    ]),
    sql.query<{ n: unknown }>('select count(*) as n from read.draw_entrants where prize_id = $1', [prizeId]),
  ]);
  return { rows: rows.rows.map(({ row }) => drawEntrantRowSchema.parse(row)), total: Number(total.rows[0]?.n ?? 0) };
}

export interface MemberWin {
  readonly prize_id: string;
  readonly title: string;
}

/**
 * The prizes whose winner email went to this member (the draw's winners in read.draws, notified),
 * newest draw first: the Support tab offers exactly these for "resend winner email".
 */
export async function notifiedWins(sql: Sql, memberId: string): Promise<MemberWin[]> {
  const r = await sql.query<{ prize_id: string; title: string }>(
    `select p.id as prize_id, p.title from read.draws d join read.prizes p on p.id = d.prize_id
      where exists (select 1 from jsonb_array_elements(d.winners) w where w->'member_ids' @> jsonb_build_array($1::text) and (w->>'notified')::boolean)
      order by d.drawn_at desc nulls last limit 50`,
    [memberId],
  );
  return r.rows.map((row) => ({ prize_id: String(row.prize_id), title: String(row.title) }));
}

/** The draw's status as the read model knows it, or null when the prize has no draw row. */
export async function drawStatus(sql: Sql, prizeId: string): Promise<string | null> {
  const draw = await sql.query<{ status: string }>('select status from read.draws where prize_id = $1', [prizeId]);
  return draw.rows[0]?.status ?? null;
}

export interface EntrantExportPage {
  readonly prizeId: string;
  /** The last position already exported (from 0), or -1 for the first page. */
  readonly afterPosition: number;
  readonly pageSize: number;
  /**
   * Joins giving each entrant `e` its `member_ids` (jsonb) as `i.member_ids`: the draw module's own
   * identity tables (services/api/src/draws/identities.ts), given the read models' schema.
   */
  readonly entrantMembersSql: (readSchema: string) => string;
}

/**
 * A page of a drawn prize's entrants for the staff export, in list order: position, entrant id,
 * tickets and first ticket (text), the entrant's member ids and its first member's name and email.
 */
export async function entrantExportPage(sql: Sql, page: EntrantExportPage): Promise<Record<string, unknown>[]> {
  const PAGE = page.pageSize;
  // Each entrant's members: from the keys stored at the close, else its own row (older draws).
  const who = `${page.entrantMembersSql('read')} left join read.members m on m.id = i.member_ids->>0`;
  const entrants = entrantRowsSql('read', `p.prize_id = $1 and p.end_position > $2 and p.first_position <= $2 + ${PAGE}`);
  return (
    await sql.query<Record<string, unknown>>(
      `select e.position, e.entrant_id, e.tickets::text as tickets, e.first_ticket::text as first_ticket, i.member_ids, m.firstname, m.lastname, m.email
           from (${entrants}) e ${who} where e.position > $2 order by e.position limit ${PAGE}`,
      [page.prizeId, page.afterPosition],
    )
  ).rows;
}

/**
 * A page of the published draws' winners for the state permit return, by prize id after `afterId`:
 * the prize, its value, the draw date (the club's day), the winner as published and their name.
 */
export async function winnersExportPage(sql: Sql, afterId: string | null, pageSize: number): Promise<Record<string, unknown>[]> {
  const PAGE = pageSize;
  return (
    await sql.query<Record<string, unknown>>(
      `select p.id, p.title, p.prize_value, p.prize_value_currency, to_char(d.drawn_at at time zone '${CLUB_TIME_ZONE}', 'YYYY-MM-DD') as draw_date,
                  d.display, w.member_id, m.firstname, m.lastname
           from read.draws d join read.prizes p on p.id = d.prize_id
           cross join lateral (select x->'member_ids'->>0 as member_id from jsonb_array_elements(d.winners) x where x->>'redrawn_reason' is null order by (x->>'k')::int desc limit 1) w
           left join read.members m on m.id = w.member_id
           where d.status = 'published' and ($1::text is null or p.id > $1) order by p.id limit ${PAGE}`,
      [afterId],
    )
  ).rows;
}
