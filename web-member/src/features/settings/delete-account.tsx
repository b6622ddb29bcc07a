import { useState, type FormEvent } from 'react';
import { ERASURE_DELETED, ERASURE_KEPT, ERASURE_PENDING, ERASURE_PROOFS } from '@roar/contracts/erasure';
import { ErrorNote } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { deleteAccount } from './api';

/**
 * "Delete my account" (issue 24), under Password & Security: what is deleted, what is kept and why
 * (the privacy policy's own words, @roar/contracts/erasure) shown before anything is asked, then the
 * password as the confirmation and a destructive button. Done, the browser forgets the session and
 * shows the page that says so.
 */
export function DeleteAccountSection() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get('delete_password') ?? '');
    if (!password) return setError('Enter your password to confirm.');
    setBusy(true);
    setError(null);
    const result = await deleteAccount(password);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    session.clear();
    window.location.assign(paths.accountDeleted.getHref());
  };

  return (
    <section className="delete-account" aria-labelledby="delete-account-title">
      <h3 id="delete-account-title">Delete my account</h3>
      <p>Deleting your account cannot be undone. Read what happens first.</p>
      <div className="delete-account__lists">
        <div>
          <h4>What is deleted</h4>
          <ul>
            {ERASURE_DELETED.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4>What is kept, and why</h4>
          <ul>
            {ERASURE_KEPT.map((k) => (
              <li key={k.what}>
                <strong>{k.what}</strong>: {k.howLong}. {k.why}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <h4>Things in progress</h4>
      <ul>
        {ERASURE_PENDING.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p className="delete-account__proofs">{ERASURE_PROOFS}</p>
      <form className="form settings-form" onSubmit={(e) => void submit(e)} onInput={() => setError(null)} noValidate>
        <label className="field">
          <span>Your password, to confirm</span>
          <input className="input" name="delete_password" type="password" autoComplete="current-password" required />
        </label>
        {error && <ErrorNote message={error} />}
        <button type="submit" className="btn btn--danger" disabled={busy}>
          {busy ? 'Deleting...' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}
