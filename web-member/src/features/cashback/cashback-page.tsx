import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { EmptyState, ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { formatDollars } from '../../lib/format';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { fetchCashback, type Claim } from './api';
import { ClaimForm } from './claim-form';
import './cashback.css';

const STATUS_LABEL: Record<Claim['status'], string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  declined: 'Declined',
  paid: 'Paid',
  reversed: 'Reversed',
};
const sydneyDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: CLUB_TIME_ZONE });

/** /dashboard/clubhouse/cashback: the claim form (once a month) and every claim with its state. */
export function CashbackPage() {
  const [overview, reload] = useLoad(fetchCashback, 'cashback');
  return (
    <section className="cashback-page container">
      <Head title="Cashback" />
      <Link to={paths.dashboard.getHref()} className="back-link">
        ← Back to dashboard
      </Link>
      <h1>Green-fee Cashback</h1>
      <p>Claim up to $20 cashback on one round of golf a month.</p>
      {overview.status === 'loading' && <Spinner />}
      {overview.status === 'error' && <ErrorNote message={overview.error} />}
      {overview.status === 'loaded' && (
        <>
          {overview.data.maximum <= 0 ? (
            <div className="cashback-panel" role="note">
              <p>Green-fee cashback is for members whose plan includes it.</p>
              <Link to={paths.membershipPlan.getHref()} className="btn btn--gold">
                Upgrade
              </Link>
            </div>
          ) : overview.data.claimed_this_month ? (
            <p className="cashback-panel">You have claimed for this month. You can claim again for a round next month.</p>
          ) : (
            <div className="cashback-panel">
              <ClaimForm maximum={overview.data.maximum} onSubmitted={reload} />
            </div>
          )}
          <h2>Your claims</h2>
          <p className="cashback-page__promise">We decide each claim within {overview.data.decision_days} days.</p>
          {overview.data.claims.length === 0 ? (
            <EmptyState title="No cashback claims yet">
              {overview.data.maximum <= 0
                ? 'Claims open once your plan includes green-fee cashback: upgrade above to start claiming.'
                : `Played a round this month? Claim up to ${formatDollars(overview.data.maximum)} back on its green fee with the form above, receipt attached.`}
            </EmptyState>
          ) : (
            <ul className="claim-list">
              {overview.data.claims.map((c) => (
                <li key={c.id} className={`claim claim--${c.status}`} aria-label={`Claim for ${c.course}`}>
                  <div>
                    <strong>{c.course}</strong>
                    <span>
                      Played {sydneyDate(`${c.played_on}T12:00:00+10:00`)} · paid ${c.amount.toFixed(2)}
                    </span>
                    {c.status === 'declined' && c.decline_reason && <span className="claim__reason">Reason: {c.decline_reason}</span>}
                    {c.status === 'submitted' && <span>Decision due by {sydneyDate(c.decision_due_by)}</span>}
                  </div>
                  <div className="claim__state">
                    <span className="claim__status">{STATUS_LABEL[c.status]}</span>
                    {c.overdue && <span className="claim__overdue">Overdue</span>}
                    {c.payout !== null && <span>Cashback ${c.payout.toFixed(2)}</span>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
