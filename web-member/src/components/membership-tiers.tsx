import type { CSSProperties } from 'react';
import { visibleTiers } from '../lib/access';
import { formatDollars } from '../lib/format';
import { useMemberships } from '../lib/memberships';
import type { Membership } from '../types/api';
import { Empty, ErrorNote, Spinner } from './ui/feedback';
import { TierAction } from './tier-action';
import { SafeHtml } from './ui/safe-html';

const priceNote = (m: Membership): string => {
  switch (m.type) {
    case 'free':
      return 'forever';
    case 'single-entry':
      return 'one-off entry';
    case 'monthly-subscription':
      return 'per month';
    default: {
      const unknownType: never = m.type;
      return String(unknownType);
    }
  }
};

function TierCard({ membership }: { membership: Membership }) {
  const accent = membership.colour ?? '#f5b82e';
  const headingId = `tier-${membership.id}`;
  return (
    <article className="tier-card" aria-labelledby={headingId} style={{ '--tier-accent': accent } as CSSProperties}>
      <h3 id={headingId} className="tier-card__name">
        {membership.tier}
      </h3>
      <p className="tier-card__price">
        <strong>{membership.price === 0 ? 'Free' : formatDollars(membership.price)}</strong>
        <span>{priceNote(membership)}</span>
      </p>
      {membership.initial_tickets > 0 && (
        <p className="tier-card__tickets">
          {membership.initial_tickets} entries{membership.cumulative_tickets > 0 ? ' each month, stacking' : ''}
        </p>
      )}
      <ul className="tier-card__items">
        {membership.items.map((item) => (
          // Item titles are catalogue copy with inline emphasis (spec section 3).
          <SafeHtml key={item.title} as="li" kind="inline" html={item.title} />
        ))}
      </ul>
      <TierAction tier={membership} />
    </article>
  );
}

/** The tiers a visitor can join, read from `GET /items/membership`. */
export function MembershipTiers() {
  const state = useMemberships();
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <ErrorNote message={state.error} />;
  const tiers = visibleTiers(state.memberships);
  if (tiers.length === 0) return <Empty />;
  return (
    <div className="tier-grid" data-testid="membership-tiers">
      {tiers.map((m) => (
        <TierCard key={m.id} membership={m} />
      ))}
    </div>
  );
}
