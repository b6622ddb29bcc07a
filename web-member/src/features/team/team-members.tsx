import { formatDate } from '../../lib/format';
import type { Team } from './api';
import { joinedCount, memberStatusLabel } from './team-flow';

/** Who is in the team and who has joined: used on /team-prizes and in the dashboard box. */
export function TeamMembers({ team }: { team: Team }) {
  return (
    <div className="team-members">
      <p className="team-members__summary">
        {team.status === 'complete' ? (
          <strong>Team complete: entered in the team draw</strong>
        ) : (
          <>
            <strong>{joinedCount(team)} of 4 joined</strong> · {team.seats_left} {team.seats_left === 1 ? 'seat' : 'seats'} left
          </>
        )}
      </p>
      <ul className="team-members__list" aria-label="Team members">
        {team.members.map((m) => (
          <li key={`${m.email}-${m.invite_id ?? 'captain'}`} className={`team-members__item team-members__item--${m.status}`}>
            <span className="team-members__who">
              <strong>{m.name ?? m.email}</strong>
              {m.name && <small>{m.email}</small>}
            </span>
            <span className="team-members__status">
              {memberStatusLabel(m.status)}
              {m.status === 'pending' && m.expires_at && <small> · expires {formatDate(m.expires_at)}</small>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
