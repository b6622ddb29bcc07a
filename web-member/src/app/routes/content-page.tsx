import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchPage, InformationLayout } from '../../components/layouts/information-layout';
import { Spinner } from '../../components/ui/feedback';
import { NotFoundPage } from '../../features/placeholders/not-found-page';

/**
 * Any path the app does not route itself: a page staff published there (content pages may not
 * clash with app routes, the API refuses those), otherwise Not found.
 */
export function ContentOrNotFoundRoute() {
  const { pathname } = useLocation();
  const [state, setState] = useState<'loading' | 'page' | 'missing'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    void fetchPage(pathname.replace(/\/+$/, '') || '/').then((r) => live && setState(r.ok && r.page ? 'page' : 'missing'));
    return () => {
      live = false;
    };
  }, [pathname]);
  if (state === 'loading') return <Spinner />;
  return state === 'page' ? <InformationLayout path={pathname.replace(/\/+$/, '')} fallbackTitle="" /> : <NotFoundPage />;
}
