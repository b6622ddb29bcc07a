import { Outlet, useLocation } from 'react-router-dom';
import { Header } from '../header/header';
import { Footer } from '../footer';
import { isBareRoute, paths } from '../../config/paths';

/**
 * Public pages (spec section 2, layout 2). Header and footer are hidden on login, sign-up,
 * password and referral screens. Every page but home gets the top-of-page band, which keeps
 * content clear of the fixed header; home lets its hero run under the transparent header.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const bare = isBareRoute(pathname);
  const onHome = pathname === paths.home.path;
  return (
    <div className="app-shell">
      {!bare && <Header />}
      <main id="content" className="app-main">
        {!bare && !onHome && <div className="page-top" data-testid="page-top" />}
        <Outlet />
      </main>
      {!bare && <Footer />}
    </div>
  );
}
