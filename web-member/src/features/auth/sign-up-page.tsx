import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAlreadySignedIn } from './already-signed-in';
import { currentUser, signUp } from './api';
import { prepareRecaptcha, recaptchaToken } from './recaptcha';
import { ResidenceFields, residenceAnswers } from '../../components/residence-fields';
import { Head } from '../../components/ui/head';
import { ErrorNote } from '../../components/ui/feedback';
import { NewPasswordField } from '../../components/ui/new-password-field';
import type { PasswordFeedback, PasswordOwner } from '../../lib/password-strength';
import { paths } from '../../config/paths';
import { visibleTiers } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { formatDollars } from '../../lib/format';
import { useMemberships } from '../../lib/memberships';
import { followRedirect } from '../../lib/plans';
import { referralCode } from '../../lib/referral-code';
import { session } from '../../lib/session';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'membership_id'] as const;

/**
 * Sign-up (spec sections 5 and 7): names, email, password, a published and visible tier
 * (`?membership=<id>` preselects it) and a recaptcha token. On success the session is stored and
 * the browser goes to `redirect_url`: the payment page for a paid tier, the dashboard for free.
 */
export function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { reload } = useAuth();
  const catalogue = useMemberships();
  const tiers = catalogue.status === 'loaded' ? visibleTiers(catalogue.memberships) : [];
  const wanted = params.get('membership') ?? session.upgradePlanId() ?? '';
  const preselected = tiers.some((t) => String(t.id) === wanted) ? wanted : '';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The names and email typed so far: the password must not be built from them.
  const [owner, setOwner] = useState<PasswordOwner>({});
  const [passwordFeedback, setPasswordFeedback] = useState<PasswordFeedback | null>(null);
  const readOwner = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const next = { email: text('email'), names: [text('first_name'), text('last_name')] };
    if (next.email !== owner.email || next.names.join('|') !== (owner.names ?? []).join('|')) setOwner(next);
  };

  const alreadySignedIn = useAlreadySignedIn();

  useEffect(() => {
    if (!alreadySignedIn) prepareRecaptcha();
  }, [alreadySignedIn]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const value = (name: (typeof FIELDS)[number]) => String(form.get(name) ?? '').trim();
    if (FIELDS.some((name) => value(name) === '')) return setError('Please fill in every field.');
    if (passwordFeedback && !passwordFeedback.ok) return setError(passwordFeedback.reason);
    const limit = spendingLimitFromForm(form);
    if ('error' in limit) return setError(limit.error);
    setBusy(true);
    setError(null);
    let token: string;
    try {
      token = await recaptchaToken();
    } catch (e) {
      console.error('recaptcha failed', e);
      setBusy(false);
      return setError('Something went wrong. Try again');
    }
    // A code kept from /refer/{code} goes along once (docs/contracts-4-5.md).
    const referral = referralCode.get();
    const result = await signUp({
      ...(referral ? { referral_code: referral } : {}),
      first_name: value('first_name'),
      last_name: value('last_name'),
      email: value('email'),
      password: String(form.get('password') ?? ''),
      membership_id: Number(value('membership_id')),
      recaptcha_token: token,
      ...limit.fields,
      ...(form.get('marketing_opt_in') === 'on' ? { marketing_opt_in: true } : {}),
      ...(residenceAnswers(form) as Pick<Parameters<typeof signUp>[0], 'state' | 'dob'>),
    });
    if (!result.ok) {
      setBusy(false);
      // A code the server refuses would block every retry: drop it, the visitor can sign up without.
      if (referral && result.error === 'Invalid referral code.') referralCode.remove();
      return setError(result.error);
    }
    referralCode.remove();
    // The chosen tier went with the sign-up; a stored plan must not be applied again at login.
    session.removeUpgradePlanId();
    session.saveTokens(result.data, Date.now());
    const me = await currentUser(result.data.access_token);
    // If the user read fails, the names just typed stand in until the next current-user read.
    session.saveUser(
      me.ok
        ? me.data
        : {
            id: '',
            email: value('email'),
            firstname: value('first_name'),
            lastname: value('last_name'),
            status: 'active',
            membership_id: null,
            membership_end_date: null,
            referral_code: null,
          },
    );
    reload();
    // A free plan is active at once: go back where the visitor came from (a team invite), if anywhere.
    const back = params.get('redirectTo');
    const toPayment = new URL(result.data.redirect_url, window.location.origin).pathname.startsWith('/pay/');
    if (back && back.startsWith('/') && !back.startsWith('//') && !toPayment) return void navigate(back, { replace: true });
    followRedirect(result.data.redirect_url, (to) => void navigate(to, { replace: true }));
  };

  // A member changes plan from their settings, not by making a second account.
  if (alreadySignedIn) return <Navigate to={paths.dashboard.getHref()} replace />;
  return (
    <>
      <Head title="Sign Up" />
      <h1 className="form-card__title">Create your account</h1>
      {referralCode.get() && (
        <p className="form-card__note">You were invited by a friend: join with a paid membership and you both get bonus entries.</p>
      )}
      <form
        className="form"
        onSubmit={(e) => void submit(e)}
        onInput={(e) => {
          // An edit answers the last error: the live feedback takes over.
          setError(null);
          readOwner(e.currentTarget);
        }}
        noValidate
      >
        <div className="form__row">
          <label className="field">
            <span>First name</span>
            <input className="input" name="first_name" autoComplete="given-name" required />
          </label>
          <label className="field">
            <span>Last name</span>
            <input className="input" name="last_name" autoComplete="family-name" required />
          </label>
        </div>
        <label className="field">
          <span>Email</span>
          <input className="input" name="email" type="email" autoComplete="email" required />
        </label>
        <NewPasswordField label="Password" owner={owner} onFeedback={setPasswordFeedback} />
        <label className="field">
          <span>Membership</span>
          {/* Keyed on the preselection so it applies once the catalogue has loaded. */}
          <select key={`${catalogue.status}-${preselected}`} className="input" name="membership_id" defaultValue={preselected} required>
            <option value="" disabled>
              Select...
            </option>
            {tiers.map((t) => (
              <option key={t.id} value={t.id}>
                {t.tier} ({t.price === 0 ? 'Free' : formatDollars(t.price)})
              </option>
            ))}
          </select>
        </label>
        <SpendingLimitField />
        <ResidenceFields />
        <label className="checkbox">
          <input type="checkbox" name="marketing_opt_in" /> Tell me when a new draw opens (never while I am on a break or self-excluded)
        </label>
        {error && <ErrorNote message={error} />}
        <button type="submit" className="btn btn--gold btn--block" disabled={busy}>
          {busy ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
      <p className="form-card__links">
        <span>
          Already a member? <Link to={paths.login.getHref(params.get('redirectTo') ?? undefined)}>Login</Link>
        </span>
      </p>
    </>
  );
}

/** Issue 23: the optional monthly limit on draw purchases, offered at sign-up ($0 allowed). */
function SpendingLimitField() {
  return (
    <label className="field">
      <span>Monthly limit on draw purchases (optional)</span>
      <input className="input" name="monthly_limit" type="number" min="0" step="0.01" inputMode="decimal" placeholder="No limit" />
      <small className="club-muted">You can set any amount, including $0. The pro shop is not counted.</small>
    </label>
  );
}

/** The limit field as the sign-up body's `monthly_limit_cents` (left out when empty). */
function spendingLimitFromForm(form: FormData): { fields: { monthly_limit_cents?: number } } | { error: string } {
  const raw = String(form.get('monthly_limit') ?? '').trim();
  if (raw === '') return { fields: {} };
  const cents = Math.round(Number(raw) * 100);
  if (!Number.isFinite(cents) || cents < 0) return { error: 'Enter a monthly limit in dollars, $0 or more.' };
  return { fields: { monthly_limit_cents: cents } };
}
