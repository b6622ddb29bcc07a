import { Link } from 'react-router-dom';
import { fetchClubhouse } from './api';
import { formatDate, formatDob, formatIndex, formatSince, STATUS_LABEL, TYPE_LABEL } from './format';
import { useLoad } from '../../lib/use-load';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import './clubhouse.css';

/** `/dashboard/settings/handicap`: the spec's Handicap record, formatted (dates D/MM/YYYY, since MM/YYYY). */
export function HandicapSettingsPage() {
  const [state] = useLoad(fetchClubhouse, 'handicap-settings');
  return (
    <div className="settings-page">
      <Head title="Handicap" />
      <h2 className="settings-page__title">Handicap</h2>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && !state.data.handicap && (
        <p>
          No handicap record yet. <Link to={paths.clubhouse.getHref()}>Go to the Clubhouse</Link> to request or transfer one.
        </p>
      )}
      {state.status === 'loaded' &&
        state.data.handicap &&
        (() => {
          const h = state.data.handicap;
          const rows: [string, string][] = [
            ['Type', TYPE_LABEL[h.type]],
            ['Status', STATUS_LABEL[h.status]],
            ['Golf Link number', h.golf_link_number ?? '—'],
            ['Official GA Handicap', formatIndex(h.handicap)],
            ['Computed index (estimate)', formatIndex(h.computed_index)],
            ['First name', h.first_name],
            ['Last name', h.last_name],
            ['Mobile', h.mobile],
            ['Date of birth', formatDob(h.dob)],
            ['Address', h.address],
            ['Playing since', formatSince(h.since)],
            ...(h.type === 'transfer'
              ? ([
                  ['Previous golf club', h.previous_golf_club ?? '—'],
                  ['Previous Golf Link number', h.previous_golf_link_number ?? '—'],
                ] as [string, string][])
              : []),
            ['Created', formatDate(h.date_created)],
            ['Updated', formatDate(h.date_updated)],
          ];
          return (
            <dl className="record-list" data-testid="handicap-record">
              {rows.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          );
        })()}
    </div>
  );
}
