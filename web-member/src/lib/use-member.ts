import { useAuth } from './auth';
import { useMemberships } from './memberships';
import { canRefer, showsStoreButton } from './access';
import type { Membership, User } from '../types/api';

export interface MemberView {
  readonly loggedIn: boolean;
  readonly user: User | null;
  readonly membership: Membership | undefined;
  readonly showStore: boolean;
  readonly canRefer: boolean;
}

/** What the chrome needs about the signed-in member, joined with their catalogue entry. */
export function useMember(): MemberView {
  const { loggedIn, user } = useAuth();
  const catalogue = useMemberships();
  const memberships = catalogue.status === 'loaded' ? catalogue.memberships : [];
  const membership = user?.membership_id == null ? undefined : memberships.find((m) => m.id === user.membership_id);
  const now = new Date();
  return {
    loggedIn,
    user: loggedIn ? user : null,
    membership,
    showStore: loggedIn && user !== null && showsStoreButton(user, membership, now),
    canRefer: loggedIn && user !== null && canRefer(user, membership, now),
  };
}
