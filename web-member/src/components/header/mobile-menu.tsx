import { Link } from 'react-router-dom';
import { AVATAR_MENU, PRINCIPAL_MENU, visibleFor } from '../menus';
import { MenuLink } from '../menu-link';
import { SocialLinks } from '../ui/social-links';
import { trackClick } from '../../lib/analytics';
import { paths } from '../../config/paths';
import { initialOf } from '../../lib/format';
import type { MemberView } from '../../lib/use-member';

interface Props {
  readonly open: boolean;
  readonly member: MemberView;
  readonly name: string;
  readonly onClose: () => void;
  readonly onRefer: () => void;
  readonly onLogout: () => void;
}

/** Mobile and tablet slide-in menu (spec section 2, header). */
export function MobileMenu({ open, member, name, onClose, onRefer, onLogout }: Props) {
  const membershipId = member.user?.membership_id ?? null;
  return (
    <>
      <div className={`mobile-menu__scrim${open ? ' is-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav id="mobile-menu" className={`mobile-menu${open ? ' is-open' : ''}`} aria-label="Mobile menu" aria-hidden={!open} inert={!open}>
        <button type="button" className="mobile-menu__close" aria-label="Close menu" onClick={onClose}>
          ×
        </button>
        {member.loggedIn ? (
          <div className="mobile-menu__user">
            <span className="avatar" aria-hidden="true">
              {initialOf(name)}
            </span>
            <strong>{name}</strong>
          </div>
        ) : null}
        <div className="mobile-menu__actions">
          {member.loggedIn ? (
            <>
              <Link to={paths.dashboard.getHref()} className="btn btn--primary" onClick={onClose}>
                Dashboard
              </Link>
              {member.showStore && (
                <Link to={paths.proShop.getHref()} className="btn btn--gold" onClick={onClose}>
                  ROAR Store
                </Link>
              )}
            </>
          ) : (
            <>
              <Link
                to={paths.membership.getHref()}
                className="btn btn--gold"
                onClick={() => {
                  trackClick('Join Now', 'header');
                  onClose();
                }}
              >
                Join Now
              </Link>
              <Link to={paths.login.getHref()} className="btn btn--ghost" onClick={onClose}>
                Login
              </Link>
            </>
          )}
        </div>
        <ul className="mobile-menu__list">
          {visibleFor(PRINCIPAL_MENU, membershipId).map((item) => (
            <li key={item.url}>
              <MenuLink item={item} onNavigate={onClose} />
            </li>
          ))}
        </ul>
        {member.loggedIn && (
          <ul className="mobile-menu__list mobile-menu__list--account">
            {member.canRefer && (
              <li>
                <button type="button" onClick={onRefer}>
                  Refer Friends
                </button>
              </li>
            )}
            {visibleFor(AVATAR_MENU, membershipId).map((item) => (
              <li key={item.title}>
                <MenuLink item={item} onNavigate={onClose} />
              </li>
            ))}
            <li>
              <button type="button" onClick={onLogout}>
                Logout
              </button>
            </li>
          </ul>
        )}
        <div className="mobile-menu__social">
          <SocialLinks />
        </div>
      </nav>
    </>
  );
}
