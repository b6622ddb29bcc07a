import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fetchDrawVerification, subscribeDrawVerification } from './api';
import { useLoad } from '../../lib/use-load';
import { checkDraw, type DrawCheck } from '../../lib/draw-verify';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import type { PublicDrawVerification } from '@roar/contracts/draw-proofs';

/**
 * `/events/{slug}/verify` (issue 24), public: the draw's commitment, randomness, committed list and
 * winners, and the browser's own recomputation of them: VERIFIED, or what failed.
 */
export function VerifyDrawPage() {
  const { slug = '' } = useParams();
  const [state] = useLoad(() => fetchDrawVerification(slug), `verify:${slug}`);
  // Live: the page updates itself as the entries close, the list is committed and the winner is drawn.
  const [live, setLive] = useState<PublicDrawVerification | null>(null);
  useEffect(() => {
    setLive(null);
    return subscribeDrawVerification(slug, setLive);
  }, [slug]);
  const draw = live ?? (state.status === 'loaded' ? state.data : null);
  return (
    <div className="verify-draw container">
      <Head title="Verify the draw" />
      <Link to={paths.event.getHref(slug)} className="back-link">
        ← Back to the giveaway
      </Link>
      {draw ? <Verification draw={draw} /> : state.status === 'error' ? <ErrorNote message={state.error} /> : <Spinner />}
    </div>
  );
}

function Verification({ draw }: { draw: PublicDrawVerification }) {
  const [check, setCheck] = useState<DrawCheck | null>(null);
  useEffect(() => {
    let live = true;
    setCheck(null);
    void checkDraw(draw)
      .catch((error: unknown) => ({
        verified: false,
        lines: [{ ok: false, text: `The check could not run: ${error instanceof Error ? error.message : String(error)}` }],
      }))
      .then((c) => live && setCheck(c));
    return () => {
      live = false;
    };
  }, [draw]);
  const drawn = draw.revealed !== null && draw.winners.length > 0;
  return (
    <>
      <h1 className="verify-draw__title">Verify the draw: {draw.title}</h1>
      <p className="verify-draw__lead">Your browser recomputes this draw from the values below. It does not take the club’s word for the result.</p>
      <div
        className="verify-draw__verdict"
        role="status"
        data-testid="verify-verdict"
        data-state={check === null ? 'checking' : check.verified ? 'verified' : drawn ? 'failed' : 'waiting'}
      >
        {check === null ? 'Checking...' : check.verified ? 'VERIFIED' : drawn ? 'NOT VERIFIED' : 'Waiting for the draw'}
      </div>
      {check && (
        <ul className="verify-draw__checks">
          {check.lines.map((l, i) => (
            <li key={i} className={l.ok ? 'verify-draw__ok' : 'verify-draw__fail'}>
              {l.ok ? '✓' : '✗'} {l.text}
            </li>
          ))}
        </ul>
      )}
      <dl className="verify-draw__facts">
        <dt>Method</dt>
        <dd>
          {draw.method === 'beacon'
            ? `drand beacon, round ${draw.beacon?.round ?? '?'}`
            : draw.method === 'commit-reveal'
              ? 'Commit and reveal'
              : 'Not scheduled'}
        </dd>
        <dt>Commitment</dt>
        <dd className="verify-draw__hash">{draw.commitment ?? '-'}</dd>
        <dt>Entry list hash</dt>
        <dd className="verify-draw__hash">{draw.closed?.list_hash ?? 'Entries not closed yet'}</dd>
        <dt>Entry list root</dt>
        <dd className="verify-draw__hash" data-testid="verify-root">
          {draw.closed ? (draw.closed.entry_root ?? 'Not recorded (closed before entry proofs)') : '-'}
        </dd>
        <dt>List size</dt>
        <dd>{draw.closed ? `${plural(draw.closed.entry_count, 'entrant')}, ${plural(draw.closed.total_tickets, 'ticket')}` : '-'}</dd>
        {draw.closed?.tree_head && (
          <>
            <dt>Sealed log at the close</dt>
            <dd className="verify-draw__hash">
              Tree head of size {draw.closed.tree_head.size}, root {draw.closed.tree_head.root_hash} (
              <Link to={paths.transparency.getHref()}>transparency</Link>)
            </dd>
          </>
        )}
        <dt>Randomness</dt>
        <dd className="verify-draw__hash">{draw.revealed?.randomness ?? 'Not revealed yet'}</dd>
        {draw.winners.map((w) => (
          <div key={w.k} className="verify-draw__winner">
            <dt>Winning ticket (k={w.k})</dt>
            <dd data-testid="verify-ticket">{w.ticket}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
