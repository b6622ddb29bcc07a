import { LockIcon } from '../../components/ui/lock-icon';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useLoad } from '../../lib/use-load';
import { fetchShopSettings, type ShopSettings } from './api';
import { hasShopAccess } from '../../lib/access';
import type { ApiResult } from '../../lib/api-client';
import { refreshCurrentUser } from '../../lib/current-user';
import { fetchMemberships } from '../../lib/memberships';

const NO_ACCESS = 'no shop access';

/**
 * Shop access is decided from the member's own record first (spec section 4: an unexpired
 * membership with shop_access, or an active single entry), so a member without it never calls the
 * shop's API; only when that cannot be read does the shop's own answer decide.
 */
async function loadShop(): Promise<ApiResult<ShopSettings>> {
  const [me, catalogue] = await Promise.all([refreshCurrentUser(), fetchMemberships()]);
  if (me && catalogue.ok) {
    const membership = catalogue.data.find((m) => m.id === me.user.membership_id);
    if (!hasShopAccess(me.user, membership, new Date(), me.activeSingleEntries)) return { ok: false, status: 403, error: NO_ACCESS };
  }
  return fetchShopSettings();
}

/**
 * The shop needs a signed-in member with shop access (spec sections 4 and 6). Signed out: a sign-in
 * prompt; without access: the locked state with the way to a membership that has it. Other
 * failures are logged and show nothing (spec section 8).
 */
export function ShopGate({ children }: { children: (settings: ShopSettings) => ReactNode }) {
  const { loggedIn } = useAuth();
  const here = useLocation();
  const [state] = useLoad(async () => (loggedIn ? loadShop() : { ok: false as const, status: 401, error: '' }), String(loggedIn));
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
    // Without shop access the shop's API is never asked (it would answer 403): nothing to log.
    if (state.error !== NO_ACCESS) console.error('shop settings failed', state.error);
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
        <span className="shop-locked__badge" aria-hidden="true">
          <LockIcon size={40} />
        </span>
        <h1>{title}</h1>
        <p>{line}</p>
        {children}
      </div>
    </section>
  );
}
