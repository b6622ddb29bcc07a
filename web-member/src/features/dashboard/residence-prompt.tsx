import { useState, type FormEvent } from 'react';
import { AU_STATES } from '@roar/contracts/common';
import { ResidenceFields } from '../../components/residence-fields';
import { PROFILE_UPDATE_ERROR } from '@roar/contracts/errors';
import { profileUpdateAnswerSchema } from '@roar/contracts/members';
import { memberRequest } from '../../lib/member-api';
import { session } from '../../lib/session';

interface ResidenceFacts {
  readonly state?: string | null;
  readonly dob?: string | null;
}

/**
 * Issue 22: asked once of a member whose state or date of birth is missing, "before your next entry
 * counts". Answering saves through the profile call (`PATCH /api/update-user`), a MemberProfileUpdated.
 */
export function ResidencePrompt({ user, onSaved }: { user: ResidenceFacts; onSaved: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  if (done || (user.state && user.dob)) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const state = String(form.get('state') ?? '');
    const dob = String(form.get('dob') ?? '');
    if (!state || !dob) return setError('Please give your state or territory and your date of birth.');
    setBusy(true);
    const result = await memberRequest('/api/update-user', {
      method: 'PATCH',
      body: { state: state as (typeof AU_STATES)[number], dob },
      schema: profileUpdateAnswerSchema,
    });
    setBusy(false);
    if (!result.ok) return setError(PROFILE_UPDATE_ERROR);
    if (result.data.user) session.saveUser(result.data.user);
    setDone(true);
    onSaved();
  };
  return (
    <section className="card residence-prompt" aria-labelledby="residence-prompt-title">
      <h2 id="residence-prompt-title">Where you live and your date of birth</h2>
      <p>Please tell us before your next entry counts: prize draws are open by state and to members 18 or over.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <ResidenceFields state={user.state} dob={user.dob} />
        {error && <p role="alert">{error}</p>}
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </form>
    </section>
  );
}
