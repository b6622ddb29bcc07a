import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { resetPassword } from './api';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { paths } from '../../config/paths';

/** The one confirmation for every address, so the page never tells whether an email is registered. */
export const RESET_CONFIRMATION = 'If an account exists for that email, we have sent a link to reset your password.';

export function ForgotPasswordPage() {
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'busy') return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return setError('Please enter a valid email');
    setError(null);
    setState('busy');
    const result = await resetPassword(email);
    // A refused request (rate limit, network) is the only thing worth saying differently.
    if (!result.ok) {
      setState('idle');
      return setError(result.error);
    }
    setState('sent');
  };

  return (
    <div className="landing-card">
      <Head title="Forgot Password" />
      <h1 className="landing-card__title">Forgot your password?</h1>
      {state === 'sent' ? (
        <p className="landing-card__note" role="status">
          {RESET_CONFIRMATION}
        </p>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="landing-card__note">Enter the email you joined with and we will send you a link to choose a new password.</p>
          <label className="field">
            <span>Email</span>
            <input className="input" name="email" type="email" autoComplete="email" required />
          </label>
          {error && <ErrorNote message={error} />}
          <button type="submit" className="btn btn--gold btn--block" disabled={state === 'busy'}>
            {state === 'busy' ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="landing-card__links">
        <Link to={paths.login.getHref()}>Back to Login</Link>
      </p>
    </div>
  );
}
