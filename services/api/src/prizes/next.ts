import type { Sql } from '@roar/platform';
import { listPrizes, type PrizeWithDraw } from '@roar/projections';

/**
 * The published prize whose entries close next and are still open: the next giveaway a member
 * sees, and the draw a single entry bought now is bound to. Read from the read model (eventually
 * consistent: a prize published a moment ago may not be offered yet).
 */
export async function nextOpenPrize(sql: Sql, now: Date): Promise<PrizeWithDraw | null> {
  const at = now.toISOString();
  const rows = await listPrizes(sql, { statuses: ['published'] });
  return rows.find((r) => r.prize.prize_end_date > at && (r.draw.status === 'unscheduled' || r.draw.status === 'scheduled')) ?? null;
}
