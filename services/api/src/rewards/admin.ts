import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { partnerDecider, partnerStreamId, type PartnerCommand } from '@roar/domain';
import { offerFieldsSchema, PARTNER_CATEGORIES, partnerFieldsSchema, reasonBodySchema } from '@roar/contracts/rewards';
import { handleCommand } from '@roar/platform';
import { getOffer, getPartner, listOffers, listPartners, redemptionsByPartnerMonth } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff, WRITER_ROLES } from '../auth/staff-tokens';
import { HttpError, zodItems } from '../http/errors';
import { parseParams } from '../http/validate';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { staffCommandContext } from '../staff-kit/command-context';
import { historyOf } from '../staff-kit/history';

const idParams = z.object({ id: z.string().min(1).max(100) });
const PARTNER_KEYS = Object.keys(partnerFieldsSchema.shape);
const OFFER_KEYS = ['title', 'saving', 'terms', 'redeem_method', 'redeem_value', 'starts_at', 'ends_at', 'status', 'featured'] as const;

/** react-admin sends back the whole record (id, dates, events): only the editable keys are read. */
function pick(body: unknown, keys: readonly string[]): Record<string, unknown> {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'Invalid input', 'VALIDATION', zodItems(parsed.error));
  return parsed.data;
}

const reasonOf = (body: unknown): string => parseOrThrow(reasonBodySchema, pick(body, ['reason'])).reason;

const listFilter = z
  .object({
    id: oneOrMany(z.string().max(100)).optional(),
    partner_id: z.string().max(100).optional(),
    category: z.enum(PARTNER_CATEGORIES).optional(),
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
  })
  .strict();

/** Staff manage partners and offers (commands with a reason, events in history) and read redemptions. */
export function adminRewardsRouter(app: AppContext): Router {
  const router = Router();
  // Mounted at /api/admin beside the other staff routers: each route checks staff itself, so paths
  // that are not ours (the staff login among them) pass through untouched.
  const readers = requireStaff(app);
  const writers = requireStaff(app, WRITER_ROLES);

  const run = async (req: Request, res: Response, partnerId: string, command: PartnerCommand, reason: string, mustBeNew = false) => {
    const outcome = await handleCommand(
      app.store,
      app.registry,
      partnerStreamId(partnerId),
      partnerDecider,
      command,
      staffCommandContext(app, req, res, reason),
      { mustBeNew },
    );
    if (outcome.appended) await app.projections.waitFor(outcome.appended.position, app.config.PROJECTION_WAIT_MS);
  };

  router.get('/partners', readers, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['sort', 'name', 'category', 'status'],
      defaultSort: { field: 'sort', order: 'ASC' },
      filter: listFilter,
    });
    let rows = await listPartners(app.sql, { publishedOnly: false, ...(q.filter.id ? { ids: q.filter.id } : {}) });
    if (q.filter.category) rows = rows.filter((p) => p.category === q.filter.category);
    const key = q.sort.field;
    rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (q.sort.order === 'ASC' ? 1 : -1));
    const { offset, limit } = pageOf(q.range, 500);
    sendList(res, 'partners', rows.slice(offset, offset + limit), offset, rows.length);
  });
  router.get('/partners/:id', readers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const partner = await getPartner(app.sql, id);
    if (!partner) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json({ ...partner, events: await historyOf(app.sql, [partnerStreamId(id)]) });
  });
  router.post('/partners', writers, async (req, res) => {
    const fields = parseOrThrow(partnerFieldsSchema, pick(req.body, PARTNER_KEYS));
    const reason = reasonOf(req.body);
    const id = randomUUID();
    await run(req, res, id, { type: 'AddPartner', partnerId: id, fields, at: app.now().toISOString() }, reason, true);
    res.status(201).json(await getPartner(app.sql, id));
  });
  router.put('/partners/:id', writers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const fields = parseOrThrow(partnerFieldsSchema, pick(req.body, PARTNER_KEYS));
    await run(req, res, id, { type: 'ChangePartner', fields, at: app.now().toISOString() }, reasonOf(req.body));
    res.json(await getPartner(app.sql, id));
  });

  router.get('/offers', readers, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['title', 'status', 'created_at', 'updated_at'],
      defaultSort: { field: 'created_at', order: 'ASC' },
      filter: listFilter,
    });
    const rows = (
      await listOffers(app.sql, {
        publishedOnly: false,
        ...(q.filter.partner_id ? { partnerId: q.filter.partner_id } : {}),
        ...(q.filter.id ? { ids: q.filter.id } : {}),
      })
    ).map(({ partner, ...o }) => ({ ...o, partner_name: partner.name, category: partner.category }));
    const key = q.sort.field;
    rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (q.sort.order === 'ASC' ? 1 : -1));
    const { offset, limit } = pageOf(q.range, 500);
    sendList(res, 'offers', rows.slice(offset, offset + limit), offset, rows.length);
  });
  router.get('/offers/:id', readers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const offer = await getOffer(app.sql, id);
    if (!offer) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const { partner, ...rest } = offer;
    const events = (await historyOf(app.sql, [partnerStreamId(partner.id)])).filter(
      (e) => (e.payload as { offerId?: unknown } | null)?.offerId === id,
    );
    res.json({ ...rest, partner_name: partner.name, events });
  });
  router.post('/offers', writers, async (req, res) => {
    const { partner_id } = parseOrThrow(z.object({ partner_id: z.string().min(1).max(100) }), pick(req.body, ['partner_id']));
    const fields = parseOrThrow(offerFieldsSchema, pick(req.body, OFFER_KEYS));
    const reason = reasonOf(req.body);
    const id = randomUUID();
    await run(req, res, partner_id, { type: 'AddOffer', offerId: id, fields, at: app.now().toISOString() }, reason);
    res.status(201).json(await getOffer(app.sql, id).then((o) => o && { ...o, partner: undefined }));
  });
  router.put('/offers/:id', writers, async (req, res) => {
    const { id } = parseParams(idParams, req);
    const existing = await getOffer(app.sql, id);
    if (!existing) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const fields = parseOrThrow(offerFieldsSchema, pick(req.body, OFFER_KEYS));
    await run(req, res, existing.partner_id, { type: 'ChangeOffer', offerId: id, fields, at: app.now().toISOString() }, reasonOf(req.body));
    res.json(await getOffer(app.sql, id).then((o) => o && { ...o, partner: undefined }));
  });

  router.get('/reward-redemptions', readers, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['month', 'partner_name', 'reveals'],
      defaultSort: { field: 'month', order: 'DESC' },
      filter: listFilter,
    });
    const rows = await redemptionsByPartnerMonth(app.sql, {
      ...(q.filter.partner_id ? { partnerId: q.filter.partner_id } : {}),
      ...(q.filter.month ? { month: q.filter.month } : {}),
    });
    const { offset, limit } = pageOf(q.range, 500);
    sendList(res, 'reward-redemptions', rows.slice(offset, offset + limit), offset, rows.length);
  });

  return router;
}
