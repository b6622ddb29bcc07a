import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <section className="placeholder container">
      <Head title="Not found" />
      <h1>Not found.</h1>
      <p>The page you asked for does not exist.</p>
      <Link to={paths.home.getHref()} className="btn btn--gold">
        Go home
      </Link>
    </section>
  );
}
