import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Header } from '../header/header';
import { Footer } from '../footer';
import { LoadingScreen } from '../ui/feedback';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';

/**
 * Member-only pages (spec section 2, layout 1): on mount, a visitor without a session is sent
 * to login after the stored session is cleared (a half-written session must not linger).
 */
export function PrivateLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (session.isLoggedIn()) {
      setAllowed(true);
      return;
    }
    session.clear();
    void navigate(paths.login.getHref(pathname), { replace: true });
  }, [navigate, pathname]);
  return (
    <div className="app-shell app-shell--private">
      <meta name="robots" content="noindex, nofollow" />
      <Header />
      <main id="content" className="app-main">
        <div className="page-top" />
        {allowed ? <Outlet /> : <LoadingScreen />}
      </main>
      <Footer />
    </div>
  );
}
