import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CLAIM_PERIOD_ENDED } from '@roar/contracts/errors';
import { AU_STATES, claimPrize, declinePrize, fetchUserDraws, type AuState, type UserDraw } from './api';
import { claimCountdown } from './odds';
import { useLoad } from '../../lib/use-load';
import { useAuth } from '../../lib/auth';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';
import { formatDrawTime } from '../../lib/club-time';

/** Re-renders every `ms` so a countdown moves while the page is open. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * `/dashboard/my-draws/{slug}/claim` (issue 22): the winner's claim countdown (until WinnerNotified.claimBy),
 * the identity details and delivery they confirm (`POST /api/claim-prize`), or a decline after a confirm step
 * (`POST /api/decline-prize`). After the period: "This prize's claim period has ended."
 */
export function ClaimPage() {
  const { slug = '' } = useParams();
  const [state, reload] = useLoad(fetchUserDraws, `claim-${slug}`);
  return (
    <div className="claim container">
      <Head title="Claim your prize" />
      <Link to={paths.myDraws.getHref()} className="back-link">
        ← Back to My Draws
      </Link>
      <h1 className="claim__title">Claim your prize</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && <ClaimBody draw={state.data.find((d) => d.prize.slug === slug && d.won)} onChanged={reload} />}
    </div>
  );
}

function ClaimBody({ draw, onChanged }: { draw: UserDraw | undefined; onChanged: () => void }) {
  const now = useNow(30_000);
  if (!draw) return <Empty message="There is no prize of yours to claim here." />;
  const terms = (
    <p className="claim__terms">
      <Link to={paths.eventTerms.getHref(draw.prize.slug)}>The terms of this draw</Link>
    </p>
  );
  const heading = (
    <p className="claim__prize" data-testid="claim-prize">
      You won <strong>{draw.prize.title}</strong>.
    </p>
  );
  if (draw.claimed)
    return (
      <section className="claim__card">
        {heading}
        <p className="claim__done" data-testid="claim-status">
          Prize claimed. The club will check your identity and age, then deliver your prize.
        </p>
        {terms}
      </section>
    );
  if (draw.claim_outcome === 'declined')
    return (
      <section className="claim__card">
        {heading}
        <p data-testid="claim-status">You declined this prize. It will be drawn again as the terms state.</p>
        {terms}
      </section>
    );
  const countdown = draw.claim_by ? claimCountdown(draw.claim_by, now) : null;
  if (draw.claim_outcome === 'unclaimed' || countdown?.ended)
    return (
      <section className="claim__card">
        {heading}
        <p className="claim__ended" role="alert" data-testid="claim-status">
          {CLAIM_PERIOD_ENDED}
        </p>
        {terms}
      </section>
    );
  return (
    <section className="claim__card">
      {heading}
      {draw.claim_by && countdown && !countdown.ended && (
        <p className="claim__countdown" data-testid="claim-countdown">
          <strong>{countdown.text}</strong> to claim (until {formatDrawTime(draw.claim_by)})
        </p>
      )}
      <ClaimForm draw={draw} onDone={onChanged} />
      <DeclineBox draw={draw} onDone={onChanged} />
      {terms}
    </section>
  );
}

function ClaimForm({ draw, onDone }: { draw: UserDraw; onDone: () => void }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const profileState = (AU_STATES as readonly string[]).includes(user?.state ?? '') ? (user?.state as AuState) : '';
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    if (form.get('identity') !== 'on') return setError('Please confirm your identity details.');
    const delivery = String(form.get('delivery') ?? '').trim();
    if (!delivery) return setError('Please tell us where to deliver your prize.');
    setBusy(true);
    setError(null);
    const state = String(form.get('state') ?? '') as AuState | '';
    const result = await claimPrize(draw.prize.id, state || null, delivery, form.get('publication_opt_out') === 'on');
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  };
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ');
  return (
    <form className="claim__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Claim">
      <h2>Your details</h2>
      <dl className="claim__identity" data-testid="claim-identity">
        <dt>Name</dt>
        <dd>{name || '—'}</dd>
        <dt>Date of birth</dt>
        <dd>{user?.dob ? formatDay(user.dob) : '—'}</dd>
      </dl>
      <label className="field">
        <span>Your state (published with your first name and initial)</span>
        <select className="input" name="state" defaultValue={profileState}>
          <option value="">As on my profile</option>
          {AU_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Delivery: a postal address, or how you will collect the prize</span>
        <textarea className="input" name="delivery" rows={3} maxLength={500} required />
      </label>
      <label className="claim__check">
        <input type="checkbox" name="identity" />
        <span>These are my details, and I will show the club an ID with my name and date of birth.</span>
      </label>
      <label className="claim__check">
        <input type="checkbox" name="publication_opt_out" />
        <span>Please do not publish my name. We honour this where the law of your state allows it; elsewhere winners must be published.</span>
      </label>
      {error && <ErrorNote message={error} />}
      <button type="submit" className="btn btn--gold" disabled={busy} aria-busy={busy}>
        {busy ? 'Claiming...' : 'Claim my prize'}
      </button>
    </form>
  );
}

function DeclineBox({ draw, onDone }: { draw: UserDraw; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decline = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await declinePrize(draw.prize.id);
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  };
  if (!asking)
    return (
      <p className="claim__decline">
        <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
          Decline this prize
        </button>
      </p>
    );
  return (
    <div className="claim__confirm" role="group" aria-label="Decline this prize">
      <p>
        Decline <strong>{draw.prize.title}</strong>? You cannot take this back: the prize will be drawn again for another entrant.
      </p>
      <div className="claim__confirm-actions">
        <button type="button" className="btn btn--danger" onClick={() => void decline()} disabled={busy} aria-busy={busy}>
          {busy ? 'Declining...' : 'Yes, decline the prize'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)} disabled={busy}>
          Keep my prize
        </button>
      </div>
      {error && <ErrorNote message={error} />}
    </div>
  );
}
