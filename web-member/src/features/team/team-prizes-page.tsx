import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { startTeam, type Team } from './api';
import { CaptainConsole } from './captain-console';
import { InviteCard, PaidConfirmation } from './invite-card';
import { TeamMembers } from './team-members';
import { isPayingSubscriber, TEAM_TERMS, teamView } from './team-flow';
import { useTeam } from './use-team';
import { Head } from '../../components/ui/head';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { trackClick } from '../../lib/analytics';
import { formatDollars } from '../../lib/format';
import { useMember } from '../../lib/use-member';
import './team.css';

/**
 * /team-prizes: the team draw's copy (spec sections 1 and 9), then the flow: join or log in,
 * start a team, the captain's invites, an invite link with its $50 payment, the confirmation.
 */
export function TeamPrizesPage() {
  const [params] = useSearchParams();
  const { loggedIn, user, membership } = useMember();
  const inviteId = params.get('invite');
  const paid = params.get('paid') === '1';
  const [team, reload] = useTeam(loggedIn && !inviteId);
  const view = teamView({ loggedIn, inviteId, paid, team, payingSubscriber: user !== null && isPayingSubscriber(user, membership, new Date()) });

  return (
    <section className="team-page container">
      <Head title="Team Prizes" />
      <div className="team-page__hero">
        <h1>Team Prizes</h1>
        <p>
          A paying subscriber invites {TEAM_TERMS.mates} friends by email. Each pays a one-time {formatDollars(TEAM_TERMS.fee)} fee for{' '}
          {TEAM_TERMS.mateEntries} entries, {TEAM_TERMS.merchandiseDiscountPercent}% off merchandise and one month of the benefit programme. A
          complete team of four is entered in the team draw. The inviter gets a bonus of {TEAM_TERMS.inviterBonusEntries} entries. If anyone on the
          team wins, they must take the others along.
        </p>
      </div>
      <ul className="team-terms" aria-label="Team draw terms">
        <li>
          <strong>{TEAM_TERMS.mates} mates</strong> invited by email
        </li>
        <li>
          <strong>{formatDollars(TEAM_TERMS.fee)}</strong> one-time fee each
        </li>
        <li>
          <strong>{TEAM_TERMS.mateEntries} entries</strong> {TEAM_TERMS.merchandiseDiscountPercent}% off merchandise and {TEAM_TERMS.benefitMonths}{' '}
          month of benefits
        </li>
        <li>
          <strong>{TEAM_TERMS.inviterBonusEntries} entries</strong> bonus for the inviter
        </li>
      </ul>
      <div className="team-panel" data-testid="team-panel">
        {view.kind === 'signed-out' && (
          <>
            <h2>Start a team</h2>
            <p>Join with a monthly membership to start a team, or log in.</p>
            <div className="team-panel__actions">
              <Link to={paths.membership.getHref()} className="btn btn--gold" onClick={() => trackClick('Join Now', 'banner-box')}>
                Join Now
              </Link>
              <Link to={paths.login.getHref(paths.teamPrizes.getHref())} className="btn btn--ghost">
                Login
              </Link>
            </div>
          </>
        )}
        {view.kind === 'invite' && <InviteCard inviteId={view.inviteId} />}
        {view.kind === 'paid' && <PaidConfirmation inviteId={view.inviteId} />}
        {view.kind === 'loading' && <Spinner />}
        {view.kind === 'error' && <ErrorNote message={view.error} />}
        {view.kind === 'start' && <StartTeam onStarted={reload} />}
        {view.kind === 'not-subscriber' && (
          <>
            <h2>Start a team</h2>
            <p>Only a paying subscriber can start a team.</p>
            <div className="team-panel__actions">
              <Link to={paths.membership.getHref()} className="btn btn--gold" onClick={() => trackClick('Memberships', 'banner-box')}>
                Memberships
              </Link>
            </div>
          </>
        )}
        {view.kind === 'captain' && <CaptainConsole team={view.team} ownEmail={user?.email ?? null} onChanged={reload} />}
        {view.kind === 'member' && (
          <>
            <h2>{view.team.role === 'captain' ? 'Your team' : `${view.team.captain.firstname ?? ''}'s team`}</h2>
            <TeamMembers team={view.team} />
          </>
        )}
      </div>
    </section>
  );
}

function StartTeam({ onStarted }: { onStarted: (team: Team) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await startTeam();
    setBusy(false);
    if (result.ok) onStarted(result.data);
    else setError(result.error);
  };
  return (
    <>
      <h2>Start a team</h2>
      <p>
        Invite {TEAM_TERMS.mates} mates. Once all four of you are in, your team is entered in the team draw and you get{' '}
        {TEAM_TERMS.inviterBonusEntries} bonus entries.
      </p>
      {error && <ErrorNote message={error} />}
      <div className="team-panel__actions">
        <button type="button" className="btn btn--gold" disabled={busy} onClick={() => void start()}>
          {busy ? 'Please wait...' : 'Start a team'}
        </button>
      </div>
    </>
  );
}
