import { useMemo, useState, type FormEvent } from 'react';
import { PASSWORD_ERROR, updatePassword } from './api';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { useToast } from '../../components/ui/toast';
import { NewPasswordField } from '../../components/ui/new-password-field';
import { useAuth } from '../../lib/auth';
import type { PasswordFeedback } from '../../lib/password-strength';
import { DeleteAccountSection } from './delete-account';

export function PasswordPage() {
  const notify = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { user } = useAuth();
  const owner = useMemo(() => ({ email: user?.email ?? null, names: [user?.firstname, user?.lastname] }), [user]);
  const [feedback, setFeedback] = useState<PasswordFeedback | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('current_password') ?? '');
    const password = String(form.get('password') ?? '');
    if (!current || !password) return setError(PASSWORD_ERROR);
    if (feedback && !feedback.ok) return setError(feedback.reason);
    if (password !== String(form.get('confirm') ?? '')) return setError('The passwords do not match.');
    setBusy(true);
    setError(null);
    const result = await updatePassword(current, password);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    formElement.reset();
    notify('success', 'Your password has been updated.');
  };

  return (
    <div className="settings-page">
      <Head title="Password & Security" />
      <h2 className="settings-page__title">Password & Security</h2>
      <form className="form settings-form" onSubmit={(e) => void submit(e)} onInput={() => setError(null)} noValidate>
        <label className="field">
          <span>Current password</span>
          <input className="input" name="current_password" type="password" autoComplete="current-password" required />
        </label>
        <NewPasswordField label="New password" owner={owner} onFeedback={setFeedback} />
        <label className="field">
          <span>Confirm new password</span>
          <input className="input" name="confirm" type="password" autoComplete="new-password" required />
        </label>
        {error && <ErrorNote message={error} />}
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Saving...' : 'Update password'}
        </button>
      </form>
      <DeleteAccountSection />
    </div>
  );
}
