import { AU_STATES } from '@roar/contracts/common';
import type { Prize, PublicDrawStatus } from '@roar/contracts/prizes';
import type { PrizeWithDraw } from '@roar/projections';

/** Where a draw's terms in force are shown (issue 22). */
export const termsUrlOf = (slug: string): string => `/events/${encodeURIComponent(slug)}/terms`;

/**
 * The contract's Prize item (docs/contracts-4-5.md): spec section 3 fields plus the draw's public state.
 * `pool`: the draw's entries_total (prizes/pool.ts); the committed total when not given.
 */
export function toPrize({ prize: p, draw }: PrizeWithDraw, pool?: number): Prize {
  // A draw not yet scheduled reads as scheduled (entries still open).
  const drawStatus: PublicDrawStatus = draw.status === 'unscheduled' ? 'scheduled' : draw.status;
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    status: p.status,
    description: p.description,
    hero_image: p.hero_image,
    hero_image_portrait: p.hero_image_portrait ?? p.hero_image,
    secondary_image_1: p.secondary_image_1,
    secondary_image_2: p.secondary_image_2,
    secondary_image_3: p.secondary_image_3,
    secondary_image_1_portrait: p.secondary_image_1_portrait ?? p.secondary_image_1,
    secondary_image_2_portrait: p.secondary_image_2_portrait ?? p.secondary_image_2,
    secondary_image_3_portrait: p.secondary_image_3_portrait ?? p.secondary_image_3,
    prize_type_id: p.prize_type_id,
    event_date: p.event_date,
    event_participants: p.event_participants,
    prize_end_date: p.prize_end_date,
    prize_value: p.prize_value,
    prize_value_currency: p.prize_value_currency,
    // A prize from before issue 22 is open in every state (eligibility rule 1).
    open_states: p.open_states ?? [...AU_STATES],
    draw_status: drawStatus,
    winner: draw.status === 'published' && draw.display ? { display: draw.display } : null,
    terms_url: termsUrlOf(p.slug),
    entries_total: pool ?? draw.total_tickets,
  };
}

/** The winner currently holding the prize (the last drawn, unless redrawn). */
export function currentWinnerOf(draw: PrizeWithDraw['draw']) {
  const last = draw.winners[draw.winners.length - 1];
  return last && last.redrawn_reason === null ? last : null;
}
