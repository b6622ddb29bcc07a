import { Link } from 'react-router-dom';
import { fetchClubhouse, type Clubhouse, type Scorecard } from './api';
import { IndexChart } from './index-chart';
import { explainRevision, IndexPanel } from './index-panel';
import { formatIndex, formatPlayedOn } from './format';
import { useLoad } from '../../lib/use-load';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import './clubhouse.css';

const STATUS: Record<Scorecard['status'], string> = { submitted: 'Waiting for marker', attested: 'Attested', voided: 'Voided' };

/** `/dashboard/clubhouse/scorecards`: every card with its differential and whether it counts, the index history and why it moved. */
export function ScorecardsPage() {
  const [state] = useLoad(fetchClubhouse, 'scorecards');
  return (
    <div className="clubhouse container">
      <Head title="Scorecards" />
      <Link to={paths.clubhouse.getHref()} className="back-link">
        ← Back to Clubhouse
      </Link>
      <h1 className="clubhouse__title">Scorecards</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && <ScorecardsView data={state.data} />}
    </div>
  );
}

function ScorecardsView({ data }: { data: Clubhouse }) {
  const newest = [...data.scorecards].reverse();
  return (
    <div className="clubhouse__grid">
      <IndexPanel official={data.official} computed={data.computed} />
      <section className="club-card" aria-labelledby="chart-heading">
        <h2 id="chart-heading" className="club-card__title">
          Index history
        </h2>
        <IndexChart history={data.history} />
      </section>
      <section className="club-card club-card--wide" aria-labelledby="cards-heading">
        <div className="club-card__head">
          <h2 id="cards-heading" className="club-card__title">
            Your rounds
          </h2>
          {data.official && (
            <Link className="btn btn--gold" to={paths.scorecardSubmit.getHref('new')}>
              Submit a scorecard
            </Link>
          )}
        </div>
        {newest.length === 0 ? (
          <Empty message="No scorecards yet." />
        ) : (
          <div className="table-scroll">
            <table className="ledger__table score-table">
              <thead>
                <tr>
                  <th>Played</th>
                  <th>Course</th>
                  <th>Gross</th>
                  <th>Adjusted</th>
                  <th>Differential</th>
                  <th>Counts</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {newest.map((s) => (
                  <tr key={s.id} data-testid="scorecard-row" className={s.used ? 'score-table__used' : undefined}>
                    <td data-label="Played">{formatPlayedOn(s.played_on)}</td>
                    <td data-label="Course">
                      <span>
                        {s.course_name}{' '}
                        <small className="club-muted">
                          {s.tee_name}
                          {s.holes === 9 ? ' (9 holes)' : ''}
                        </small>
                      </span>
                    </td>
                    <td data-label="Gross">{s.gross}</td>
                    <td data-label="Adjusted">{s.adjusted_gross_score ?? '—'}</td>
                    <td data-label="Differential">
                      <span>
                        {s.differential === null ? '—' : formatIndex(s.differential)}
                        {s.exceptional_reduction < 0 && <small className="club-exceptional">exceptional {s.exceptional_reduction.toFixed(1)}</small>}
                        {s.adjusted_differential !== null && s.adjusted_differential !== s.differential && (
                          <small className="club-muted">→ {formatIndex(s.adjusted_differential)}</small>
                        )}
                      </span>
                    </td>
                    <td data-label="Counts">
                      {s.used
                        ? 'Counts'
                        : s.waiting_for_nine
                          ? 'Waiting for another 9'
                          : s.paired_with && s.differential === null
                            ? 'Joined with the next 9'
                            : s.status === 'attested'
                              ? 'Not in best'
                              : '—'}
                    </td>
                    <td data-label="Status">
                      <span>
                        {STATUS[s.status]}
                        {s.overdue && <small className="club-warning">overdue</small>}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {data.history.length > 0 && (
        <section className="club-card club-card--wide" aria-labelledby="why-heading">
          <h2 id="why-heading" className="club-card__title">
            Why your index changed
          </h2>
          <ol className="why-list">
            {[...data.history].reverse().map((r) => (
              <li key={r.revision}>
                <strong>
                  {formatIndex(r.previous_index)} → {formatIndex(r.handicap_index)}
                </strong>{' '}
                <span className="club-muted">{new Date(r.revised_at).toLocaleString('en-AU')}</span>
                <p>{explainRevision(r)}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
