import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { trackClick } from '../../lib/analytics';
import { STEP_IMAGES, type StepCard } from './content';
import '../../styles/info-pages.css';

/** `/how-it-works`: the spec's four steps (the home page's cards, as staff edit them) with an illustration each. */
export function HowItWorksPage({ steps, loggedIn }: { steps: readonly StepCard[]; loggedIn: boolean }) {
  return (
    <div className="info-hub">
      <Head title="How It Works" />
      <header className="info-hero">
        <div className="container">
          <p className="info-hero__kicker">How It Works</p>
          <h1 className="info-hero__title">Four steps to Australia&apos;s sports rewards club</h1>
          <p className="info-hero__lead">
            Pick a membership and cancel any time. Your tickets stack monthly, your discounts start straight away, and your handicap lives here too.
          </p>
        </div>
      </header>
      <section className="container info-section" aria-label="The four steps">
        <ol className="walk">
          {steps.map((step, i) => {
            const image = STEP_IMAGES[i] ?? STEP_IMAGES[0]!;
            return (
              <li key={step.title} className="walk__step">
                <img className="walk__image" src={image.src} alt={image.alt} width={120} height={120} />
                <div className="walk__body">
                  <p className="walk__subtitle">{step.subtitle}</p>
                  <h2 className="walk__title">{step.title}</h2>
                  <p>{step.copy}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
      <section className="info-cta" aria-label="Get started">
        <div>
          <h2>Win big. No B.S</h2>
          <p>No obligation. Cancel anytime.</p>
        </div>
        <div className="info-cta__actions">
          {loggedIn ? (
            <Link className="btn btn--gold btn--lg" to={paths.dashboard.getHref()}>
              Go to your dashboard
            </Link>
          ) : (
            <Link className="btn btn--gold btn--lg" to={paths.membership.getHref()} onClick={() => trackClick('Join Now', 'banner-box')}>
              Join Now
            </Link>
          )}
          <Link className="btn btn--ghost btn--lg" to={paths.benefits.getHref()}>
            See the benefits
          </Link>
        </div>
      </section>
    </div>
  );
}
