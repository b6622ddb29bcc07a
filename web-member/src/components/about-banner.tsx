import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { trackClick } from '../lib/analytics';

/** The about-us banner (spec section 2, shared blocks): a drawn course at dusk, the taglines and Join Now for visitors. */
export function AboutBanner({ loggedIn }: { loggedIn: boolean }) {
  return (
    <section className="about-banner" aria-labelledby="about-banner-title" data-testid="about-banner">
      <img className="about-banner__image" src="/images/about-banner.svg" alt="" width={1440} height={420} />
      <div className="about-banner__body container">
        <p className="eyebrow">Australia's sports rewards club</p>
        <h2 id="about-banner-title" className="about-banner__title">
          Win big. No B.S <span className="hero__accent">Just Glory</span>
        </h2>
        {!loggedIn && (
          <Link to={paths.membership.getHref()} className="btn btn--gold btn--lg" onClick={() => trackClick('Join Now', 'banner-box')}>
            Join Now
          </Link>
        )}
      </div>
    </section>
  );
}
