import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * react-admin's login page: a full page load of the light sign-in page (main.tsx), remembering the
 * console page staff were sent from (react-admin passes it as `nextPathname`).
 */
export function ToSignIn() {
  const location = useLocation();
  useEffect(() => {
    const state = location.state as { nextPathname?: unknown; nextSearch?: unknown } | null;
    // react-admin's nextPathname is the browser's path (basename included); an older one may lack it.
    const path = typeof state?.nextPathname === 'string' ? state.nextPathname : null;
    const from =
      path === null ? null : `${path.startsWith('/admin') ? path : `/admin${path}`}${typeof state?.nextSearch === 'string' ? state.nextSearch : ''}`;
    window.location.replace(from && from !== '/admin/' && from !== '/admin' ? `/admin/login?next=${encodeURIComponent(from)}` : '/admin/login');
  }, [location.state]);
  return null;
}
