import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorNote } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../config/site';
import { fullName, useAuth } from '../../lib/auth';
import { sendSupportRequest, SUPPORT_TOPICS, type SupportTopic } from './api';
import '../../styles/info-pages.css';
import './support.css';

export interface Recaptcha {
  readonly prepare: () => void;
  readonly token: (action?: string) => Promise<string>;
}

/** `/contact-us`: a message to the support team (recaptcha like the other public forms), tied to the member when signed in. */
export function ContactPage({ recaptcha }: { recaptcha: Recaptcha }) {
  const { loggedIn, user } = useAuth();
  const [name, setName] = useState(loggedIn ? fullName(user) : '');
  const [email, setEmail] = useState(loggedIn ? (user?.email ?? '') : '');
  const [topic, setTopic] = useState<SupportTopic | ''>('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);

  useEffect(() => recaptcha.prepare(), [recaptcha]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim() || !email.trim() || !topic || !message.trim()) return setError('Please fill in every field.');
    setBusy(true);
    setError(null);
    let token: string;
    try {
      token = await recaptcha.token('contact');
    } catch (e) {
      console.error('recaptcha failed', e);
      setBusy(false);
      return setError('Something went wrong. Try again');
    }
    const r = await sendSupportRequest({ name: name.trim(), email: email.trim(), topic, message: message.trim(), recaptcha_token: token }, loggedIn);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setSent({ name: name.trim(), email: email.trim() });
  };

  return (
    <div className="info-hub">
      <Head title="Contact Us" />
      <header className="info-hero">
        <div className="container">
          <p className="info-hero__kicker">Contact Us</p>
          <h1 className="info-hero__title">Talk to the ROAR+ team</h1>
          <p className="info-hero__lead">
            Questions about your membership, a draw, an order or your handicap: send us a message and we answer by email.
          </p>
        </div>
      </header>
      <section className="container info-section contact" aria-label="Contact the team">
        <div className="contact__card">
          {sent ? (
            <div className="contact__sent" role="status">
              <h2>Thanks, {sent.name}: your message is with our team</h2>
              <p>We answer by email to {sent.email}. Meanwhile, the Support Center may already have the answer.</p>
              <div className="info-cta__actions">
                <Link className="btn btn--gold" to={paths.supportCenter.getHref()}>
                  Support Center
                </Link>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => {
                    setSent(null);
                    setMessage('');
                    setTopic('');
                  }}
                >
                  Send another message
                </button>
              </div>
            </div>
          ) : (
            <form className="form" onSubmit={(e) => void submit(e)} noValidate>
              <div className="form__row">
                <label className="field">
                  <span>Your name</span>
                  <input className="input" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required />
                </label>
                <label className="field">
                  <span>Email</span>
                  <input
                    className="input"
                    name="email"
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    required
                  />
                </label>
              </div>
              <label className="field">
                <span>Topic</span>
                <select className="input" name="topic" value={topic} onChange={(e) => setTopic(e.target.value as SupportTopic | '')} required>
                  <option value="">Choose a topic</option>
                  {SUPPORT_TOPICS.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>Message</span>
                <textarea
                  className="input contact__message"
                  name="message"
                  rows={6}
                  maxLength={5000}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  required
                />
              </label>
              {loggedIn && <p className="contact__note">Signed in: our team sees your membership with your message.</p>}
              {error && <ErrorNote message={error} />}
              <button type="submit" className="btn btn--gold btn--lg" disabled={busy}>
                {busy ? 'Sending...' : 'Send message'}
              </button>
            </form>
          )}
        </div>
        <aside className="contact__aside" aria-label="Other ways to reach us">
          <h2>Other ways to reach us</h2>
          <p>
            Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <p>
            Call <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
          </p>
          <p>
            Quick answers: <Link to={paths.supportCenter.getHref()}>Support Center</Link> and <Link to={paths.faq.getHref()}>FAQ</Link>.
          </p>
        </aside>
      </section>
    </div>
  );
}
