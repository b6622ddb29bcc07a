import { Link, useSearchParams } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { useMemberships } from '../../lib/memberships';

/**
 * Sign-up form skeleton. Creating accounts (POST /api/sign-up with recaptcha) is the member
 * accounts release; until then the form shows the chosen tier and says plainly it cannot submit.
 */
export function SignUpPage() {
  const [params] = useSearchParams();
  const catalogue = useMemberships();
  const chosenId = Number(params.get('membership'));
  const chosen = catalogue.status === 'loaded' ? catalogue.memberships.find((m) => m.id === chosenId) : undefined;
  return (
    <>
      <Head title="Sign Up" />
      <h1 className="form-card__title">Create your account</h1>
      {chosen ? <p className="form-card__note">Membership: <strong>{chosen.tier}</strong></p> : null}
      <form className="form" aria-describedby="sign-up-status" onSubmit={(e) => e.preventDefault()}>
        <div className="form__row">
          <label className="field">
            <span>First name</span>
            <input className="input" name="first_name" autoComplete="given-name" />
          </label>
          <label className="field">
            <span>Last name</span>
            <input className="input" name="last_name" autoComplete="family-name" />
          </label>
        </div>
        <label className="field">
          <span>Email</span>
          <input className="input" name="email" type="email" autoComplete="email" />
        </label>
        <label className="field">
          <span>Password</span>
          <input className="input" name="password" type="password" autoComplete="new-password" />
        </label>
        <p id="sign-up-status" className="notice">
          Online sign-up is not open yet: accounts open with the member accounts release.
        </p>
        <button type="submit" className="btn btn--gold btn--block" disabled>
          Sign Up
        </button>
      </form>
      <p className="form-card__links">
        <span>
          Already a member? <Link to={paths.login.getHref()}>Login</Link>
        </span>
      </p>
    </>
  );
}
