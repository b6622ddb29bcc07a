import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';

export interface PlaceholderProps {
  readonly title: string;
  readonly heading: string;
  /** One honest line about what the page will hold once its feature ships. */
  readonly line: string;
  readonly backToDashboard?: boolean;
}

/** A route whose feature belongs to a later release: real title, heading and intent, no fakes. */
export function PlaceholderPage({ title, heading, line, backToDashboard = false }: PlaceholderProps) {
  return (
    <section className="placeholder container">
      <Head title={title} />
      {backToDashboard && (
        <Link to={paths.dashboard.getHref()} className="back-link">
          ← Back to Dashboard
        </Link>
      )}
      <h1>{heading}</h1>
      <p>{line}</p>
    </section>
  );
}
