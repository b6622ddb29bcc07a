import { fetchMyReferrals, referralRows } from './my-referrals';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { useLoad } from '../../lib/use-load';
import './referrals.css';

export const NO_REFERRALS = 'No referrals yet. Friends who join with your link show up here.';

/**
 * "Your referrals" in the referral modal's can-refer view: each friend who joined with the
 * member's code (short name, join date, status in words), loading, error with a retry, or empty.
 */
export function YourReferrals() {
  const [state, reload] = useLoad(fetchMyReferrals, 'my-referrals');
  return (
    <section className="your-referrals" aria-labelledby="your-referrals-title">
      <div className="your-referrals__head">
        <h3 id="your-referrals-title" className="your-referrals__title">
          Your referrals
        </h3>
        {state.status === 'loaded' && state.data.length > 0 && (
          <span className="your-referrals__count">
            {state.data.length}
            <span className="referral-modal__sr">{state.data.length === 1 ? ' referral' : ' referrals'}</span>
          </span>
        )}
      </div>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && (
        <div className="your-referrals__error">
          <ErrorNote message={state.error} />
          <button type="button" className="btn btn--ghost" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'loaded' &&
        (state.data.length === 0 ? (
          <Empty message={NO_REFERRALS} />
        ) : (
          <ul className="your-referrals__list">
            {referralRows(state.data).map((row) => (
              <li key={row.id} className="your-referrals__row">
                <span className="your-referrals__name">{row.name}</span>
                <span className="your-referrals__date">Joined {row.date}</span>
                <span className={`your-referrals__status your-referrals__status--${row.tone}`}>{row.status}</span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
