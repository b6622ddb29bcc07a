import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useEntries } from './use-entries';
import { EntryTile } from '../../components/entry-tile';
import { MembershipStatusBox } from '../../components/membership-status-box';
import { NextGiveawayBlock } from '../../components/next-giveaway';
import { Head } from '../../components/ui/head';
import { ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { ResidencePrompt } from './residence-prompt';
import { ClaimNotice } from '../../components/claim-notice';
import { refreshCurrentUser } from '../../lib/current-user';
import { useMember } from '../../lib/use-member';

/** `teamBox`: the team feature's tile, placed among the others (the app composes it: app/routes/member.tsx). */
export function DashboardPage({ teamBox }: { teamBox?: ReactNode }) {
  const { reload } = useAuth();
  const { user, membership } = useMember();
  const entries = useEntries();
  // Back from a payment the membership may have changed: read the user afresh.
  useEffect(() => {
    void refreshCurrentUser().then((fresh) => fresh && reload());
  }, [reload]);
  if (!user) return <Spinner />;
  return (
    <div className="dashboard container">
      <Head title="Dashboard" />
      <h1 className="dashboard__title">Dashboard</h1>
      <p className="dashboard__welcome">Welcome back, {user.firstname || user.email}</p>
      <ClaimNotice />
      <div className="dashboard__grid">
        <ResidencePrompt user={user} onSaved={reload} />
        <MembershipStatusBox user={user} membership={membership} />
        <div className="dashboard__tiles">
          {entries.status === 'loading' && <Spinner />}
          {entries.status === 'error' && <ErrorNote message={entries.error} />}
          {entries.status === 'loaded' && <EntryTile title="Total Entries" count={entries.ledger.total} to={paths.totalEntries.getHref()} />}
          <Link to={paths.myDraws.getHref()} className="entry-tile entry-tile--link">
            <span className="entry-tile__title">My Draws</span>
            <span className="entry-tile__more">View →</span>
          </Link>
          {teamBox}
          <Link to={paths.clubhouse.getHref()} className="entry-tile entry-tile--link">
            <span className="entry-tile__title">Clubhouse: handicap and scorecards</span>
            <span className="entry-tile__more">Open →</span>
          </Link>
        </div>
      </div>
      <NextGiveawayBlock />
    </div>
  );
}
