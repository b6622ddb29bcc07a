import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Head } from '../ui/head';
import { ErrorNote, Spinner } from '../ui/feedback';
import { apiRequest } from '../../lib/api-client';
import { dataOf, pageSchema, type Page } from '../../types/api';
import { SafeHtml } from '../ui/safe-html';
import { usePreloaded } from '../../lib/preload';
// This page opens on staff HTML: DOMPurify comes with it, so its first render is already clean (SafeHtml).
import '../ui/purify';

const pagesAnswer = dataOf(z.array(pageSchema));

type PageState =
  { status: 'idle' } | { status: 'loading' } | { status: 'missing' } | { status: 'error'; error: string } | { status: 'loaded'; page: Page };

/** `GET /items/pages?filter[path][_eq]=<path>` (published only), first match. */
export async function fetchPage(path: string, baseUrl = '') {
  const result = await apiRequest('/items/pages', {
    schema: pagesAnswer,
    query: { 'filter[path][_eq]': path, 'filter[status][_eq]': 'published' },
    serverMessage: true,
    baseUrl,
  });
  return result.ok ? { ok: true as const, page: result.data.data[0] ?? null } : result;
}

/**
 * Information pages (spec section 2, layout 6): the title and HTML content of the content page
 * stored for `path`. The HTML comes from staff-edited content, the same trust as the site.
 */
type PageAnswer = Awaited<ReturnType<typeof fetchPage>>;

const pageState = (result: PageAnswer): PageState =>
  !result.ok ? { status: 'error', error: result.error } : result.page ? { status: 'loaded', page: result.page } : { status: 'missing' };

/** The preload key of the content page at `path` (the content route and this layout read the same answer). */
export const pageKey = (path: string): string => `page:${path}`;

export function InformationLayout({ path, fallbackTitle }: { path: string; fallbackTitle: string }) {
  const preloaded = usePreloaded(pageKey(path), () => fetchPage(path));
  const [state, setState] = useState<PageState>(() => (preloaded.found ? pageState(preloaded.value) : { status: 'idle' }));
  const [skipFirst] = useState(() => ({ current: preloaded.found }));
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    if (!path) {
      console.error('InformationLayout: no page path given; nothing to load');
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void fetchPage(path).then((result) => {
      if (live) setState(pageState(result));
    });
    return () => {
      live = false;
    };
  }, [path]);

  const title = state.status === 'loaded' ? state.page.title : fallbackTitle;
  return (
    <article className="info-page container">
      <Head title={title} />
      {state.status === 'loading' && <Spinner />}
      {state.status === 'missing' && <h1 className="info-page__title">Not found.</h1>}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' && (
        <>
          <h1 className="info-page__title">{state.page.title}</h1>
          <SafeHtml className="info-page__content" kind="rich" html={state.page.content ?? ''} />
        </>
      )}
    </article>
  );
}
