import type { RequestHandler } from 'express';
import { shopAccess } from '@roar/domain';
import { getMembership } from '@roar/projections';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { HttpError } from '../http/errors';
import { currentUser } from '../members/current-user';

export const NO_SHOP_ACCESS = 'The pro shop is open to members whose membership includes shop access.';

/** Spec section 4: the date condition and the tier's shop_access, or an active single entry. */
export async function hasShopAccess(app: AppContext, memberId: string, now: Date): Promise<boolean> {
  const me = await currentUser(app.sql, memberId, now);
  if (!me) return false;
  const tier = me.user.membership_id ? await getMembership(app.sql, me.user.membership_id) : null;
  return shopAccess(
    { membershipEndDate: me.user.membership_end_date, tier: tier ? { rewards_access: tier.rewards_access, shop_access: tier.shop_access } : null },
    me.activeSingleEntries.map((e) => ({ validUntil: e.valid_until })),
    now,
  );
}

/** Bearer token, then shop access: 401 without a token, 403 without access. */
export function requireShopMember(app: AppContext): RequestHandler {
  const member = requireMember(app);
  return (req, res, next) => {
    member(req, res, (err?: unknown) => {
      if (err) return next(err);
      hasShopAccess(app, memberOf(res).memberId, app.now())
        .then((ok) => (ok ? next() : next(new HttpError(403, NO_SHOP_ACCESS, 'NO_SHOP_ACCESS'))))
        .catch(next);
    });
  };
}
