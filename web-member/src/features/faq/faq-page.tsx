import { useEffect, useState } from 'react';
import { faqsAnswerSchema, type Faq } from '@roar/contracts/content';
import { Accordion } from '../../components/ui/accordion';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { apiRequest } from '../../lib/api-client';
import { SafeHtml } from '../../components/ui/safe-html';
// This page opens on staff HTML: DOMPurify comes with it, so its first render is already clean (SafeHtml).
import '../../components/ui/purify';

type State = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; faqs: Faq[] };

/** FAQ: the published questions from `GET /items/faqs`, each an accordion row. */
export function FaqPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void apiRequest('/items/faqs', { schema: faqsAnswerSchema, query: { 'filter[status][_eq]': 'published' }, serverMessage: true }).then((r) => {
      if (live) setState(r.ok ? { status: 'loaded', faqs: r.data.data } : { status: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="info-page container">
      <Head title="FAQ" />
      <h1 className="info-page__title">Frequently asked questions</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <ErrorNote message={state.error} />}
      {state.status === 'loaded' &&
        (state.faqs.length === 0 ? (
          <Empty />
        ) : (
          state.faqs.map((f) => (
            <Accordion key={f.id} title={f.question}>
              {/* Staff write answers as rich text (previewed as HTML in the staff console). */}
              <SafeHtml className="faq__answer" kind="rich" html={f.answer} />
            </Accordion>
          ))
        ))}
    </section>
  );
}
