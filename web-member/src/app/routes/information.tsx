import { AboutBanner } from '../../components/about-banner';
import { IntroVideo } from '../../components/intro-video';
import { InformationLayout } from '../../components/layouts/information-layout';
import { paths } from '../../config/paths';
import { HOW_IT_WORKS } from '../../features/home/content';
import { useAuth } from '../../lib/auth';

export function InformationRoute({ path, title }: { path: string; title: string }) {
  if (path === paths.aboutUs.path) return <AboutRoute path={path} title={title} />;
  return <InformationLayout path={path} fallbackTitle={title} />;
}

/** About us: the banner and the intro video block around the staff-edited page (spec section 2). */
function AboutRoute({ path, title }: { path: string; title: string }) {
  const { loggedIn } = useAuth();
  return (
    <>
      <AboutBanner loggedIn={loggedIn} />
      <InformationLayout path={path} fallbackTitle={title} />
      <IntroVideo loggedIn={loggedIn} steps={HOW_IT_WORKS} />
    </>
  );
}
