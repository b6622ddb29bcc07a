import { DomainError } from '@roar/platform';
import type { FrozenEntryList } from './entry-list';
import { ticketFor, winnerFor } from './select';

/**
 * Drawing one or more winners, and redrawing. The rule an auditor replays:
 * - try k = startK, startK + 1, ...; each k gives one ticket and so one entrant;
 * - an entrant already excluded (an earlier winner, or disqualified) or already drawn in this
 *   call is skipped, and the skip is reported with its k, so the log explains every k used;
 * - stop once `count` winners are found; `nextK` is where a later redraw continues.
 * A redraw of an unclaimed prize is drawWinners(list, seed, 1, {every earlier winner and
 * disqualified entrant}, { startK: nextK of the previous draw }).
 */
export interface DrawnTicket {
  readonly k: number;
  readonly ticket: number;
  readonly entrantId: string;
}

export interface DrawOutcome {
  readonly winners: readonly DrawnTicket[];
  readonly skipped: readonly DrawnTicket[];
  readonly nextK: number;
}

export interface DrawOptions {
  readonly startK?: number;
  /**
   * Give up after this many k without filling `count`: one remaining eligible entrant with one
   * ticket among millions would otherwise take millions of hashes. Part of the rule: an auditor
   * must use the same bound.
   */
  readonly maxDraws?: number;
}

export const DEFAULT_MAX_DRAWS = 100_000;

export function drawWinners(
  list: FrozenEntryList,
  seed: string,
  count: number,
  alreadyExcluded: ReadonlySet<string> = new Set(),
  options: DrawOptions = {},
): DrawOutcome {
  if (!Number.isSafeInteger(count) || count < 1) throw new DomainError('invalid', 'A draw picks at least one winner.', { count });
  const startK = options.startK ?? 0;
  const maxDraws = options.maxDraws ?? DEFAULT_MAX_DRAWS;
  const eligible = list.entrants.reduce((n, e) => (alreadyExcluded.has(e.entrantId) ? n : n + 1), 0);
  if (eligible < count) {
    throw new DomainError('conflict', 'Not enough eligible entrants for this draw.', { eligible, count });
  }
  const chosen = new Set<string>();
  const winners: DrawnTicket[] = [];
  const skipped: DrawnTicket[] = [];
  let k = startK;
  while (winners.length < count) {
    if (k - startK >= maxDraws) {
      throw new DomainError('conflict', 'No eligible entrant was drawn within the allowed number of tickets.', { startK, maxDraws });
    }
    const ticket = ticketFor(seed, k, list.totalTickets);
    const { entrantId } = winnerFor(list, ticket);
    const drawn = { k, ticket, entrantId };
    if (alreadyExcluded.has(entrantId) || chosen.has(entrantId)) skipped.push(drawn);
    else {
      chosen.add(entrantId);
      winners.push(drawn);
    }
    k++;
  }
  return { winners, skipped, nextK: k };
}
