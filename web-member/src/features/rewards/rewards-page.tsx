import { Link } from 'react-router-dom';
import { Head } from '../../components/ui/head';
import { Empty, ErrorNote, Spinner } from '../../components/ui/feedback';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { useMember } from '../../lib/use-member';
import { fetchRewards, fetchRewardsCarousel } from './api';
import { OfferCard } from './offer-card';
import { RewardsCarousel } from './rewards-carousel';
import './rewards.css';

/** /rewards: the carousel, then live partner offers by category; locked without rewards access (spec section 4). */
export function RewardsPage() {
  const { loggedIn } = useMember();
  const [rewards] = useLoad(fetchRewards, loggedIn ? 'member' : 'visitor');
  const [carousel] = useLoad(fetchRewardsCarousel, 'carousel');

  return (
    <section className="rewards-page container">
      <Head title="Rewards" />
      <h1>Rewards</h1>
      <p className="rewards-page__intro">Members with rewards access save with our partners. Rewards stay open while your membership is active.</p>
      {carousel.status === 'loaded' && <RewardsCarousel items={carousel.data} />}
      {rewards.status === 'loading' && <Spinner />}
      {rewards.status === 'error' && <ErrorNote message={rewards.error} />}
      {rewards.status === 'loaded' && (
        <>
          {!rewards.data.rewards_access && (
            <div className="rewards-page__upgrade" role="note">
              <p>
                {rewards.data.signed_in
                  ? 'Your membership does not include rewards. Upgrade to unlock the codes and offers below.'
                  : 'Join or log in to unlock partner codes and offers.'}
              </p>
              {!rewards.data.signed_in && (
                <Link to={paths.login.getHref(paths.rewards.getHref())} className="btn btn--ghost">
                  Login
                </Link>
              )}
            </div>
          )}
          {rewards.data.categories.map((category) => (
            <section key={category.id} className="rewards-category" aria-labelledby={`category-${category.id}`}>
              <h2 id={`category-${category.id}`}>{category.title}</h2>
              {category.offers.length === 0 ? (
                <Empty />
              ) : (
                <div className="offer-grid">
                  {category.offers.map((offer) => (
                    <OfferCard key={offer.id} offer={offer} signedIn={rewards.data.signed_in} />
                  ))}
                </div>
              )}
            </section>
          ))}
        </>
      )}
    </section>
  );
}
