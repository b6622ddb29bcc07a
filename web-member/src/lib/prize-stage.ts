import { formatDrawTime, type Prize } from './prizes';

/**
 * Where a giveaway stands for a member. Entries are open only while the draw is still scheduled
 * and the closing instant is ahead: staff may close entries early, and a drawn or published prize
 * is over whatever its prize_end_date says. Only an open prize shows a countdown.
 */
export type PrizeStage =
  { readonly kind: 'open' } | { readonly kind: 'over'; readonly label: 'Entries closed' | 'Winner drawn' | 'Winner announced' };

export function prizeStage(prize: Pick<Prize, 'prize_end_date' | 'draw_status'>, now: number): PrizeStage {
  switch (prize.draw_status) {
    case 'drawn':
      return { kind: 'over', label: 'Winner drawn' };
    case 'published':
      return { kind: 'over', label: 'Winner announced' };
    case 'closed':
      return { kind: 'over', label: 'Entries closed' };
    default:
      return Date.parse(prize.prize_end_date) > now ? { kind: 'open' } : { kind: 'over', label: 'Entries closed' };
  }
}

/**
 * The closing line under a card: 'Closes <time>' while open, 'Closed <time>' once that time has
 * passed, and nothing when staff closed entries before it (the stage label says so; the planned
 * time would be wrong).
 */
export function closingLine(prize: Pick<Prize, 'prize_end_date' | 'draw_status'>, now: number): string | null {
  if (prizeStage(prize, now).kind === 'open') return `Closes ${formatDrawTime(prize.prize_end_date)}`;
  return Date.parse(prize.prize_end_date) <= now ? `Closed ${formatDrawTime(prize.prize_end_date)}` : null;
}
