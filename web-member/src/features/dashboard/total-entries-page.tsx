import { Link } from 'react-router-dom';
import { sourceLabel } from './api';
import { useEntries } from './use-entries';
import { Head } from '../../components/ui/head';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { formatDate, ticketRange } from '../../lib/format';

/** `/dashboard/total-entries`: every grant of the entry ledger, newest first. */
export function TotalEntriesPage() {
  const entries = useEntries();
  return (
    <div className="ledger container">
      <Head title="Total Entries" />
      <Link to={paths.dashboard.getHref()} className="back-link">
        ← Back to Dashboard
      </Link>
      <h1 className="ledger__title">Total Entries</h1>
      {entries.status === 'loading' && <Spinner />}
      {entries.status === 'error' && <ErrorNote message={entries.error} />}
      {entries.status === 'loaded' && (
        <>
          <p className="ledger__total">
            You hold <strong data-testid="entries-total">{entries.ledger.total}</strong> entries.
          </p>
          {entries.ledger.grants.length === 0 ? (
            <Empty />
          ) : (
            <table className="ledger__table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Source</th>
                  <th scope="col">Entries</th>
                  <th scope="col">Tickets</th>
                </tr>
              </thead>
              <tbody>
                {[...entries.ledger.grants]
                  .sort((a, b) => b.occurred_at.localeCompare(a.occurred_at))
                  .map((g) => (
                    <tr key={g.id}>
                      <td data-label="Date">{formatDate(g.occurred_at)}</td>
                      <td data-label="Source">{sourceLabel(g.source)}</td>
                      <td data-label="Entries">{g.count > 0 ? `+${g.count}` : g.count}</td>
                      <td data-label="Tickets">
                        {g.first_ticket !== null && g.last_ticket !== null && g.count > 0
                          ? ticketRange(g.first_ticket, g.last_ticket)
                          : (g.reason ?? '')}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
