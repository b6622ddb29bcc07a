import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAlreadySignedIn } from './already-signed-in';
import { currentUser, login } from './api';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { applyStoredUpgradePlan, followRedirect } from '../../lib/plans';
import { session } from '../../lib/session';

/** Only same-site paths may be a post-login destination (no open redirect). */
const safeRedirect = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : paths.dashboard.getHref();

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { reload } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alreadySignedIn = useAlreadySignedIn();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const tokens = await login(String(form.get('email') ?? '').trim(), String(form.get('password') ?? ''));
    const user = tokens.ok ? await currentUser(tokens.data.access_token) : null;
    if (!tokens.ok) {
      setBusy(false);
      // Login shows the first message of the server's error list (spec section 8).
      return setError(tokens.error);
    }
    if (!user?.ok) {
      setBusy(false);
      return setError(user && !user.ok ? user.error : 'Unknown error');
    }
    session.saveTokens(tokens.data, Date.now());
    session.saveUser(user.data);
    reload();
    // A plan picked before signing in is applied now (spec section 4, upgrade).
    const plan = await applyStoredUpgradePlan(user.data);
    setBusy(false);
    if (plan.redirectUrl) return followRedirect(plan.redirectUrl, (to) => void navigate(to, { replace: true }));
    void navigate(safeRedirect(params.get('redirectTo')), { replace: true });
  };

  if (alreadySignedIn) return <Navigate to={safeRedirect(params.get('redirectTo'))} replace />;
  return (
    <>
      <Head title="Login" />
      <h1 className="form-card__title">Welcome back</h1>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span>Email</span>
          <input className="input" name="email" type="email" autoComplete="email" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input className="input" name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && <ErrorNote message={error} />}
        <button type="submit" className="btn btn--gold btn--block" disabled={busy}>
          {busy ? 'Signing in...' : 'Login'}
        </button>
      </form>
      <p className="form-card__links">
        <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
        <span>
          New here? <Link to={paths.signUp.getHref()}>Sign Up</Link>
        </span>
      </p>
    </>
  );
}
