import { Features, Hero, HowItWorks, Partners, Testimonials } from './sections';
import { InstagramPosts } from './instagram';
import { useHomeBlocks } from './home-blocks';
import { IntroVideo } from '../../components/intro-video';
import { ReferralCards } from './referral-cards';
import { MembershipTiers } from '../../components/membership-tiers';
import { NextGiveawayBlock } from '../../components/next-giveaway';
import { Head } from '../../components/ui/head';
import { useAuth } from '../../lib/auth';

export function HomePage() {
  const { loggedIn } = useAuth();
  const { howItWorks } = useHomeBlocks();
  return (
    <>
      <Head title="Home" />
      <Hero loggedIn={loggedIn} />
      {/* The section gives the vertical rhythm and the container the side gutters: on one element
          the section's padding overrode the gutters and the block touched the screen edge. */}
      <div className="section section--giveaway">
        <div className="container">
          <NextGiveawayBlock />
        </div>
      </div>
      <HowItWorks />
      <Features />
      <section className="section section--tiers" aria-labelledby="tiers-title">
        <div className="container">
          <h2 id="tiers-title" className="section__title">
            Pick your membership
          </h2>
          <p className="section__lead">Tickets stack monthly. One-off entries are possible. No obligation. Cancel anytime.</p>
          <MembershipTiers />
        </div>
      </section>
      <ReferralCards loggedIn={loggedIn} />
      <Partners />
      <IntroVideo loggedIn={loggedIn} steps={howItWorks} />
      <Testimonials />
      <InstagramPosts />
    </>
  );
}
