import { Link } from 'react-router-dom';
import { z } from 'zod';
import { fetchUserDraws } from './api';
import { useLoad } from '../../lib/use-load';
import { EventCard } from '../../components/event-card';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import type { ApiResult } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { memberRequest } from '../../lib/member-api';
import type { Prize } from '../../lib/prizes';

const singleEntrySchema = z.object({
  id: z.string(),
  prize_id: z.string().nullable().default(null),
  tickets: z.number(),
  valid_until: z.string(),
  purchased_at: z.string(),
});
type SingleEntry = z.infer<typeof singleEntrySchema>;
const answerSchema = z
  .object({ activeSingleEntries: z.array(singleEntrySchema).default([]), previousSingleEntries: z.array(singleEntrySchema).default([]) })
  .loose();

interface SingleEntries {
  readonly active: SingleEntry[];
  readonly previous: SingleEntry[];
  /** The draws the member is in, by prize id, to name each entry's draw. */
  readonly draws: ReadonlyMap<string, Prize>;
}

/** The member's single entries (current-user) joined with their draws (user-draws; a draw-less view if that call fails). */
async function loadSingleEntries(): Promise<ApiResult<SingleEntries>> {
  const [me, draws] = await Promise.all([memberRequest('/api/current-user', { schema: answerSchema }), fetchUserDraws()]);
  if (!me.ok) return me;
  const byId = new Map((draws.ok ? draws.data : []).map((d) => [String(d.prize.id), d.prize] as const));
  return { ok: true, data: { active: me.data.activeSingleEntries, previous: me.data.previousSingleEntries, draws: byId } };
}

/** `/dashboard/single-entries` (`/dashboard/one-off-entries` redirects here): active and previous single entries with their draw. */
export function SingleEntriesPage({ title = 'Single Entries' }: { title?: string }) {
  const [state] = useLoad(loadSingleEntries, 'single-entries');
  return (
    <div className="single-entries container">
      <Head title={title} />
      <Link to={paths.dashboard.getHref()} className="back-link">
        ← Back to Dashboard
      </Link>
      <h1 className="single-entries__title">{title}</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && (
        <>
          <EntryList heading="Active" entries={state.data.active} draws={state.data.draws} />
          <EntryList heading="Previous" entries={state.data.previous} draws={state.data.draws} />
          <p>
            <Link to={paths.membership.getHref()} className="btn btn--primary">
              Buy a single entry
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function EntryList({ heading, entries, draws }: { heading: string; entries: SingleEntry[]; draws: ReadonlyMap<string, Prize> }) {
  return (
    <section className="single-entries__group" aria-label={`${heading} single entries`}>
      <h2>{heading}</h2>
      {entries.length === 0 ? (
        <Empty />
      ) : (
        <ul className="single-entries__list">
          {entries.map((entry) => {
            const prize = entry.prize_id ? draws.get(entry.prize_id) : undefined;
            return (
              <li key={entry.id} className="single-entries__item" data-testid="single-entry">
                {prize && (
                  <EventCard title={prize.title} slug={prize.slug} src={prize.hero_image} cardType="small" prizeTypeId={prize.prize_type_id} />
                )}
                <p>
                  <strong>{entry.tickets}</strong> {entry.tickets === 1 ? 'entry' : 'entries'} · bought {formatDate(entry.purchased_at)} · valid until{' '}
                  {formatDate(entry.valid_until)}
                </p>
                {!prize && <p className="single-entries__draw">{entry.prize_id ? 'Draw details are not available.' : 'The next giveaway'}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
