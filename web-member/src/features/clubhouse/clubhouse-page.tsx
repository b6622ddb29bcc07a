import { useState } from 'react';
import { Link } from 'react-router-dom';
import { attestAsMember, fetchClubhouse, type Clubhouse } from './api';
import { IndexPanel } from './index-panel';
import { NEXT_STEP, NextStepActions } from './next-step';
import { formatPlayedOn, STATUS_LABEL, TYPE_LABEL } from './format';
import { useLoad } from '../../lib/use-load';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import './clubhouse.css';

/** `/dashboard/clubhouse`: where the member's handicap stands and what to do next. */
export function ClubhousePage() {
  const [state, reload] = useLoad(fetchClubhouse, 'clubhouse');
  return (
    <div className="clubhouse container">
      <Head title="Clubhouse" />
      <Link to={paths.dashboard.getHref()} className="back-link">
        ← Back to Dashboard
      </Link>
      <h1 className="clubhouse__title">Clubhouse</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && <ClubhouseView data={state.data} onChanged={reload} />}
    </div>
  );
}

function ClubhouseView({ data, onChanged }: { data: Clubhouse; onChanged: () => void }) {
  const record = data.handicap;
  const step = data.next_step;
  return (
    <div className="clubhouse__grid">
      <section className="club-card" aria-labelledby="status-heading">
        <h2 id="status-heading" className="club-card__title">
          Your handicap
        </h2>
        {record ? (
          <p className="club-status">
            <span className={`club-badge club-badge--${record.status}`}>{STATUS_LABEL[record.status]}</span>
            <span>
              {TYPE_LABEL[record.type]}, last updated {new Date(record.date_updated).toLocaleDateString('en-AU')}
            </span>
          </p>
        ) : (
          <p className="club-status">No handicap request yet.</p>
        )}
        {record?.status === 'rejected' && record.reject_reason && <p className="club-reason">Reason: {record.reject_reason}</p>}
        <p className="club-next" data-testid="next-step">
          {NEXT_STEP[step]}
        </p>
        <NextStepActions data={data} />
      </section>
      <IndexPanel official={data.official} computed={data.computed} />
      {data.to_attest.length > 0 && <AttestList cards={data.to_attest} onChanged={onChanged} />}
    </div>
  );
}

function AttestList({ cards, onChanged }: { cards: Clubhouse['to_attest']; onChanged: () => void }) {
  const notify = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attest = async (id: string) => {
    setBusy(id);
    setError(null);
    const r = await attestAsMember(id);
    setBusy(null);
    if (!r.ok) return setError(r.error);
    notify('success', 'Thanks: the score is attested.');
    onChanged();
  };
  return (
    <section className="club-card club-card--wide" aria-labelledby="attest-heading">
      <h2 id="attest-heading" className="club-card__title">
        Cards to attest
      </h2>
      <p className="club-muted">You were named as marker on these rounds. Attest a card only if the scores are right.</p>
      <ul className="attest-list">
        {cards.map((c) => (
          <li key={c.id} className="attest-list__item" data-testid="card-to-attest">
            <span>
              {c.course_name}, {c.tee_name} · {formatPlayedOn(c.played_on)} · gross {c.gross}
            </span>
            <button type="button" className="btn btn--gold" disabled={busy !== null} onClick={() => void attest(c.id)}>
              {busy === c.id ? 'Attesting...' : 'Attest score'}
            </button>
          </li>
        ))}
      </ul>
      {error && <ErrorNote message={error} />}
    </section>
  );
}
