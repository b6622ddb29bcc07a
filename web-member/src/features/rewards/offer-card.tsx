import { LockIcon } from '../../components/ui/lock-icon';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { trackClick } from '../../lib/analytics';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { revealOffer, type Offer, type Reveal } from './api';

/** One offer: partner, saving; open offers reveal their code, link or member card, locked ones point to an upgrade. */
export function OfferCard({ offer, signedIn }: { offer: Offer; signedIn: boolean }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'shown'; reveal: Reveal }>(
    { kind: 'idle' },
  );
  const reveal = async () => {
    setState({ kind: 'loading' });
    const r = await revealOffer(offer.id);
    setState(r.ok ? { kind: 'shown', reveal: r.data } : { kind: 'error', message: r.error });
  };
  const label = offer.redeem_method === 'code' ? 'Show code' : offer.redeem_method === 'link' ? 'Get the link' : 'Show member card';

  return (
    <article className={`offer-card${offer.locked ? ' offer-card--locked' : ''}`} aria-label={`${offer.partner.name}: ${offer.title}`}>
      <img className="offer-card__logo" src={offer.partner.logo} alt={`${offer.partner.name} logo`} />
      <div className="offer-card__body">
        <p className="offer-card__partner">
          {offer.partner.name}
          {offer.partner.sample && <span className="sample-badge">Sample partner</span>}
        </p>
        <h3 className="offer-card__title">{offer.title}</h3>
        <p className="offer-card__saving">{offer.saving}</p>
        {offer.locked ? (
          <div className="offer-card__locked">
            <p>
              <LockIcon className="offer-card__lock" /> Locked: details and codes are for members with rewards access.
            </p>
            {signedIn ? (
              <Link to={paths.membershipPlan.getHref()} className="btn btn--gold" onClick={() => trackClick('Upgrade', 'banner-box')}>
                Upgrade
              </Link>
            ) : (
              <Link to={paths.membership.getHref()} className="btn btn--gold" onClick={() => trackClick('Join Now', 'banner-box')}>
                Join Now
              </Link>
            )}
          </div>
        ) : (
          <>
            {offer.terms && <p className="offer-card__terms">{offer.terms}</p>}
            {state.kind === 'shown' ? (
              <RevealedOffer reveal={state.reveal} />
            ) : (
              <button type="button" className="btn btn--gold" onClick={() => void reveal()} disabled={state.kind === 'loading'}>
                {state.kind === 'loading' ? 'Loading...' : label}
              </button>
            )}
            {state.kind === 'error' && (
              <p role="alert" className="error-note">
                {state.message}
              </p>
            )}
          </>
        )}
      </div>
    </article>
  );
}

function RevealedOffer({ reveal }: { reveal: Reveal }) {
  if (reveal.code) {
    return (
      <p className="offer-card__code">
        Your code: <strong data-testid="offer-code">{reveal.code}</strong>
      </p>
    );
  }
  if (reveal.url) {
    return (
      <a className="btn btn--gold" href={reveal.url} target="_blank" rel="noopener noreferrer">
        Go to {reveal.partner}
      </a>
    );
  }
  if (reveal.card) {
    return (
      <div className="member-card" aria-label="Member card">
        <p className="member-card__brand">ROAR+ member</p>
        <p className="member-card__name">{reveal.card.name}</p>
        <p>{reveal.card.tier}</p>
        <p>Member no. {reveal.card.member_number}</p>
        <p>Shown {new Date(reveal.card.valid_on).toLocaleString('en-AU', { timeZone: CLUB_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' })}</p>
      </div>
    );
  }
  return null;
}
