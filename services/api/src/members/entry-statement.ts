import type { EntryStatementAnswer, EntryStatementLine, EntryStatementMonth } from '@roar/contracts/members';
import { clubMonth } from '@roar/contracts/time';
import { entriesStreamId, formatTicketRanges, memberStanding, memberStreamId, type TicketRange } from '@roar/domain';
import { getEntryTotal, listEntryGrants, listPrizes } from '@roar/projections';
import type { AppContext } from '../context';

/** As of the close for a closed draw, else now (what would count if entries closed now), as `/api/user-draws` reads it. */
function asOfFor(drawAsOf: string | null, prizeEnd: string, now: Date): string {
  return drawAsOf ?? (now.toISOString() < prizeEnd ? now.toISOString() : prizeEnd);
}

const covers = (ranges: readonly TicketRange[], first: number, last: number): boolean => ranges.some((r) => r.first <= first && last <= r.last);

/**
 * The member's entry statement (issue 23): the ledger grouped by the club's month, newest month
 * first, each line in the order it happened. A line's draws are those whose standing (the
 * eligibility rule, as `/api/user-draws` computes it) holds the line's ticket numbers: a plan's
 * stacked entries count in each draw while the membership lasts, a single entry only in its own.
 */
export async function entryStatement(app: AppContext, memberId: string): Promise<EntryStatementAnswer['data']> {
  const [total, grants, prizes, member, entries] = await Promise.all([
    getEntryTotal(app.sql, memberId),
    listEntryGrants(app.sql, memberId),
    listPrizes(app.sql, { statuses: ['published', 'archived'] }),
    app.store.readStream(memberStreamId(memberId)),
    app.store.readStream(entriesStreamId(memberId)),
  ]);
  const events = [...member, ...entries].map((e) => ({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt }));
  const now = app.now();
  const standings = prizes
    .filter((p) => p.prize.prize_type_id !== 'team')
    .sort((a, b) => a.prize.prize_end_date.localeCompare(b.prize.prize_end_date))
    .map((p) => ({
      title: p.prize.title,
      ranges: memberStanding(events, memberId, {
        prizeId: p.prize.id,
        prizeType: p.prize.prize_type_id,
        asOf: asOfFor(p.draw.as_of, p.prize.prize_end_date, now),
      }).ranges,
    }));
  const months = new Map<string, EntryStatementMonth & { lines: EntryStatementLine[] }>();
  for (const g of grants) {
    const key = clubMonth(g.occurred_at);
    let month = months.get(key);
    if (!month) {
      month = { month: key, granted: 0, revoked: 0, lines: [] };
      months.set(key, month);
    }
    if (g.count >= 0) month.granted += g.count;
    else month.revoked -= g.count;
    const numbered = g.count > 0 && g.first_ticket !== null && g.last_ticket !== null;
    month.lines.push({
      id: g.id,
      occurred_at: g.occurred_at,
      source: g.source,
      count: g.count,
      reason: g.reason,
      tickets: numbered ? formatTicketRanges([{ first: g.first_ticket!, last: g.last_ticket! }]) : null,
      draws: numbered ? standings.filter((s) => covers(s.ranges, g.first_ticket!, g.last_ticket!)).map((s) => s.title) : [],
    });
  }
  return { total: total.total, months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)) };
}
