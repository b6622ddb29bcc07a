import { Countdown } from './ui/countdown';
import { prizeStage } from '../lib/prize-stage';
import type { Prize } from '../lib/prizes';
import { renderNow } from '../lib/preload';

/** The countdown of an open giveaway, or the state of one that is closed or drawn (never a countdown then). */
export function PrizeClock({ prize, now = renderNow() }: { prize: Pick<Prize, 'prize_end_date' | 'draw_status'>; now?: number }) {
  const stage = prizeStage(prize, now);
  if (stage.kind === 'open') return <Countdown target={new Date(prize.prize_end_date)} />;
  return (
    <span className="prize-stage" data-testid="prize-stage">
      {stage.label}
    </span>
  );
}
