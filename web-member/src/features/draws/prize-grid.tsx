import { EventCard } from '../../components/event-card';
import { PrizeClock } from '../../components/prize-clock';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { formatDollars } from '../../lib/format';
import { closingLine } from '../../lib/prize-stage';
import { renderNow } from '../../lib/preload';
import { isPrizeLocked, NO_EVENTS, portraitOr, type Prize } from '../../lib/prizes';
import { useMember } from '../../lib/use-member';
import type { LoadState } from '../../lib/use-load';

/** A list of giveaways as event cards: 'Loading...', the error, 'No Events', or the cards. */
export function PrizeGrid({ state, cardType = 'full' }: { state: LoadState<Prize[]>; cardType?: 'full' | 'small' }) {
  const { membership } = useMember();
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <ErrorNote message={state.error} />;
  if (state.data.length === 0) return <Empty message={NO_EVENTS} />;
  return (
    <ul className={`event-grid event-grid--${cardType}`}>
      {state.data.map((prize) => (
        <li key={prize.id}>
          <EventCard
            title={prize.title}
            slug={prize.slug}
            src={cardType === 'small' ? portraitOr(prize.hero_image_portrait, prize.hero_image) : prize.hero_image}
            cardType={cardType}
            locked={isPrizeLocked(prize.prize_type_id, membership)}
            prizeTypeId={prize.prize_type_id}
            eventDate={prize.event_date}
            eventParticipants={prize.event_participants}
            showWinner={prize.winner !== null}
            won={prize.winner ? `Won by ${prize.winner.display}` : null}
          >
            <span className="event-card__value">{formatDollars(prize.prize_value)}</span>
            {closingLine(prize, renderNow()) && <span className="event-card__closes">{closingLine(prize, renderNow())}</span>}
            <PrizeClock prize={prize} />
          </EventCard>
        </li>
      ))}
    </ul>
  );
}
