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
 * The line under the tier. A single entry's end date is the day that entry stops counting, not a
 * cancellation; any other set end date means the membership was cancelled (or its payment failed)
 * and its benefits last until then.
 */
export function statusLine(user: Pick<User, 'membership_end_date'>, membership: Membership | undefined): string {
  if (membership?.type === 'single-entry') {
    return user.membership_end_date ? `Single entry: valid until ${formatDate(user.membership_end_date)}` : 'Single entry';
  }
  if (user.membership_end_date) return `Cancelled: your benefits last until ${formatDate(user.membership_end_date)}`;
  return isFreeMembership(membership) ? 'Upgrade to stack entries every month.' : 'Active';
}

/**
 * Membership status box (spec sections 2 and 4). Upgrade is offered unless on the top tier; the
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
      <p className="status-box__end">{statusLine(user, membership)}</p>
      <Link
        to={paths.membership.getHref()}
        className="btn btn--gold"
        onClick={() => trackClick(upgrade ? 'Upgrade' : 'Memberships', 'membership-status-box')}
      >
        {upgrade ? 'Upgrade' : 'Memberships'}
      </Link>
    </section>
  );
}
