import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fetchWinners, fetchWinnersContent, winnerVideos, type PublishedWinner, type WinnersContent } from './api';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { formatDate, formatDollars } from '../../lib/format';
import { imageUrl } from '../../lib/prizes';
import { useLoad } from '../../lib/use-load';
import { SafeHtml } from '../../components/ui/safe-html';
// This page opens on staff HTML: DOMPurify comes with it, so its first render is already clean (SafeHtml).
import '../../components/ui/purify';

/** A fresh install says so plainly rather than showing an empty list under a heading about winners. */
export const NO_WINNERS_YET = 'No winners yet: results appear here as soon as the first draw is published.';

/**
 * `/winners`: the overview, up to four winner videos, six testimonials and the published results.
 * `testimonials`: the home page's section (staff-edited content; one list, shown in both places),
 * composed by the app (app/routes/draws.tsx).
 */
export function WinnersPage({ testimonials }: { testimonials?: ReactNode }) {
  const [content] = useLoad(fetchWinnersContent, 'winners-page');
  const [winners] = useLoad(fetchWinners, 'winners');
  return (
    <div className="winners">
      <Head title="Winners" />
      <section className="winners__overview container">
        {content.status === 'loading' && <Spinner />}
        {content.status === 'error' && <h1 className="winners__title">Winners</h1>}
        {content.status === 'loaded' && <Overview content={content.data} />}
      </section>
      <section className="winners__results container" aria-labelledby="results-title">
        <h2 id="results-title" className="section__title">
          Results
        </h2>
        {winners.status === 'loading' && <Spinner />}
        {winners.status === 'error' && <ErrorNote message={winners.error} />}
        {winners.status === 'loaded' && (winners.data.length === 0 ? <Empty message={NO_WINNERS_YET} /> : <Results winners={winners.data} />)}
      </section>
      {testimonials}
    </div>
  );
}

function Overview({ content }: { content: WinnersContent }) {
  const videos = winnerVideos(content);
  return (
    <>
      <h1 className="winners__title">{content.overview_title || 'Winners'}</h1>
      {content.overview_description && <SafeHtml className="winners__description" kind="rich" html={content.overview_description} />}
      {videos.length > 0 && (
        <ul className="winners__videos">
          {videos.map((video) => (
            <li key={video.videoId} className="winners__video">
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${video.videoId}`}
                title={video.title}
                loading="lazy"
                allow="accelerometer; encrypted-media; picture-in-picture"
                allowFullScreen
              />
              <p>{video.title}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Results({ winners }: { winners: PublishedWinner[] }) {
  return (
    <ul className="winners__list">
      {winners.map((w) => (
        <li key={String(w.prize_id)} className="winners__item" data-testid="winner">
          <img src={imageUrl(w.hero_image)} alt="" loading="lazy" />
          <div>
            <Link to={paths.event.getHref(w.slug)} className="winners__prize">
              {w.title}
            </Link>
            <p className="winners__who">
              <strong>{w.winner}</strong>
            </p>
            <p className="winners__when">
              {formatDollars(w.prize_value)}
              {w.drawn_at !== null && <> · drawn {formatDate(w.drawn_at)}</>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
