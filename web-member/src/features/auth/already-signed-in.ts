import { useState } from 'react';
import { session } from '../../lib/session';

/**
 * Whether the visitor was already signed in when the page opened: /login and /sign-up then send
 * them on (a member has nothing to do there). Read once, so the page's own sign-in, which stores
 * the session before it sends the member to a payment page or their destination, is not cut short.
 */
export function useAlreadySignedIn(): boolean {
  const [signedIn] = useState(() => session.isLoggedIn());
  return signedIn;
}
