import { Link, useParams } from 'react-router-dom';
import { fetchDrawTerms, TERMS_NOT_ISSUED } from './api';
import { useLoad } from '../../lib/use-load';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { SafeHtml } from '../../components/ui/safe-html';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
// This page opens on staff HTML: DOMPurify comes with it, so its first render is already clean (SafeHtml).
import '../../components/ui/purify';

/** `/events/{slug}/terms` (issue 22): the draw's terms in force, the latest version issued, through the one HTML policy. */
export function DrawTermsPage() {
  const { slug = '' } = useParams();
  const [state] = useLoad(() => fetchDrawTerms(slug), `terms-${slug}`);
  return (
    <div className="draw-terms container">
      <Head title="Terms of the draw" />
      <Link to={paths.event.getHref(slug)} className="back-link">
        ← Back to the giveaway
      </Link>
      <h1 className="draw-terms__title">Terms of the draw</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && !state.data && <Empty message={TERMS_NOT_ISSUED} />}
      {state.status === 'loaded' && state.data && (
        <article className="draw-terms__body" data-testid="draw-terms">
          <p className="draw-terms__version" data-testid="draw-terms-version">
            Version {state.data.version}, issued {formatDate(state.data.issued_at)}
          </p>
          <SafeHtml kind="rich" html={state.data.html} />
        </article>
      )}
    </div>
  );
}
