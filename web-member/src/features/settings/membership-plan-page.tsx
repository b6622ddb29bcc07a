import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cancelMembership, fetchCancelPreview } from './api';
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
  | { step: 'idle' }
  | { step: 'preview' }
  | { step: 'confirm'; notice: string }
  | { step: 'busy'; notice: string }
  | { step: 'done'; endDate: string | null; notice: string }
  | { step: 'error'; error: string };

/**
 * Membership Plan tab: the current plan (status box), links to upgrade and single entries, and
 * cancellation of a monthly subscription with a confirm step. Benefits last to the end date; the
 * confirm step says what happens to the member's entries (issue 23), in the server's words, which
 * the cancellation email repeats.
 */
export function MembershipPlanPage() {
  const { reload } = useAuth();
  const { user, membership } = useMember();
  const [cancel, setCancel] = useState<CancelState>({ step: 'idle' });
  if (!user) return null;
  const cancellable = !isFreeMembership(membership) && membership?.type === 'monthly-subscription' && !user.membership_end_date;

  const askCancel = async () => {
    setCancel({ step: 'preview' });
    const preview = await fetchCancelPreview();
    setCancel(preview.ok ? { step: 'confirm', notice: preview.data.text } : { step: 'error', error: preview.error });
  };

  const confirmCancel = async (notice: string) => {
    setCancel({ step: 'busy', notice });
    const result = await cancelMembership();
    if (!result.ok) return setCancel({ step: 'error', error: result.error });
    session.saveUser({ ...user, membership_end_date: result.data.endDate });
    reload();
    setCancel({ step: 'done', endDate: result.data.endDate, notice: result.data.notice });
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
        <div className="notice" role="status">
          <p>Your membership is cancelled.{cancel.endDate ? ` Your benefits last until ${formatDate(cancel.endDate)}.` : ''}</p>
          <p data-testid="cancel-notice-done">{cancel.notice}</p>
        </div>
      )}
      {cancellable && cancel.step !== 'done' && (
        <section className="cancel-box" aria-labelledby="cancel-title">
          <h3 id="cancel-title">Cancel membership</h3>
          {cancel.step === 'preview' && <p aria-busy="true">Working out what happens to your entries...</p>}
          {cancel.step === 'confirm' || cancel.step === 'busy' ? (
            <>
              <p>Are you sure? Your monthly payments stop and your benefits last until the end of the period you paid for.</p>
              <p className="cancel-box__notice" data-testid="cancel-notice">
                {cancel.notice}
              </p>
              <div className="plan-actions">
                <button type="button" className="btn btn--danger" disabled={cancel.step === 'busy'} onClick={() => void confirmCancel(cancel.notice)}>
                  {cancel.step === 'busy' ? 'Cancelling...' : 'Yes, cancel my membership'}
                </button>
                <button type="button" className="btn btn--ghost" disabled={cancel.step === 'busy'} onClick={() => setCancel({ step: 'idle' })}>
                  Keep my membership
                </button>
              </div>
            </>
          ) : cancel.step === 'preview' ? null : (
            <>
              <p>No obligation: cancel any time.</p>
              <button type="button" className="btn btn--ghost" onClick={() => void askCancel()}>
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
