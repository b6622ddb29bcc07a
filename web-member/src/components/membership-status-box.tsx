import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { isFreeMembership, offersUpgrade } from '../lib/access';
import { trackClick } from '../lib/analytics';
import { formatDate } from '../lib/format';
import type { Membership, User } from '../types/api';

/** The heading of the box: single-entry and free memberships omit the word MEMBERSHIP (spec 4). */
export function statusTitle(membership: Membership | undefined): string {
  const tier = membership?.tier ?? 'No Membership';
  const bare = isFreeMembership(membership) || membership?.type === 'single-entry';
  return bare ? tier : `${tier} MEMBERSHIP`;
}

/**
 * Membership status box (spec sections 2 and 4). A set end date means the membership was
 * cancelled and its benefits last until then. Upgrade is offered unless on the top tier; the
 * button goes to the membership page either way.
 */
export function MembershipStatusBox({ user, membership }: { user: User; membership: Membership | undefined }) {
  const free = isFreeMembership(membership);
  const upgrade = offersUpgrade(membership);
  return (
    <section className={`status-box${free ? ' status-box--free' : ''}`} aria-labelledby="status-box-title" data-testid="membership-status-box">
      <p className="status-box__label">Your membership</p>
      <h2 id="status-box-title" className="status-box__title">
        {statusTitle(membership)}
      </h2>
      {user.membership_end_date ? (
        <p className="status-box__end">Cancelled: your benefits last until {formatDate(user.membership_end_date)}</p>
      ) : (
        <p className="status-box__end">{free ? 'Upgrade to stack entries every month.' : 'Active'}</p>
      )}
      <Link to={paths.membership.getHref()} className="btn btn--gold" onClick={() => trackClick(upgrade ? 'Upgrade' : 'Memberships', 'membership-status-box')}>
        {upgrade ? 'Upgrade' : 'Memberships'}
      </Link>
    </section>
  );
}
