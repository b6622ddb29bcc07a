import type { AppContext } from '../context';

/**
 * Placeholder readers until the permits branch merges its compliance rules (shared22.md): the
 * national figures from research/trade-promotions.md. At merge the permits branch's rules module
 * replaces these bodies with `rulesInForce(rules, clubDay)` reads.
 */

/** Unclaimed prizes are redrawn at least this many months after the draw. */
export function unclaimedRedrawMonths(_app: AppContext): Promise<number> {
  return Promise.resolve(2);
}

/** Draw records are kept at least this many years. */
export function recordsRetentionYears(_app: AppContext): Promise<number> {
  return Promise.resolve(3);
}
