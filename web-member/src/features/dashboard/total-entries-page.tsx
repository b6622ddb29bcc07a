import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchStatement, monthTitle, sourceLabel, type EntryStatement } from './api';
import { Head } from '../../components/ui/head';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';

type StatementState = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; statement: EntryStatement };

function useStatement(): StatementState {
  const [state, setState] = useState<StatementState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void fetchStatement().then((r) => live && setState(r.ok ? { status: 'loaded', statement: r.data } : { status: 'error', error: r.error }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * `/dashboard/total-entries`: the entry statement (issue 23). Month by month in the club's calendar,
 * newest first: each grant, where it came from (a staff adjustment with its reason), its ticket
 * numbers and the draws they count in.
 */
export function TotalEntriesPage() {
  const state = useStatement();
  return (
    <div className="ledger container">
      <Head title="Entry Statement" />
      <Link to={paths.dashboard.getHref()} className="back-link">
        ← Back to Dashboard
      </Link>
      <h1 className="ledger__title">Entry Statement</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && (
        <>
          <p className="ledger__total">
            You hold <strong data-testid="entries-total">{state.statement.total}</strong> entries.
          </p>
          <p className="ledger__note">
            “Counts in” names the draws each line’s tickets are in as things stand today: your plan’s entries count in every draw that closes while
            your membership lasts; a single entry counts only in its own draw.
          </p>
          {state.statement.months.length === 0 ? (
            <Empty />
          ) : (
            state.statement.months.map((m) => (
              <section key={m.month} className="statement-month" aria-labelledby={`month-${m.month}`} data-testid={`statement-${m.month}`}>
                <h2 id={`month-${m.month}`} className="statement-month__title">
                  {monthTitle(m.month)}
                  <span className="statement-month__sum">
                    +{m.granted}
                    {m.revoked > 0 ? ` / −${m.revoked}` : ''} entries
                  </span>
                </h2>
                <table className="ledger__table">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">From</th>
                      <th scope="col">Entries</th>
                      <th scope="col">Tickets</th>
                      <th scope="col">Counts in</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.lines.map((l) => (
                      <tr key={l.id} data-testid="statement-line">
                        <td data-label="Date" className="statement-line__nowrap">
                          {formatDate(l.occurred_at)}
                        </td>
                        <td data-label="From">
                          <span className="statement-line__from">
                            {sourceLabel(l.source)}
                            {l.reason && <span className="statement-line__reason">{l.reason}</span>}
                          </span>
                        </td>
                        <td data-label="Entries">{l.count > 0 ? `+${l.count}` : l.count}</td>
                        <td data-label="Tickets" className="statement-line__nowrap">
                          {l.tickets === null ? '–' : `${/[-,]/.test(l.tickets) ? 'Tickets' : 'Ticket'} ${l.tickets}`}
                        </td>
                        <td data-label="Counts in">{l.draws.length > 0 ? l.draws.join(', ') : '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))
          )}
        </>
      )}
    </div>
  );
}
