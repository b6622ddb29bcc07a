import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Header } from '../header/header';
import { Footer } from '../footer';
import { LoadingScreen } from '../ui/feedback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { applyStoredUpgradePlan, followRedirect } from '../../lib/plans';
import { session } from '../../lib/session';
import { tokens } from '../../lib/tokens';

/**
 * Member-only pages (spec section 2, layout 1): on mount, a visitor without a session is sent
 * to login after the stored session is cleared (a half-written session must not linger). A member
 * whose token has expired gets it refreshed first (or is sent to login when that fails), and a
 * plan chosen before signing in is applied now (spec section 4, upgrade).
 */
export function PrivateLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { reload } = useAuth();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (!session.isLoggedIn()) {
      session.clear();
      void navigate(paths.login.getHref(pathname), { replace: true });
      return;
    }
    let live = true;
    void (async () => {
      const token = await tokens.accessToken();
      if (!live || !token) return; // the token manager has already sent the user to login
      const user = session.user();
      const plan = user && session.upgradePlanId() ? await applyStoredUpgradePlan(user) : null;
      if (!live) return;
      if (plan?.redirectUrl) return followRedirect(plan.redirectUrl, (to) => void navigate(to));
      reload();
      setAllowed(true);
    })();
    return () => {
      live = false;
    };
  }, [navigate, pathname, reload]);
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
