/**
 * Issue 22: the sentences a member reads about a draw's pool, their odds and their claim period.
 * Pure, so they are unit-tested (odds.test.ts).
 */

/** 18240 -> "18,240". */
export const formatCount = (n: number): string => Math.max(0, Math.round(n)).toLocaleString('en-AU');

/** "1 in N" rounded as a person would say it: one decimal under 10, whole numbers to 1,000, then three significant figures. */
export function oneIn(mine: number, pool: number): string {
  const n = pool / mine;
  if (n < 10) return String(Math.round(n * 10) / 10);
  if (n < 1000) return formatCount(n);
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 2);
  return formatCount(Math.round(n / magnitude) * magnitude);
}

/**
 * "You hold 50 of 18,240 entries (about 1 in 365)". The pool is refreshed within a minute while
 * the member's own count is read now: a pool below it is read as the member's own count.
 */
export function oddsLine(mine: number, pool: number): string {
  const total = Math.max(pool, mine);
  const noun = total === 1 ? 'entry' : 'entries';
  if (mine <= 0) return `You hold no entries of ${formatCount(total)} in this draw.`;
  return `You hold ${formatCount(mine)} of ${formatCount(total)} ${noun} (about 1 in ${oneIn(mine, total)})`;
}

/** What a visitor reads: "18,240 entries in the draw". */
export const poolLine = (pool: number): string => `${formatCount(pool)} ${pool === 1 ? 'entry' : 'entries'} in the draw`;

export { claimCountdown, type ClaimCountdown } from '../../lib/claim-countdown';
