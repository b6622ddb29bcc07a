import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { changePassword, PASSWORD_UPDATE_ERROR } from './api';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { useToast } from '../../components/ui/toast';
import { NewPasswordField } from '../../components/ui/new-password-field';
import type { PasswordFeedback } from '../../lib/password-strength';
import { paths } from '../../config/paths';

/** `/change-password?token=`: the link from the reset email. Success goes to login. */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useToast();
  const token = params.get('token') ?? '';
  // Nothing is wrong before a submit: a missing token is reported when the member tries (spec 8).
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<PasswordFeedback | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (!token || !password) return setError(PASSWORD_UPDATE_ERROR);
    if (token && feedback && !feedback.ok) return setError(feedback.reason);
    if (password !== String(form.get('confirm') ?? '')) return setError('The passwords do not match.');
    setBusy(true);
    setError(null);
    const result = await changePassword(token, password);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    notify('success', 'Your password has been updated. Please log in.');
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <div className="landing-card">
      <Head title="Change Password" />
      <h1 className="landing-card__title">Choose a new password</h1>
      <form className="form" onSubmit={(e) => void submit(e)} onInput={() => setError(null)} noValidate>
        <NewPasswordField label="New password" onFeedback={setFeedback} />
        <label className="field">
          <span>Confirm password</span>
          <input className="input" name="confirm" type="password" autoComplete="new-password" required />
        </label>
        {error && <ErrorNote message={error} />}
        <button type="submit" className="btn btn--gold btn--block" disabled={busy}>
          {busy ? 'Saving...' : 'Update password'}
        </button>
      </form>
      <p className="landing-card__links">
        <Link to={paths.forgotPassword.getHref()}>Request a new link</Link>
      </p>
    </div>
  );
}
