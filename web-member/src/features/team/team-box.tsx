import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchTeamBenefit, type TeamBenefit } from './api';
import { TeamMembers } from './team-members';
import { useTeam } from './use-team';
import { ErrorNote } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import './team.css';

/** A paid mate's month of benefits (20% off merchandise, rewards access), when one is running. */
function useTeamBenefit(enabled: boolean): TeamBenefit | null {
  const [benefit, setBenefit] = useState<TeamBenefit | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // Shown as extra information only: a failed read just leaves the line out.
    void fetchTeamBenefit().then((r) => live && r.ok && setBenefit(r.data));
    return () => {
      live = false;
    };
  }, [enabled]);
  return benefit;
}

/** The dashboard's team box: shown only when the member has a team (open or complete). */
export function TeamBox() {
  const [team] = useTeam(true);
  const isMate = team.status === 'loaded' && team.team?.role === 'mate';
  const benefit = useTeamBenefit(isMate);
  if (team.status === 'loading') return null;
  if (team.status === 'error') return <ErrorNote message={team.error} />;
  if (!team.team) return null;
  const t = team.team;
  return (
    <section className="team-box" aria-labelledby="team-box-title" data-testid="team-box">
      <h2 id="team-box-title">{t.role === 'captain' ? 'Your team' : `${t.captain.firstname ?? ''}'s team`}</h2>
      <TeamMembers team={t} />
      {benefit && (
        <p className="team-box__benefit">
          Your team benefits: {benefit.merchandise_discount_percent}% off merchandise and rewards access until {formatDate(benefit.until)}.
        </p>
      )}
      <Link to={paths.teamPrizes.getHref()}>Team Prizes →</Link>
    </section>
  );
}
