import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  clubDay,
  GIFT_CARD_TERMS_STREAM,
  giftCardDecider,
  giftCardIdSchema,
  text,
  giftCardStreamId,
  giftCardTermsDecider,
  giftCardTermsOn,
  type GiftCardTerms,
} from '@roar/domain';
import { handleCommand, type Position } from '@roar/platform';
import { getGiftCard, searchGiftCards, type GiftCardRow } from '@roar/projections';
import type { AppContext } from '../context';
import { staffCommandContext } from '../staff-kit/command-context';
import { historyOf } from '../staff-kit/history';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { giftCardCancelSchema, giftCardTermsBodySchema } from '@roar/contracts/shop';
import { cardOfTyped, loadGiftCardTerms } from './gift-cards';

const WRITERS = ['admin', 'staff'] as const;

/** What staff see of a card: the last 4 of its code (never the code), its balance and history, the order that bought it. */
const cardRecord = (c: GiftCardRow) => ({ id: c.card_id, ...c });
const termsRecord = (t: GiftCardTerms, inForce: GiftCardTerms) => ({
  id: t.effective_from,
  ...t,
  in_force: t.effective_from === inForce.effective_from,
});

/** /api/admin/shop-gift-cards (look up, cancel with a reason) and /api/admin/shop-gift-card-terms (the dated expiry terms). */
export function giftCardAdminRouter(app: AppContext): Router {
  const router = Router();
  const read = requireStaff(app);
  const write = requireStaff(app, WRITERS);
  const done = async (position: Position | null | undefined) => {
    if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
  };
  const ctxOf = (req: Request, res: Response, reason: string) => staffCommandContext(app, req, res, reason);

  router.get('/shop-gift-cards', read, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['issued_at'],
      defaultSort: { field: 'issued_at', order: 'DESC' },
      filter: z
        .object({
          id: oneOrMany(giftCardIdSchema).optional(),
          q: text().max(100).optional(),
          code: text().max(64).optional(),
          status: z.enum(['active', 'voided']).optional(),
          member_id: text().max(200).optional(),
          order_id: text().max(200).optional(),
        })
        .strict(),
    });
    const { offset, limit } = pageOf(q.range, 500);
    // A whole code a member reads out is looked up by its keyed hash, as the cart does.
    const byCode = q.filter.code ? cardOfTyped(app, q.filter.code) : null;
    if (q.filter.code && !byCode) return sendList(res, 'shop-gift-cards', [], offset, 0);
    const ids = byCode ? [byCode.card_id] : q.filter.id;
    const { records, total } = await searchGiftCards(app.sql, {
      offset,
      limit,
      ...(ids ? { ids } : {}),
      ...(q.filter.q ? { q: q.filter.q } : {}),
      ...(q.filter.status ? { status: q.filter.status } : {}),
      ...(q.filter.member_id ? { memberId: q.filter.member_id } : {}),
      ...(q.filter.order_id ? { orderIds: [q.filter.order_id] } : {}),
    });
    sendList(res, 'shop-gift-cards', records.map(cardRecord), offset, total);
  });
  /** A card id is 32 hex digits; anything else is as unknown as a missing card. */
  const cardIdOf = (req: Request): string => {
    const id = giftCardIdSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    return id.data;
  };
  const oneCard = async (id: string) => {
    const c = await getGiftCard(app.sql, id);
    if (!c) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    return { ...cardRecord(c), events: await historyOf(app.sql, [giftCardStreamId(id)]) };
  };
  router.get('/shop-gift-cards/:id', read, async (req, res) => {
    res.json(await oneCard(cardIdOf(req)));
  });
  router.post('/shop-gift-cards/:id/cancel', write, async (req, res) => {
    const id = cardIdOf(req);
    const { reason } = parseBody(giftCardCancelSchema, req);
    if (!(await getGiftCard(app.sql, id))) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const out = await handleCommand(
      app.store,
      app.registry,
      giftCardStreamId(id),
      giftCardDecider,
      { type: 'VoidGiftCard', cause: 'cancelled-by-staff', reason, at: app.now().toISOString() },
      ctxOf(req, res, reason),
      { maxRetries: 20 },
    );
    await done(out.appended?.position);
    res.json(await oneCard(id));
  });

  router.get('/shop-gift-card-terms', read, async (req, res) => {
    const state = await loadGiftCardTerms(app.store);
    const inForce = giftCardTermsOn(state, clubDay(app.now()));
    // Before any version was recorded the law's default applies: shown so staff see what is in force.
    const versions = state.versions.length ? [...state.versions].reverse() : [inForce];
    const { offset, limit } = pageOf(
      parseListQuery(req, { sortFields: ['effective_from'], defaultSort: { field: 'effective_from', order: 'DESC' }, filter: z.object({}).strict() })
        .range,
      500,
    );
    sendList(
      res,
      'shop-gift-card-terms',
      versions.slice(offset, offset + limit).map((t) => termsRecord(t, inForce)),
      offset,
      versions.length,
    );
  });
  router.post('/shop-gift-card-terms', write, async (req, res) => {
    const { reason, ...terms } = parseBody(giftCardTermsBodySchema, req);
    const out = await handleCommand(
      app.store,
      app.registry,
      GIFT_CARD_TERMS_STREAM,
      giftCardTermsDecider,
      { type: 'SetGiftCardTerms', terms, reason },
      ctxOf(req, res, reason),
    );
    const inForce = giftCardTermsOn(out.state, clubDay(app.now()));
    res.status(201).json(termsRecord(terms, inForce));
  });

  return router;
}
