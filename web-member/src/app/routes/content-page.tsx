import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchPage, InformationLayout, pageKey } from '../../components/layouts/information-layout';
import { usePreloaded } from '../../lib/preload';
import { Spinner } from '../../components/ui/feedback';
import { NotFoundPage } from '../../features/placeholders/not-found-page';

/**
 * Any path the app does not route itself: a page staff published there (content pages may not
 * clash with app routes, the API refuses those), otherwise Not found.
 */
export function ContentOrNotFoundRoute() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const preloaded = usePreloaded(pageKey(path), () => fetchPage(path));
  const [state, setState] = useState<'loading' | 'page' | 'missing'>(() =>
    preloaded.found ? (preloaded.value.ok && preloaded.value.page ? 'page' : 'missing') : 'loading',
  );
  const [skipFirst] = useState(() => ({ current: preloaded.found }));
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    setState('loading');
    void fetchPage(path).then((r) => live && setState(r.ok && r.page ? 'page' : 'missing'));
    return () => {
      live = false;
    };
  }, [path]);
  if (state === 'loading') return <Spinner />;
  return state === 'page' ? <InformationLayout path={pathname.replace(/\/+$/, '')} fallbackTitle="" /> : <NotFoundPage />;
}
