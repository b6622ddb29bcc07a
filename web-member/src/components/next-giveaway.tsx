import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PrizeTypeChip } from './event-card-type';
import { PrizeClock } from './prize-clock';
import { closingLine } from '../lib/prize-stage';
import { Spinner } from './ui/feedback';
import { paths } from '../config/paths';
import { renderNow, usePreloaded } from '../lib/preload';
import { formatDollars } from '../lib/format';
import { fetchNextGiveaway, imageUrl, portraitOr, prizeTypeDisplay, type NextGiveaway } from '../lib/prizes';

type State = { status: 'loading' } | { status: 'loaded'; next: NextGiveaway };

/**
 * The next-giveaway block (spec sections 2, 4, 8): the published prize whose entries close next,
 * with a countdown; the server's error string in its place when there is none; a Joined badge
 * beside 'Your Giveaway' once the member holds entries in it.
 */
export function NextGiveawayBlock() {
  const preloaded = usePreloaded('next-giveaway', fetchNextGiveaway);
  const [state, setState] = useState<State>(() => (preloaded.found ? { status: 'loaded', next: preloaded.value } : { status: 'loading' }));
  useEffect(() => {
    if (preloaded.found) return;
    let live = true;
    void fetchNextGiveaway().then((next) => live && setState({ status: 'loaded', next }));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="next-giveaway" aria-labelledby="next-giveaway-title">
      <h2 id="next-giveaway-title" className="next-giveaway__heading">
        Your Giveaway
        {state.status === 'loaded' && 'giveaway' in state.next && state.next.giveaway.joined && <span className="badge badge--joined">Joined</span>}
      </h2>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'loaded' && 'error' in state.next && <p className="next-giveaway__error">{state.next.error}</p>}
      {state.status === 'loaded' && 'giveaway' in state.next && <NextGiveawayBody giveaway={state.next.giveaway} />}
    </section>
  );
}

function NextGiveawayBody({ giveaway }: { giveaway: Extract<NextGiveaway, { giveaway: unknown }>['giveaway'] }) {
  return (
    <Link to={paths.event.getHref(giveaway.slug)} className="next-giveaway__card">
      <picture className="next-giveaway__media">
        <source media="(max-width: 640px)" srcSet={imageUrl(portraitOr(giveaway.hero_image_portrait, giveaway.hero_image))} />
        {/* Lazy although it may show at the bottom of the first screen (issue 25): an SVG picture is a document of its own,
            and building the page's first one took ~400 ms of a phone's main thread (4x CPU) before the home page's first
            paint. Lazy, it is fetched after that paint; its box keeps its 16:9 size meanwhile (draws.css), so nothing moves. */}
        <img src={imageUrl(giveaway.hero_image)} alt="" loading="lazy" decoding="async" />
      </picture>
      <span className="next-giveaway__body">
        <PrizeTypeChip display={prizeTypeDisplay(giveaway.prize_type_id)} />
        <strong className="next-giveaway__title">{giveaway.title}</strong>
        <span>Valued at {formatDollars(giveaway.prize_value)}</span>
        {closingLine(giveaway, renderNow()) && <span>{closingLine(giveaway, renderNow())}</span>}
        <PrizeClock prize={giveaway} />
        {giveaway.joined && <span className="next-giveaway__entries">You hold {giveaway.entries} entries</span>}
      </span>
    </Link>
  );
}
