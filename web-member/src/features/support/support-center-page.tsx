import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Accordion } from '../../components/ui/accordion';
import { EmptyState, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../config/site';
import { useLoad } from '../../lib/use-load';
import { fetchFaqs, type SupportTopic } from './api';
import { faqsOfTopic, HELP_TOPICS, searchFaqs } from './topics';
import '../../styles/info-pages.css';
import './support.css';

/** `/support-center`: search the FAQ, browse it by topic, or write to the team. */
export function SupportCenterPage() {
  const [state] = useLoad(fetchFaqs, 'faqs');
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<SupportTopic | null>(null);
  const faqs = useMemo(() => (state.status === 'loaded' ? state.data : []), [state]);
  const shown = useMemo(() => {
    const byTopic = topic ? faqsOfTopic(faqs, topic) : faqs;
    return searchFaqs(byTopic, query);
  }, [faqs, topic, query]);
  const topicTitle = HELP_TOPICS.find((t) => t.id === topic)?.title;
  return (
    <div className="info-hub">
      <Head title="Support Center" />
      <header className="info-hero">
        <div className="container">
          <p className="info-hero__kicker">Support Center</p>
          <h1 className="info-hero__title">How can we help?</h1>
          <form className="help-search" role="search" onSubmit={(e) => e.preventDefault()}>
            <label className="visually-hidden" htmlFor="help-query">
              Search the answers
            </label>
            <input
              id="help-query"
              className="input help-search__input"
              type="search"
              placeholder="Search the answers, e.g. cancel, cashback, entries"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </form>
        </div>
      </header>
      <section className="container info-section" aria-labelledby="topics-title">
        <h2 id="topics-title" className="help-heading">
          Browse by topic
        </h2>
        <ul className="help-topics">
          {HELP_TOPICS.map((t) => {
            const count = faqsOfTopic(faqs, t.id).length;
            return (
              <li key={t.id}>
                <button
                  type="button"
                  className={`help-topic${topic === t.id ? ' help-topic--on' : ''}`}
                  aria-pressed={topic === t.id}
                  onClick={() => setTopic(topic === t.id ? null : t.id)}
                >
                  <strong>{t.title}</strong>
                  <span>{t.blurb}</span>
                  {state.status === 'loaded' && <small>{count === 0 ? 'Ask the team' : count === 1 ? '1 answer' : `${count} answers`}</small>}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="container info-section help-answers" aria-labelledby="answers-title">
        <h2 id="answers-title" className="help-heading">
          {topicTitle ?? 'Frequently asked questions'}
          {query.trim() && <span className="help-heading__note"> matching “{query.trim()}”</span>}
        </h2>
        {state.status === 'loading' && <Spinner />}
        {state.status === 'error' && <ErrorNote message={state.error} />}
        {state.status === 'loaded' &&
          (shown.length === 0 ? (
            <EmptyState
              title="No answer matches yet"
              action={
                <Link className="btn btn--gold" to={paths.contactUs.getHref()}>
                  Contact us
                </Link>
              }
            >
              Try fewer or other words, pick another topic, or write to us: we answer every message by email.
            </EmptyState>
          ) : (
            shown.map((f) => (
              <Accordion key={f.id} title={f.question}>
                <p>{f.answer}</p>
              </Accordion>
            ))
          ))}
      </section>
      <section className="info-cta" aria-label="Contact the team">
        <div>
          <h2>Still stuck?</h2>
          <p>
            Write to the team and we answer by email, or call {SUPPORT_PHONE}. You can also email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        </div>
        <div className="info-cta__actions">
          <Link className="btn btn--gold btn--lg" to={paths.contactUs.getHref()}>
            Contact us
          </Link>
        </div>
      </section>
    </div>
  );
}
