import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

const TABS = [
  { title: 'Profile', url: paths.profilePage.getHref(), needsMembership: false },
  { title: 'Password & Security', url: paths.passwordAndSecurity.getHref(), needsMembership: false },
  { title: 'Payment Method', url: paths.paymentMethod.getHref(), needsMembership: true },
  { title: 'Membership Plan', url: paths.membershipPlan.getHref(), needsMembership: false },
  { title: 'Handicap', url: paths.handicapInfo.getHref(), needsMembership: false },
  { title: 'Limits & Breaks', url: paths.limitsAndBreaks.getHref(), needsMembership: false },
] as const;

/**
 * Settings (spec section 2, layout 5): a side menu on desktop. On mobile and tablet the settings
 * route itself is the list of tabs, and each sub page offers 'Back to Settings'. CSS decides
 * which of the two a width shows; the markup carries both.
 */
export function SettingsLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const hasMembership = user?.membership_id != null;
  const tabs = TABS.filter((tab) => hasMembership || !tab.needsMembership);
  const onIndex = pathname === paths.settings.path || pathname === `${paths.settings.path}/`;
  return (
    <div className={`settings-layout container${onIndex ? ' settings-layout--index' : ''}`}>
      <h1 className="settings-layout__title">Settings</h1>
      <div className="settings-layout__body">
        <nav className="settings-layout__menu" aria-label="Settings">
          {tabs.map((tab) => (
            <NavLink
              key={tab.url}
              to={tab.url}
              end
              // On a desktop the settings index shows the profile, so its tab reads as the current one there.
              className={({ isActive }) => `settings-tab${isActive || (onIndex && tab.url === paths.profilePage.getHref()) ? ' is-active' : ''}`}
            >
              {tab.title}
            </NavLink>
          ))}
        </nav>
        <section className="settings-layout__content">
          {!onIndex && (
            <Link to={paths.settings.getHref()} className="back-link settings-layout__back">
              ← Back to Settings
            </Link>
          )}
          <Outlet />
        </section>
      </div>
    </div>
  );
}
