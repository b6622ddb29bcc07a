import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fetchInvite, joinTeam, type Team, type TeamInvite } from './api';
import { TeamMembers } from './team-members';
import { TEAM_TERMS } from './team-flow';
import { useTeam } from './use-team';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { visibleTiers } from '../../lib/access';
import { formatDate, formatDollars } from '../../lib/format';
import { useMemberships } from '../../lib/memberships';
import { followRedirect } from '../../lib/plans';
import { useMember } from '../../lib/use-member';

type InviteLoad = { status: 'loading' } | { status: 'error'; error: string } | { status: 'loaded'; invite: TeamInvite };

function useInvite(inviteId: string): InviteLoad {
  const [load, setLoad] = useState<InviteLoad>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    void fetchInvite(inviteId).then((r) => live && setLoad(r.ok ? { status: 'loaded', invite: r.data } : { status: 'error', error: r.error }));
    return () => {
      live = false;
    };
  }, [inviteId]);
  return load;
}

/**
 * An invite link (`/team-prizes?invite=<id>`): who invited whom and the fee. A signed-in mate
 * pays through the checkout; a visitor signs up (the free tier preselected) or logs in first and
 * comes back to this same invite.
 */
export function InviteCard({ inviteId }: { inviteId: string }) {
  const navigate = useNavigate();
  const { loggedIn } = useMember();
  const catalogue = useMemberships();
  const load = useInvite(inviteId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const back = `${paths.teamPrizes.getHref()}?${new URLSearchParams({ invite: inviteId }).toString()}`;
  const freeTier = catalogue.status === 'loaded' ? visibleTiers(catalogue.memberships).find((t) => t.type === 'free') : undefined;

  if (load.status === 'loading') return <Spinner />;
  if (load.status === 'error') return <ErrorNote message={load.error} />;
  const { invite } = load;

  const join = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await joinTeam(inviteId);
    if (!result.ok) {
      setBusy(false);
      return setError(result.error);
    }
    followRedirect(result.data, (to) => void navigate(to));
  };

  return (
    <>
      <h2>{invite.captain_firstname || 'A mate'} invited you to their team</h2>
      <p>
        Invite for <strong>{invite.email}</strong>. A one-time fee of <strong>{formatDollars(invite.fee)}</strong> gets you {TEAM_TERMS.mateEntries}{' '}
        entries, {TEAM_TERMS.merchandiseDiscountPercent}% off merchandise and one month of the benefit programme.
        {invite.status === 'pending' && invite.expires_at && <> This invite expires {formatDate(invite.expires_at)}.</>}
      </p>
      {invite.status === 'paid' && <ErrorNote message="This invite has already been paid." />}
      {invite.status === 'expired' && <ErrorNote message="This invite has expired." />}
      {error && <ErrorNote message={error} />}
      {invite.status === 'pending' &&
        (loggedIn ? (
          <div className="team-panel__actions">
            <button type="button" className="btn btn--gold" disabled={busy} onClick={() => void join()}>
              {busy ? 'Please wait...' : `Join & pay ${formatDollars(invite.fee)}`}
            </button>
          </div>
        ) : (
          <div className="team-panel__actions">
            <Link to={paths.signUp.getHref(freeTier?.id, back)} className="btn btn--gold">
              Sign up to join
            </Link>
            <Link to={paths.login.getHref(back)} className="btn btn--ghost">
              Login to join
            </Link>
          </div>
        ))}
    </>
  );
}

/** Back from paying the fee (`&paid=1`): the confirmation, and the team once the payment shows. */
export function PaidConfirmation({ inviteId }: { inviteId: string }) {
  const { loggedIn, user } = useMember();
  const mine = (team: Team | null) => Boolean(team?.members.some((m) => m.invite_id === inviteId && m.status === 'paid'));
  const [team] = useTeam(loggedIn, mine);
  return (
    <>
      <h2>Payment received</h2>
      <p>
        Thanks{user?.firstname ? `, ${user.firstname}` : ''}! You're in: {TEAM_TERMS.mateEntries} entries, {TEAM_TERMS.merchandiseDiscountPercent}%
        off merchandise and one month of the benefit programme are yours.
      </p>
      {team.status === 'loading' && <Spinner />}
      {team.status === 'error' && <ErrorNote message={team.error} />}
      {team.status === 'loaded' && team.team && <TeamMembers team={team.team} />}
      <div className="team-panel__actions">
        <Link to={paths.dashboard.getHref()} className="btn btn--primary">
          Go to Dashboard
        </Link>
      </div>
    </>
  );
}
