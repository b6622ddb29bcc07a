import { entrantsOfFold, type EligibilityInput } from '@roar/domain';
import { readEligibilityRows, type PrizeWithDraw } from '@roar/projections';
import type { AppContext } from '../context';
import { minimumEntryAge } from '../compliance/rules';

/**
 * Issue 22: a draw's pool (`entries_total`), every entry that would be drawn. Once entries close it
 * is the committed total; before, the eligibility read model folded under the draw's rule as if the
 * entries closed now, kept for POOL_MAX_AGE_MS so a page view never scans every member.
 */
export const POOL_MAX_AGE_MS = 30_000;

/**
 * The eligibility input of a draw as of `asOf`: rule 2 (open states, minimum age in force) when the draw states its states.
 * `minimumAge`: the rule in force, when the caller has read it already (one read for many draws).
 */
export async function drawEligibilityInput(app: AppContext, row: PrizeWithDraw, asOf: string, minimumAge?: number): Promise<EligibilityInput> {
  const base = { prizeId: row.prize.id, prizeType: row.prize.prize_type_id, asOf };
  const openStates = row.prize.open_states ?? [];
  if (openStates.length === 0) return base;
  return { ...base, ruleVersion: 2, openStates, minimumAge: minimumAge ?? (await minimumEntryAge(app)) };
}

/** As of the close for a closed draw, else now (what would count if entries closed now). */
export function drawAsOf(row: PrizeWithDraw, now: Date): string {
  return row.draw.as_of ?? (now.toISOString() < row.prize.prize_end_date ? now.toISOString() : row.prize.prize_end_date);
}

const isOpen = (row: PrizeWithDraw) => row.draw.status === 'unscheduled' || row.draw.status === 'scheduled';

async function computePool(app: AppContext, row: PrizeWithDraw): Promise<number> {
  const input = await drawEligibilityInput(app, row, drawAsOf(row, app.now()));
  // Every row folded whatever its latest event (no as-of limit on the rows): a pool shown on a page, not a close.
  const { cutoff, fold } = await app.sql.transaction((tx) => readEligibilityRows(tx, input, Number.MAX_SAFE_INTEGER));
  if (!cutoff) return 0;
  return entrantsOfFold(fold, input).reduce((sum, e) => sum + e.tickets, 0);
}

const caches = new WeakMap<AppContext, Map<string, { at: number; pool: Promise<number> }>>();

/** The pool of each draw, by prize id. */
export async function drawPools(app: AppContext, rows: readonly PrizeWithDraw[]): Promise<Map<string, number>> {
  let cache = caches.get(app);
  if (!cache) caches.set(app, (cache = new Map()));
  const now = Date.now();
  const out = new Map<string, number>();
  for (const row of rows) {
    if (!isOpen(row)) {
      out.set(row.prize.id, row.draw.total_tickets);
      continue;
    }
    const key = `${row.prize.id}:${(row.prize.open_states ?? []).join(',')}`;
    let hit = cache.get(key);
    if (!hit || now - hit.at >= POOL_MAX_AGE_MS) {
      hit = { at: now, pool: computePool(app, row) };
      cache.set(key, hit);
      // A failed read is not kept: the next page view tries again.
      hit.pool.catch(() => cache.delete(key));
    }
    out.set(
      row.prize.id,
      await hit.pool.catch((err: unknown) => {
        app.logger.warn({ err, prizeId: row.prize.id }, 'draw pool: the eligibility read model did not answer');
        return 0;
      }),
    );
  }
  return out;
}
