import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cancelMembership } from './api';
import { MembershipStatusBox } from '../../components/membership-status-box';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { isFreeMembership } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { session } from '../../lib/session';
import { useMember } from '../../lib/use-member';

type CancelState =
  { step: 'idle' } | { step: 'confirm' } | { step: 'busy' } | { step: 'done'; endDate: string | null } | { step: 'error'; error: string };

/**
 * Membership Plan tab: the current plan (status box), links to upgrade and single entries, and
 * cancellation of a monthly subscription with a confirm step. Benefits last to the end date.
 */
export function MembershipPlanPage() {
  const { reload } = useAuth();
  const { user, membership } = useMember();
  const [cancel, setCancel] = useState<CancelState>({ step: 'idle' });
  if (!user) return null;
  const cancellable = !isFreeMembership(membership) && membership?.type === 'monthly-subscription' && !user.membership_end_date;

  const confirmCancel = async () => {
    setCancel({ step: 'busy' });
    const result = await cancelMembership();
    if (!result.ok) return setCancel({ step: 'error', error: result.error });
    session.saveUser({ ...user, membership_end_date: result.data });
    reload();
    setCancel({ step: 'done', endDate: result.data });
  };

  return (
    <div className="settings-page">
      <Head title="Membership Plan" />
      <h2 className="settings-page__title">Membership Plan</h2>
      <MembershipStatusBox user={user} membership={membership} />
      <div className="plan-actions">
        <Link to={paths.membership.getHref()} className="btn btn--primary">
          Change plan
        </Link>
        <Link to={paths.membership.getHref()} className="btn btn--ghost">
          Buy single entry
        </Link>
      </div>
      {cancel.step === 'done' && (
        <p className="notice" role="status">
          Your membership is cancelled.{cancel.endDate ? ` Your benefits last until ${formatDate(cancel.endDate)}.` : ''}
        </p>
      )}
      {cancellable && cancel.step !== 'done' && (
        <section className="cancel-box" aria-labelledby="cancel-title">
          <h3 id="cancel-title">Cancel membership</h3>
          {cancel.step === 'confirm' || cancel.step === 'busy' ? (
            <>
              <p>Are you sure? Your monthly payments stop and your benefits last until the end of the period you paid for.</p>
              <div className="plan-actions">
                <button type="button" className="btn btn--danger" disabled={cancel.step === 'busy'} onClick={() => void confirmCancel()}>
                  {cancel.step === 'busy' ? 'Cancelling...' : 'Yes, cancel my membership'}
                </button>
                <button type="button" className="btn btn--ghost" disabled={cancel.step === 'busy'} onClick={() => setCancel({ step: 'idle' })}>
                  Keep my membership
                </button>
              </div>
            </>
          ) : (
            <>
              <p>No obligation: cancel any time.</p>
              <button type="button" className="btn btn--ghost" onClick={() => setCancel({ step: 'confirm' })}>
                Cancel membership
              </button>
            </>
          )}
          {cancel.step === 'error' && <ErrorNote message={cancel.error} />}
        </section>
      )}
    </div>
  );
}
