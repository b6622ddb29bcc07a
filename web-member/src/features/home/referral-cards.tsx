import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { trackClick } from '../../lib/analytics';
import { useMemberships } from '../../lib/memberships';
import { referralBenefits, type ReferralBenefit } from '../../lib/referral-benefits';
import { referralCardWording } from '../../lib/referral-cards';
import { useReferralDialog } from '../../lib/referral-dialog';
import './referral-cards.css';

/**
 * "Refer a friend" on home (spec section 9): one card per published, visible single-entry and
 * monthly tier with its bonus entries. A signed-in member reads the inviter's wording and opens
 * the referral modal (which itself shows the upgrade message to a member who may not refer);
 * a visitor reads the invited friend's wording and gets Join Now. No such tiers, no section.
 */
export function ReferralCards({ loggedIn }: { loggedIn: boolean }) {
  const catalogue = useMemberships();
  const [referring, setReferring] = useState(false);
  const ReferralDialog = useReferralDialog();
  const benefits = catalogue.status === 'loaded' ? referralBenefits(catalogue.memberships) : [];
  if (benefits.length === 0) return null;
  return (
    <section className="section section--alt referral-cards" aria-labelledby="referral-cards-title">
      <div className="container">
        <h2 id="referral-cards-title" className="section__title">
          Refer a friend
        </h2>
        <p className="section__lead">
          {loggedIn
            ? 'Earn extra entries for every successful signup using your link. Conditions Apply'
            : 'Joining on a friend’s invite? You both get bonus entries once your first payment goes through.'}
        </p>
        <ul className="referral-cards__grid" data-testid="referral-cards">
          {benefits.map((benefit) => (
            <li key={benefit.membershipId}>
              <ReferralCard benefit={benefit} loggedIn={loggedIn} onRefer={() => setReferring(true)} />
            </li>
          ))}
        </ul>
      </div>
      {referring && <ReferralDialog onClose={() => setReferring(false)} />}
    </section>
  );
}

function ReferralCard({ benefit, loggedIn, onRefer }: { benefit: ReferralBenefit; loggedIn: boolean; onRefer: () => void }) {
  // The inviter's own bonus leads for a member; the friend's bonus leads for a visitor.
  const figures = loggedIn
    ? [
        { label: 'for you', value: benefit.referrerEntries },
        { label: 'for your friend', value: benefit.refereeEntries },
      ]
    : [
        { label: 'for you', value: benefit.refereeEntries },
        { label: 'for your friend', value: benefit.referrerEntries },
      ];
  return (
    <article className="referral-card" aria-label={`${benefit.tier} referral`}>
      <p className="referral-card__eyebrow">Referral bonus</p>
      <h3 className="referral-card__tier">{benefit.tier}</h3>
      <dl className="referral-card__figures" aria-hidden="true">
        {figures.map((f) => (
          <div key={f.label} className="referral-card__figure">
            <dt>{f.label}</dt>
            <dd>+{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="referral-card__copy">{referralCardWording(benefit, loggedIn)}</p>
      {loggedIn ? (
        <button type="button" className="btn btn--gold btn--block" onClick={onRefer}>
          Refer a friend
        </button>
      ) : (
        <Link to={paths.membership.getHref()} className="btn btn--gold btn--block" onClick={() => trackClick('Join Now', 'banner-box')}>
          Join Now
        </Link>
      )}
    </article>
  );
}
