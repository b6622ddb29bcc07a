import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { isFreeMembership, offersUpgrade } from '../lib/access';
import { applyStoredUpgradePlan, changePlan, followRedirect } from '../lib/plans';
import { session } from '../lib/session';
import { useMember } from '../lib/use-member';
import type { Membership } from '../types/api';
import { ErrorNote } from './ui/feedback';

type Action = { kind: 'join' } | { kind: 'current' } | { kind: 'upgrade' } | { kind: 'single-entry' } | { kind: 'none'; label: string };

/** What a tier card offers, given the member's current membership (spec sections 4 and 6). */
export function tierAction(tier: Membership, loggedIn: boolean, current: Membership | undefined): Action {
  if (!loggedIn) return { kind: 'join' };
  if (tier.type === 'single-entry') return { kind: 'single-entry' };
  if (current && current.id === tier.id) return { kind: 'current' };
  if (isFreeMembership(tier)) return { kind: 'none', label: isFreeMembership(current) ? 'Current plan' : 'Included' };
  if (!offersUpgrade(current)) return { kind: 'none', label: 'Top tier reached' };
  return { kind: 'upgrade' };
}

export function TierAction({ tier }: { tier: Membership }) {
  const navigate = useNavigate();
  const { loggedIn, user, membership } = useMember();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = tierAction(tier, loggedIn, membership);

  const run = async (singleEntry: boolean) => {
    if (busy || !user) return;
    setBusy(true);
    setError(null);
    let result: { redirectUrl: string | null; error: string | null };
    if (singleEntry) {
      const r = await changePlan(tier.id, true);
      result = r.ok ? { redirectUrl: r.redirectUrl, error: null } : { redirectUrl: null, error: r.error };
    } else {
      // The chosen plan goes through the stored-plan rule, so it applies once and is removed.
      session.saveUpgradePlanId(tier.id);
      result = await applyStoredUpgradePlan(user);
    }
    setBusy(false);
    if (result.error) return setError(result.error);
    if (result.redirectUrl) followRedirect(result.redirectUrl, (to) => void navigate(to));
  };

  switch (action.kind) {
    case 'join':
      return (
        <Link
          to={paths.signUp.getHref(tier.id)}
          className="btn btn--gold btn--block"
          // Named as the spec names it (Join Now); the plan it joins is its description, read with it.
          aria-describedby={`tier-${tier.id}`}
          // A visitor who logs in instead of signing up still gets the plan they picked.
          onClick={() => {
            if (tier.price > 0) session.saveUpgradePlanId(tier.id);
            else session.removeUpgradePlanId();
          }}
        >
          Join Now
        </Link>
      );
    case 'current':
      return (
        <button type="button" className="btn btn--ghost btn--block" disabled>
          Current plan
        </button>
      );
    case 'none':
      return (
        <button type="button" className="btn btn--ghost btn--block" disabled>
          {action.label}
        </button>
      );
    case 'upgrade':
    case 'single-entry':
      return (
        <>
          <button
            type="button"
            className="btn btn--gold btn--block"
            disabled={busy}
            aria-label={`${action.kind === 'upgrade' ? 'Upgrade to' : 'Buy single entry:'} ${tier.tier}`}
            onClick={() => void run(action.kind === 'single-entry')}
          >
            {busy ? 'Please wait...' : action.kind === 'upgrade' ? 'Upgrade' : 'Buy single entry'}
          </button>
          {error && <ErrorNote message={error} />}
        </>
      );
    default: {
      const unknownAction: never = action;
      return unknownAction;
    }
  }
}
