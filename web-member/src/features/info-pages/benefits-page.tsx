import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { trackClick } from '../../lib/analytics';
import { BENEFIT_TILES } from './content';
import { TileIconMark } from './icons';
import '../../styles/info-pages.css';

export interface PartnerSaving {
  readonly title: string;
  readonly saving: string;
}

/** `/benefits`: one tile per benefit (image, icon, title, copy, colour; spec section 2) and the partner categories' savings. */
export function BenefitsPage({ partnerCategories, loggedIn }: { partnerCategories: readonly PartnerSaving[]; loggedIn: boolean }) {
  return (
    <div className="info-hub">
      <Head title="Benefits" />
      <header className="info-hero">
        <div className="container">
          <p className="info-hero__kicker">Benefits</p>
          <h1 className="info-hero__title">Everything a membership gives you</h1>
          <p className="info-hero__lead">
            Discounts, cashback on your round, an official handicap, a members-only store and entries into every eligible draw. Just Glory.
          </p>
        </div>
      </header>
      <section className="container info-section" aria-label="Member benefits">
        <ul className="tiles">
          {BENEFIT_TILES.map((tile) => (
            <li key={tile.id} className="tile" style={{ borderTopColor: tile.colour }} data-testid="benefit-tile">
              <img className="tile__image" src={tile.image} alt={tile.imageAlt} width={96} height={96} loading="lazy" />
              <TileIconMark name={tile.icon} colour={tile.colour} />
              <h2 className="tile__title">{tile.title}</h2>
              <p className="tile__copy">{tile.copy}</p>
              <Link className="tile__link" to={tile.link.to}>
                {tile.link.label} →
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="info-band" aria-labelledby="savings-title">
        <div className="container">
          <h2 id="savings-title" className="info-band__title">
            Save with our partners
          </h2>
          <ul className="savings">
            {partnerCategories.map((c) => (
              <li key={c.title} className="savings__item">
                <strong>{c.saving}</strong>
                <span>{c.title}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {!loggedIn && (
        <section className="info-cta" aria-label="Join">
          <div>
            <h2>Trusted by subscribers</h2>
            <p>No obligation. Cancel anytime.</p>
          </div>
          <div className="info-cta__actions">
            <Link className="btn btn--gold btn--lg" to={paths.membership.getHref()} onClick={() => trackClick('Join Now', 'banner-box')}>
              Join Now
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
