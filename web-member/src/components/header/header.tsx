import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AvatarMenu } from './avatar-menu';
import { MobileMenu } from './mobile-menu';
import { PRINCIPAL_MENU, visibleFor } from '../menus';
import { MenuLink } from '../menu-link';
import { Logo } from '../ui/logo';
import { trackClick } from '../../lib/analytics';
import { paths } from '../../config/paths';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../config/site';
import { fullName, useAuth } from '../../lib/auth';
import { useMember } from '../../lib/use-member';
import { useReferralDialog } from '../../lib/referral-dialog';

const subscribeToScroll = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/**
 * Scroll offset past the threshold: on home the header turns dark-backed from there. The server's page
 * is drawn unscrolled, and hydration draws it so too (the server snapshot); React then draws the
 * browser's own offset, so a visitor who scrolled before the page went live sees the header follow.
 */
function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY >= threshold,
    () => false,
  );
}

export function Header() {
  const { pathname } = useLocation();
  const { logout } = useAuth();
  const member = useMember();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [referring, setReferring] = useState(false);
  const ReferralDialog = useReferralDialog();
  const onHome = pathname === paths.home.path;
  const transparent = onHome && !scrolled;
  const name = fullName(member.user);
  const membershipId = member.user?.membership_id ?? null;

  useEffect(() => setMenuOpen(false), [pathname]);
  const startReferral = () => {
    setMenuOpen(false);
    setReferring(true);
  };

  return (
    <header className={`site-header ${transparent ? 'site-header--transparent' : 'site-header--solid'}`} data-testid="site-header">
      <div className="site-header__inner">
        <Logo />
        <nav className="site-header__nav" aria-label="Main">
          {visibleFor(PRINCIPAL_MENU, membershipId).map((item) => (
            <MenuLink key={item.url} item={item} className="site-header__link" />
          ))}
        </nav>
        <div className="site-header__actions">
          {member.loggedIn ? (
            <>
              <Link to={paths.dashboard.getHref()} className="btn btn--primary">
                Dashboard
              </Link>
              {member.showStore && (
                <Link to={paths.proShop.getHref()} className="btn btn--gold">
                  ROAR Store
                </Link>
              )}
              <AvatarMenu name={name} membershipId={membershipId} canRefer={member.canRefer} onRefer={startReferral} onLogout={logout} />
            </>
          ) : (
            <>
              <Link to={paths.membership.getHref()} className="btn btn--gold" onClick={() => trackClick('Join Now', 'header')}>
                Join Now
              </Link>
              <Link to={paths.login.getHref()} className="btn btn--ghost">
                Login
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="site-header__burger"
          aria-label="Open menu"
          aria-controls="mobile-menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      <MobileMenu open={menuOpen} member={member} name={name} onClose={() => setMenuOpen(false)} onRefer={startReferral} onLogout={logout} />
      {referring && <ReferralDialog onClose={() => setReferring(false)} />}
    </header>
  );
}
