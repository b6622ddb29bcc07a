import { Link } from 'react-router-dom';
import { FOOTER_MENU, SECOND_FOOTER_MENU, visibleFor } from './menus';
import { MenuLink } from './menu-link';
import { Logo } from './ui/logo';
import { SocialLinks } from './ui/social-links';
import { ServiceWidgets } from './service-widgets';
import { trackClick } from '../lib/analytics';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';

export function Footer() {
  const { loggedIn, user } = useAuth();
  const membershipId = user?.membership_id ?? null;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">
            Australia's sports rewards club. Member discounts, green-fee cashback and prize draws for golfers and sport fans.
          </p>
          {!loggedIn && (
            <Link to={paths.membership.getHref()} className="btn btn--gold" onClick={() => trackClick('Join Now', 'footer')}>
              Join Now
            </Link>
          )}
        </div>
        <nav className="site-footer__menu" aria-label="Footer">
          <ul>
            {visibleFor(FOOTER_MENU, membershipId)
              .filter((item) => !(loggedIn && item.url === paths.login.getHref()))
              .map((item) => (
                <li key={item.title}>
                  <MenuLink item={item} />
                </li>
              ))}
          </ul>
        </nav>
        <nav className="site-footer__menu" aria-label="Legal and support">
          <ul>
            {SECOND_FOOTER_MENU.map((item) => (
              <li key={item.title}>
                <MenuLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p>Images may be subject to copyright and are for illustrative purposes only.</p>
        <p>ROAR+ giveaways are not affiliated with, sponsored or endorsed by any sporting body, league or club.</p>
        <div className="site-footer__bottom">
          <p>© {year} ROAR+. ROAR+ and the ROAR+ logo are trademarks of ROAR+. All rights reserved.</p>
          <SocialLinks />
        </div>
      </div>
      <ServiceWidgets />
    </footer>
  );
}
