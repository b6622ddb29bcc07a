import { LockIcon } from '../../components/ui/lock-icon';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useLoad } from '../../lib/use-load';
import { fetchShopSettings, type ShopSettings } from './api';

/**
 * The shop needs a signed-in member with shop access (spec sections 4 and 6). Signed out: a sign-in
 * prompt; without access: the locked state with the way to a membership that has it. Other
 * failures are logged and show nothing (spec section 8).
 */
export function ShopGate({ children }: { children: (settings: ShopSettings) => ReactNode }) {
  const { loggedIn } = useAuth();
  const here = useLocation();
  const [state] = useLoad(async () => (loggedIn ? fetchShopSettings() : { ok: false as const, status: 401, error: '' }), String(loggedIn));
  if (!loggedIn) {
    return (
      <Locked title="Members only" line="Sign in to shop the ROAR Store.">
        <Link className="btn btn--gold" to={paths.login.getHref(`${here.pathname}${here.search}`)}>
          Login
        </Link>
      </Locked>
    );
  }
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'error') {
    console.error('shop settings failed', state.error);
    return (
      <Locked title="The ROAR Store is locked" line="The pro shop is open to members whose membership includes shop access.">
        <Link className="btn btn--gold" to={paths.membership.getHref()}>
          Memberships
        </Link>
      </Locked>
    );
  }
  return <>{children(state.data)}</>;
}

function Locked({ title, line, children }: { title: string; line: string; children: ReactNode }) {
  return (
    <section className="shop container shop-locked">
      <div className="shop-locked__card">
        <span className="shop-locked__badge" aria-hidden="true"><LockIcon size={40} /></span>
        <h1>{title}</h1>
        <p>{line}</p>
        {children}
      </div>
    </section>
  );
}
