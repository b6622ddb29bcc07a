import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Clubhouse } from './api';
import { paths } from '../../config/paths';

export const NEXT_STEP: Record<Clubhouse['next_step'], string> = {
  upgrade: 'An official handicap comes with a paying membership. Upgrade to request one or transfer yours.',
  request: 'Request a new official handicap, or transfer the one you hold at another club.',
  'complete-draft': 'Your request is saved as a draft. Finish it and send it for review.',
  'wait-for-review': 'Your request is with our staff. We will email you when it is approved.',
  resubmit: 'Your request was not approved. Check the reason, correct it and send it again.',
  'submit-scores': 'Submit scorecards of the rounds you play. Each counts once your marker attests it.',
};

/** The buttons that take the member to their next step with the handicap. */
export function NextStepActions({ data }: { data: Clubhouse }) {
  const step = data.next_step;
  const transferIsOpen = data.handicap?.type === 'transfer';
  return (
    <div className="club-actions">
      {step === 'upgrade' && (
        <Link className="btn btn--gold" to={paths.membership.getHref()}>
          Memberships
        </Link>
      )}
      {(step === 'request' || step === 'complete-draft' || step === 'resubmit') && (
        <>
          <Link className="btn btn--gold" to={transferIsOpen ? paths.clubhouseTransfer.getHref() : paths.clubhouseRequest.getHref()}>
            {step === 'request' ? 'Request a handicap' : step === 'resubmit' ? 'Correct and resubmit' : 'Finish your request'}
          </Link>
          {step === 'request' && (
            <Link className="btn btn--ghost" to={paths.clubhouseTransfer.getHref()}>
              Transfer my handicap
            </Link>
          )}
        </>
      )}
      {step === 'submit-scores' && (
        <>
          <Link className="btn btn--gold" to={paths.scorecardSubmit.getHref('new')}>
            Submit a scorecard
          </Link>
          <Link className="btn btn--ghost" to={paths.scorecards.getHref()}>
            Scorecards and history
          </Link>
        </>
      )}
    </div>
  );
}

/**
 * Scores count only against an approved official handicap (the server refuses them otherwise):
 * the scorecard form is shown only then, and before it anyone else is told why and what to do.
 */
export function ScorecardGate({ data, children }: { data: Clubhouse; children: ReactNode }) {
  if (data.official) return <>{children}</>;
  return (
    <section className="club-card" aria-labelledby="gate-heading" data-testid="scorecard-gate">
      <h2 id="gate-heading" className="club-card__title">
        Scores need an approved handicap
      </h2>
      <p className="club-next">Scorecards count once our staff have approved your official handicap, so there is nothing to submit yet.</p>
      <p className="club-muted">{NEXT_STEP[data.next_step]}</p>
      <NextStepActions data={data} />
    </section>
  );
}
