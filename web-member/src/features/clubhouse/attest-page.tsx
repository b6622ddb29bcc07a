import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { attestWithToken, fetchAttestCard } from './api';
import { formatPlayedOn } from './format';
import { useLoad } from '../../lib/use-load';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import './clubhouse.css';

/** `/attest/:id?token=`: a marker without an account attests a card from the emailed link. */
export function AttestPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state] = useLoad(() => fetchAttestCard(id, token), `attest-${id}`);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attest = async () => {
    setBusy(true);
    const r = await attestWithToken(id, token);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setDone(true);
  };
  return (
    <div className="landing-card">
      <Head title="Attest a score" />
      <h1 className="landing-card__title">Attest a score</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && (
        <>
          <p>
            {state.data.player} named you ({state.data.marker_email}) as marker for {state.data.course_name}, {state.data.tee_name} on{' '}
            {formatPlayedOn(state.data.played_on)}: gross {state.data.gross}.
          </p>
          {done || state.data.status === 'attested' ? (
            <p className="club-note">Thanks: the score is attested.</p>
          ) : (
            <button type="button" className="btn btn--gold" disabled={busy} onClick={() => void attest()}>
              {busy ? 'Attesting...' : 'The card is right: attest it'}
            </button>
          )}
          {error && <ErrorNote message={error} />}
        </>
      )}
    </div>
  );
}
