import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PARTNER_CATEGORIES } from './content';
import { useHomeBlocks } from './home-blocks';
import { initialOf } from '../../lib/format';
import { BenefitIcon } from './icons';
import { fetchPartners } from './partners';
import { fetchTestimonials } from './testimonials';
import { useLoad } from '../../lib/use-load';
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
          Partner discounts of 5% to 30%, up to $20 cashback on a round of golf each month, an official handicap and tickets into member prize draws
          that stack every month.
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
  const { howItWorks } = useHomeBlocks();
  return (
    <section className="section" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section__title">
          How It Works
        </h2>
        <ol className="steps">
          {howItWorks.map((card, index) => (
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
  const { features } = useHomeBlocks();
  return (
    <section className="section section--alt" aria-label="Member benefits">
      <div className="container benefit-grid">
        {features.map((f) => (
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
  // Logo rows come from the partner catalogue; while it loads (or if it fails) the categories still show.
  const [partners] = useLoad(fetchPartners, 'partners');
  const listed = partners.status === 'loaded' ? partners.data : [];
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
                {listed
                  .filter((p) => p.category === c.id)
                  .map((p) => (
                    <li key={p.id} className="logo-chip">
                      {/* Far below the fold: lazy, so the server's page carries no preload of it and the browser neither fetches nor
                          decodes it before the first paint (each SVG picture is a document of its own to build, issue 25). */}
                      <img
                        src={p.logo}
                        alt={`${p.name} logo${p.sample ? ' (sample partner)' : ''}`}
                        width={120}
                        height={48}
                        loading="lazy"
                        decoding="async"
                      />
                    </li>
                  ))}
              </ul>
              {listed.some((p) => p.category === c.id && p.sample) && <p className="partner-card__note">Sample partners, for illustration.</p>}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Testimonials({ title = 'What members say' }: { title?: string }) {
  // Staff-edited testimonials with their images; none published (or the call failed): no section.
  const [testimonials] = useLoad(fetchTestimonials, 'testimonials');
  if (testimonials.status !== 'loaded' || testimonials.data.length === 0) return null;
  const illustrative = testimonials.data.some((t) => t.illustrative);
  return (
    <section className="section" aria-labelledby="winners-title">
      <div className="container">
        <h2 id="winners-title" className="section__title">
          {title}
        </h2>
        {illustrative && <p className="testimonial-note">Illustrative examples, not real members, until members share their stories.</p>}
        <ul className="testimonial-grid">
          {testimonials.data.map((t) => (
            <li key={String(t.id)} className="testimonial">
              <blockquote>“{t.quote}”</blockquote>
              <p className="testimonial__who">
                {t.image ? (
                  // Below the fold, as the partner logos: no preload, no fetch before the first paint.
                  <img className="testimonial__image" src={t.image} alt="" width={48} height={48} loading="lazy" decoding="async" />
                ) : (
                  <span className="avatar avatar--sm" aria-hidden="true">
                    {initialOf(t.name)}
                  </span>
                )}
                <span>
                  {t.name}
                  {t.illustrative && <small className="testimonial__label">Illustrative</small>}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
