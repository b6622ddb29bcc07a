import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Head } from './ui/head';
import { paths } from '../config/paths';
import { reloadForStaleBuild } from '../lib/stale-build';
import { Spinner } from './ui/feedback';

/**
 * The routes' error element: a page that failed to load or render. A chunk of a replaced release
 * reloads the page once; anything else gets the spec's 'Something went wrong. Try again' with a way
 * to retry or go home, instead of the router's developer screen.
 */
export function RouteError() {
  const error = useRouteError();
  if (reloadForStaleBuild(error)) return <Spinner />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="placeholder container" role="alert">
      <Head title={notFound ? 'Not found' : 'Error'} />
      <h1>{notFound ? 'Not found.' : 'Something went wrong. Try again'}</h1>
      <p className="placeholder__actions">
        {!notFound && (
          <button type="button" className="btn btn--gold" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}{' '}
        <Link to={paths.home.getHref()} className="btn btn--primary">
          Go home
        </Link>
      </p>
    </section>
  );
}
