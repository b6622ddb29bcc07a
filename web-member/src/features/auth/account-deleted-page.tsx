import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';

/** After "Delete my account" (issue 24): signed out, and told it is done. */
export function AccountDeletedPage() {
  return (
    <div className="container account-deleted">
      <Head title="Account deleted" noIndex />
      <h1>Your account has been deleted</h1>
      <p>Your personal details can no longer be read by anyone, and you have been signed out. We have emailed you to confirm it.</p>
      <p>
        What we keep, and why, is in our <Link to={paths.privacyPolicy.getHref()}>privacy policy</Link>. You are welcome to join again at any time.
      </p>
      <Link className="btn btn--gold" to={paths.home.getHref()}>
        Back to home
      </Link>
    </div>
  );
}
