import { PlaceholderPage } from '../../features/placeholders/placeholder-page';
import { PLACEHOLDERS, type PlaceholderName } from '../../features/placeholders/pages';

export { NotFoundPage as NotFoundRoute } from '../../features/placeholders/not-found-page';

export function PlaceholderRoute({ name }: { name: PlaceholderName }) {
  return <PlaceholderPage {...PLACEHOLDERS[name]} />;
}
