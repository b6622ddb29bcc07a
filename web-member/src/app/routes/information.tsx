import { AboutBanner } from '../../components/about-banner';
import { IntroVideo } from '../../components/intro-video';
import { InformationLayout } from '../../components/layouts/information-layout';
import { paths } from '../../config/paths';
import { prepareRecaptcha, recaptchaToken } from '../../features/auth/recaptcha';
import { HOW_IT_WORKS, PARTNER_CATEGORIES } from '../../features/home/content';
import { useHomeBlocks } from '../../features/home/home-blocks';
import { BenefitsPage } from '../../features/info-pages/benefits-page';
import { HowItWorksPage } from '../../features/info-pages/how-it-works-page';
import { ContactPage } from '../../features/support/contact-page';
import { SupportCenterPage } from '../../features/support/support-center-page';
import { useAuth } from '../../lib/auth';

const RECAPTCHA = { prepare: prepareRecaptcha, token: recaptchaToken };

export function InformationRoute({ path, title }: { path: string; title: string }) {
  if (path === paths.aboutUs.path) return <AboutRoute path={path} title={title} />;
  // The launch pages the club opens with (issue 20, defect 21): built pages, not a few lines of staff text.
  if (path === paths.howItWorks.path) return <HowItWorksRoute />;
  if (path === paths.benefits.path) return <BenefitsRoute />;
  if (path === paths.supportCenter.path) return <SupportCenterPage />;
  if (path === paths.contactUs.path) return <ContactPage recaptcha={RECAPTCHA} />;
  return <InformationLayout path={path} fallbackTitle={title} />;
}

/** The how-it-works cards as staff edit them on the home page (Home blocks). */
function HowItWorksRoute() {
  const { loggedIn } = useAuth();
  const { howItWorks } = useHomeBlocks();
  return <HowItWorksPage steps={howItWorks} loggedIn={loggedIn} />;
}

function BenefitsRoute() {
  const { loggedIn } = useAuth();
  return <BenefitsPage partnerCategories={PARTNER_CATEGORIES} loggedIn={loggedIn} />;
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
