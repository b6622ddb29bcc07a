import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AU_STATES, claimPrize, fetchUserDraws, type AuState, type UserDraw } from './api';
import { useLoad } from '../../lib/use-load';
import { EventCard } from '../../components/event-card';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { closingLine, prizeStage } from '../../lib/prize-stage';
import { CheckEntriesButton } from './check-entries';

const prizeStageLabel = (prize: UserDraw['prize'], now: number): string => {
  const stage = prizeStage(prize, now);
  return stage.kind === 'open' ? '' : stage.label;
};

/** The result word on a card: 'won' (green), else where the draw stands. */
export function drawResult(draw: Pick<UserDraw, 'won' | 'status'>): string {
  if (draw.won) return 'won';
  return draw.status === 'drawn' || draw.status === 'published' ? 'not won' : draw.status;
}

/**
 * The line under a draw's entries. While entries are open: whether they count. Once closed or
 * drawn the question is settled, so it says what happened (never "count" beside WON).
 */
export function entriesLine(draw: Pick<UserDraw, 'won' | 'status' | 'eligible' | 'reason'>): string {
  if (draw.won) return 'You won this draw.';
  const settled = draw.status === 'closed' || draw.status === 'drawn' || draw.status === 'published';
  if (draw.eligible) return settled ? 'Your entries counted in this draw.' : 'Your entries count in this draw.';
  return draw.reason ?? (settled ? 'Your entries did not count in this draw.' : 'Your entries do not count in this draw.');
}

/** `/dashboard/my-draws`: per draw, the member's entries, tickets, whether they count, and a Claim for a win. */
export function MyDrawsPage() {
  const [state, reload] = useLoad(fetchUserDraws, 'my-draws');
  return (
    <div className="my-draws container">
      <Head title="My Draws" />
      <Link to={paths.dashboard.getHref()} className="back-link">
        ← Back to Dashboard
      </Link>
      <h1 className="my-draws__title">My Draws</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' &&
        (state.data.length === 0 ? (
          <Empty />
        ) : (
          <ul className="my-draws__list">
            {state.data.map((draw) => (
              <li key={draw.prize.id} className="my-draws__item" data-testid="my-draw">
                <EventCard
                  title={draw.prize.title}
                  slug={draw.prize.slug}
                  src={draw.prize.hero_image}
                  cardType="small"
                  prizeTypeId={draw.prize.prize_type_id}
                  showWinner
                  won={drawResult(draw)}
                />
                <div className="my-draws__detail">
                  <p>
                    <strong>{draw.entries}</strong> {draw.entries === 1 ? 'entry' : 'entries'}
                    {draw.tickets && <span className="my-draws__tickets"> · Tickets {draw.tickets}</span>}
                  </p>
                  <p className={draw.eligible ? 'my-draws__counts' : 'my-draws__excluded'}>{entriesLine(draw)}</p>
                  <p className="my-draws__closes">{closingLine(draw.prize, Date.now()) ?? prizeStageLabel(draw.prize, Date.now())}</p>
                  {draw.won && !draw.claimed && (
                    <Link className="my-draws__claim-link" to={paths.claimPrize.getHref(draw.prize.slug)} data-testid="claim-page-link">
                      Claim page: countdown, delivery or decline
                    </Link>
                  )}
                  {draw.won && <ClaimButton draw={draw} onClaimed={reload} />}
                  {(draw.status === 'closed' || draw.status === 'drawn' || draw.status === 'published') && (
                    <CheckEntriesButton slug={draw.prize.slug} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

function ClaimButton({ draw, onClaimed }: { draw: UserDraw; onClaimed: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<AuState | ''>('');
  if (draw.claimed) return <p className="my-draws__claimed">Prize claimed</p>;
  const claim = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await claimPrize(draw.prize.id, state || null);
    setBusy(false);
    if (result.ok) onClaimed();
    else setError(result.error);
  };
  return (
    <>
      {/* The published result names the winner's state; the server uses the profile's when none is chosen here. */}
      <label className="field my-draws__state">
        <span>Your state (published with your first name and initial)</span>
        <select className="input" value={state} onChange={(e) => setState(e.target.value as AuState | '')}>
          <option value="">As on my profile</option>
          {AU_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--gold" onClick={() => void claim()} disabled={busy} aria-busy={busy}>
        {busy ? 'Claiming...' : 'Claim'}
      </button>
      {error && <ErrorNote message={error} />}
    </>
  );
}
