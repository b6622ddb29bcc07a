import { Router, type Request } from 'express';
import { z } from 'zod';
import { offerIsLive, rewardRevealDecider, rewardsStreamId } from '@roar/domain';
import { handleCommand } from '@roar/platform';
import { getMember, getOffer, listOffers, listPartners } from '@roar/projections';
import type { AppContext } from '../context';
import { bearerToken, memberOf, requireMember, verifyMemberToken } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';
import { rewardsOpenFor } from './access';
import { groupByCategory, toCarouselItem, toPublicPartner } from './view';

const offerParams = z.object({ id: z.string().min(1).max(100) });

/** The signed-in member of a public route, if the bearer token is valid; visitors are null. */
async function optionalMember(app: AppContext, req: Request): Promise<string | null> {
  const token = bearerToken(req.get('authorization'));
  if (!token) return null;
  return (await verifyMemberToken(app, token))?.memberId ?? null;
}

/** /api/rewards (list, locked or open) and the reveal of one offer's code, link or member card. */
export function createRewardsRouter(app: AppContext): Router {
  const router = Router();

  router.get('/api/rewards', async (req, res) => {
    const memberId = await optionalMember(app, req);
    const now = app.now();
    const open = memberId ? await rewardsOpenFor(app.sql, memberId, now) : false;
    const offers = await listOffers(app.sql, { publishedOnly: true });
    res.json({ data: { rewards_access: open, signed_in: memberId !== null, categories: groupByCategory(offers, open, now) } });
  });

  router.post('/api/rewards/offers/:id/reveal', requireMember(app), async (req, res) => {
    const { id } = parseParams(offerParams, req);
    const { memberId } = memberOf(res);
    const offer = await getOffer(app.sql, id);
    if (!offer) throw new HttpError(404, 'This offer is not available.', 'NOT_FOUND');
    const now = app.now();
    const outcome = await handleCommand(
      app.store,
      app.registry,
      rewardsStreamId(memberId),
      rewardRevealDecider,
      {
        type: 'RevealOffer',
        memberId,
        partnerId: offer.partner_id,
        offerId: offer.id,
        redeemMethod: offer.redeem_method,
        hasRewardsAccess: await rewardsOpenFor(app.sql, memberId, now),
        offerIsLive: offerIsLive(offer.partner, offer, now),
        at: now.toISOString(),
      },
      memberCommandContext(memberId, req, now),
    );
    if (outcome.appended) await app.projections.waitFor(outcome.appended.position, app.config.PROJECTION_WAIT_MS);
    const member = offer.redeem_method === 'card' ? await getMember(app.sql, memberId) : null;
    res.status(201).json({
      data: {
        offer_id: offer.id,
        partner: offer.partner.name,
        redeem_method: offer.redeem_method,
        code: offer.redeem_method === 'code' ? offer.redeem_value : null,
        url: offer.redeem_method === 'link' ? offer.redeem_value : null,
        // The member card shown on screen at the partner's counter.
        card: member
          ? {
              name: `${member.firstname} ${member.lastname}`.trim(),
              tier: member.membership_tier ?? '',
              member_number: member.referral_code,
              valid_on: now.toISOString(),
            }
          : null,
        terms: offer.terms,
      },
    });
  });

  return router;
}

/** `/items/rewards_carousel` and `/items/partners` on the content router: published data only. */
export function mountRewardsContent(router: Router, app: AppContext): void {
  router.get('/rewards_carousel', async (_req, res) => {
    const now = app.now();
    const offers = (await listOffers(app.sql, { publishedOnly: true })).filter((o) => o.featured && offerIsLive(o.partner, o, now));
    res.json({ data: offers.map(toCarouselItem) });
  });
  router.get('/partners', async (_req, res) => {
    res.json({ data: (await listPartners(app.sql, { publishedOnly: true })).map(toPublicPartner) });
  });
}
