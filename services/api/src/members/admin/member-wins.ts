import type { Sql } from '@roar/platform';

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
