import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { FEATURES, HOW_IT_WORKS, PARTNER_CATEGORIES, TESTIMONIALS } from './content';
import { initialOf } from '../../lib/format';
import { BenefitIcon } from './icons';
import { trackClick } from '../../lib/analytics';

export function Hero({ loggedIn }: { loggedIn: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <p className="eyebrow">Australia's sports rewards club</p>
        <h1 id="hero-title" className="hero__title">
          <span>Win big. No B.S</span>
          <span className="hero__accent">Just Glory</span>
        </h1>
        <p className="hero__copy">
          Partner discounts of 5% to 30%, up to $20 cashback on a round of golf each month, an official handicap and tickets into member prize
          draws that stack every month.
        </p>
        <div className="hero__actions">
          <Link
            to={loggedIn ? paths.dashboard.getHref() : paths.membership.getHref()}
            className="btn btn--gold btn--lg"
            onClick={loggedIn ? undefined : () => trackClick('Join Now', 'banner-box')}
          >
            {loggedIn ? 'Go to Dashboard' : 'Join Now'}
          </Link>
          <Link to={paths.howItWorks.getHref()} className="btn btn--ghost btn--lg">
            How It Works
          </Link>
        </div>
        <p className="hero__trust">
          <strong>Trusted by subscribers</strong> · No obligation. Cancel anytime
        </p>
      </div>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section className="section" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section__title">
          How It Works
        </h2>
        <ol className="steps">
          {HOW_IT_WORKS.map((card, index) => (
            <li key={card.title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <p className="step__subtitle">{card.subtitle}</p>
              <h3 className="step__title">{card.title}</h3>
              <p>{card.copy}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function Features() {
  return (
    <section className="section section--alt" aria-label="Member benefits">
      <div className="container benefit-grid">
        {FEATURES.map((f) => (
          <article key={f.title} className="benefit" style={{ borderTopColor: f.colour }}>
            <BenefitIcon name={f.icon} colour={f.colour} />
            <h3>{f.title}</h3>
            <p>{f.copy}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

export function Partners() {
  return (
    <section className="section" aria-labelledby="partners-title">
      <div className="container">
        <h2 id="partners-title" className="section__title">
          Save with our partners
        </h2>
        <div className="partner-grid">
          {PARTNER_CATEGORIES.map((c) => (
            <article key={c.title} className="partner-card">
              <p className="partner-card__saving">{c.saving}</p>
              <h3>{c.title}</h3>
              <ul className="logo-row" aria-label={`${c.title} partners`}>
                {c.logos.map((logo) => (
                  <li key={logo} className="logo-chip">
                    {logo}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Testimonials({ title = 'Our winners' }: { title?: string }) {
  return (
    <section className="section" aria-labelledby="winners-title">
      <div className="container">
        <h2 id="winners-title" className="section__title">
          {title}
        </h2>
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="testimonial">
              <blockquote>“{t.quote}”</blockquote>
              <p className="testimonial__who">
                <span className="avatar avatar--sm" aria-hidden="true">
                  {initialOf(t.name)}
                </span>
                {t.name}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
