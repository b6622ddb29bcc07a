import { InformationLayout } from '../../components/layouts/information-layout';

export function InformationRoute({ path, title }: { path: string; title: string }) {
  return <InformationLayout path={path} fallbackTitle={title} />;
}
