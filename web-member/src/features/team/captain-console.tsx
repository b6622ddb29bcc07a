import { useState, type FormEvent } from 'react';
import { inviteMate, type Team } from './api';
import { TeamMembers } from './team-members';
import { inviteError } from './team-flow';
import { useToast } from '../../components/ui/toast';

/** The captain of an open team: invite mates by email (3 seats) and follow who has joined. */
export function CaptainConsole({ team, ownEmail, onChanged }: { team: Team; ownEmail: string | null; onChanged: (team: Team) => void }) {
  const notify = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const refused = inviteError(email, team, ownEmail);
    if (refused) return setError(refused);
    setBusy(true);
    setError(null);
    const result = await inviteMate(email);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    notify('success', `Invite sent to ${email.trim()}`);
    setEmail('');
    onChanged(result.data);
  };

  return (
    <>
      <h2>Your team</h2>
      {team.seats_left > 0 && (
        <form className="team-invite" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="team-invite-email">Invite a mate by email</label>
          <div className="team-invite__row">
            <input
              id="team-invite-email"
              className="input"
              type="email"
              name="email"
              required
              value={email}
              aria-invalid={error !== null}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
            />
            <button type="submit" className="btn btn--gold" aria-disabled={busy}>
              {busy ? 'Sending...' : 'Send invite'}
            </button>
          </div>
          {error && (
            <p className="error-note" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      <TeamMembers team={team} />
    </>
  );
}
