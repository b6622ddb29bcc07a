import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fetchUserDraws, type UserDraw } from './api';
import { useLoad, type LoadState } from '../../lib/use-load';
import { PrizeTypeChip } from '../../components/event-card-type';
import { PrizeClock } from '../../components/prize-clock';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { formatDollars } from '../../lib/format';
import { fetchPrizeBySlug, formatDrawTime, prizeKey, imageUrl, prizeImages, prizeTypeDisplay, type Prize } from '../../lib/prizes';
import { SafeHtml } from '../../components/ui/safe-html';
import { oddsLine, poolLine } from './odds';
// This page opens on staff HTML: DOMPurify comes with it, so its first render is already clean (SafeHtml).
import '../../components/ui/purify';

/** `/events/{slug}`: one giveaway with its images, value, draw time, countdown, the member's entries and the winner. */
export function EventPage() {
  const { slug = '' } = useParams();
  const { loggedIn } = useAuth();
  const [state] = useLoad(() => fetchPrizeBySlug(slug), prizeKey(slug));
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error')
    return (
      <EventShell title="Giveaway">
        <ErrorNote message={state.error} />
      </EventShell>
    );
  if (!state.data)
    return (
      <EventShell title="Giveaway">
        <Empty message="Not found." />
      </EventShell>
    );
  const prize = state.data;
  return (
    <EventShell title={prize.title}>
      <article className="giveaway">
        <Gallery prize={prize} />
        <div className="giveaway__info">
          <PrizeTypeChip display={prizeTypeDisplay(prize.prize_type_id)} />
          <h1 className="giveaway__title">{prize.title}</h1>
          <dl className="giveaway__facts">
            <dt>Value</dt>
            <dd data-testid="giveaway-value">{formatDollars(prize.prize_value)}</dd>
            <dt>Draw</dt>
            <dd data-testid="giveaway-draw-time">{formatDrawTime(prize.prize_end_date)}</dd>
            {prize.event_date && (
              <>
                <dt>Event</dt>
                <dd>{prize.event_date}</dd>
              </>
            )}
            {prize.event_participants ? (
              <>
                <dt>Participants</dt>
                <dd>{prize.event_participants}</dd>
              </>
            ) : null}
          </dl>
          <PrizeClock prize={prize} />
          {prize.winner && (
            <p className="giveaway__winner" data-testid="giveaway-winner">
              Winner: <strong>{prize.winner.display}</strong>
            </p>
          )}
          {prize.draw_status !== 'scheduled' && (
            <p className="giveaway__verify">
              <Link to={paths.eventVerify.getHref(prize.slug)}>Verify this draw yourself</Link>
            </p>
          )}
          {loggedIn ? (
            <MyEntries prize={prize} />
          ) : (
            <>
              <p className="giveaway__pool" data-testid="draw-pool">
                {poolLine(prize.entries_total)}
              </p>
              <p className="giveaway__join">
                <Link className="btn btn--gold" to={paths.membership.getHref()}>
                  Join Now
                </Link>
              </p>
            </>
          )}
          <p className="giveaway__terms">
            <Link to={paths.eventTerms.getHref(prize.slug)} data-testid="draw-terms-link">
              Terms of this draw
            </Link>
          </p>
          {prize.description && <SafeHtml className="giveaway__description" kind="rich" html={prize.description} />}
        </div>
      </article>
    </EventShell>
  );
}

function EventShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="giveaway-page container">
      <Head title={title} />
      <Link to={paths.events.getHref()} className="back-link">
        ← All giveaways
      </Link>
      {children}
    </div>
  );
}

function Gallery({ prize }: { prize: Prize }) {
  const [hero, ...rest] = prizeImages(prize);
  return (
    <div className="giveaway__gallery">
      <picture className="giveaway__hero">
        {hero && <source media="(max-width: 640px)" srcSet={hero.portrait} />}
        <img src={hero?.landscape ?? imageUrl(null)} alt={prize.title} />
      </picture>
      {rest.length > 0 && (
        <ul className="giveaway__thumbs">
          {rest.map((img) => (
            <li key={img.landscape}>
              <picture>
                <source media="(max-width: 640px)" srcSet={img.portrait} />
                <img src={img.landscape} alt="" loading="lazy" />
              </picture>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The signed-in member's entries and ticket numbers in this draw. */
function MyEntries({ prize }: { prize: Prize }) {
  const [state] = useLoad(fetchUserDraws, `draws-${String(prize.id)}`);
  return <EntriesSummary state={state} prize={prize} />;
}

function EntriesSummary({ state, prize }: { state: LoadState<UserDraw[]>; prize: Prize }) {
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <ErrorNote message={state.error} />;
  const draw = state.data.find((d) => String(d.prize.id) === String(prize.id));
  const pool = draw?.prize.entries_total ?? prize.entries_total;
  return (
    <section className="giveaway__mine" aria-label="Your entries">
      <h2>Your entries</h2>
      {!draw || (draw.eligible && draw.entries === 0) ? (
        <>
          <p data-testid="my-entries">You have no entries in this draw yet.</p>
          <p className="giveaway__pool-line" data-testid="draw-pool">
            {poolLine(pool)}
          </p>
        </>
      ) : !draw.eligible ? (
        // Issue 22: a member left out (not open in their state, under age, no residence given) reads why, not a count that will not be drawn.
        <p className="giveaway__excluded" data-testid="my-entries">
          {draw.reason ?? 'Your entries do not count in this draw.'}
        </p>
      ) : (
        <>
          <p data-testid="my-odds">{oddsLine(draw.entries, pool)}</p>
          {draw.tickets && <p data-testid="my-tickets">Tickets {draw.tickets}</p>}
        </>
      )}
      {draw?.won && (
        <p className="giveaway__won">
          You won this draw! {!draw.claimed && <Link to={paths.claimPrize.getHref(draw.prize.slug)}>Claim your prize</Link>}
        </p>
      )}
    </section>
  );
}
