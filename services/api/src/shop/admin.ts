import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  couponDecider,
  couponStreamId,
  orderDecider,
  orderStreamId,
  productStreamId,
  SHOP_SETTINGS_STREAM,
  shopSettingsDecider,
  stockStreamId,
  termKindSchema,
  type ProductCommand,
} from '@roar/domain';
import { handleCommand, type CommandContext, type Position } from '@roar/platform';
import { registerGuardedAction } from '../approvals/actions';
import { heldForApproval } from '../approvals/request';
import { getCoupon, getOrder, getProduct, listCoupons, listShopTerms, searchOrders, searchProducts, stockLevels } from '@roar/projections';
import type { AppContext } from '../context';
import type { MembersPorts } from '../kernel/ports';
import { requireStaff } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { reasonSchema } from '@roar/contracts/common';
import { historyOf } from '../staff-kit/history';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import {
  couponCreateSchema,
  couponTermsSchema,
  optionalReasonSchema,
  productCreateSchema,
  productEditSchema,
  reasonOnlySchema,
  refundSchema,
  shipSchema,
  shopTermBodySchema,
  stockChangeSchema,
} from '@roar/contracts/shop';
import { createProduct, editProduct } from './catalogue';
import { cancelUnpaidOrder, loadOrder, refundShopOrder } from './checkout';
import { giftCardAdminRouter } from './gift-card-admin';
import { cardsOfOrders, toProductView, toStaffOrderView } from './views';
import { stockCommand } from './stock-sequencer';

const WRITERS = ['admin', 'staff'] as const;
const idParam = z.string().min(1).max(200);
/** /api/admin/shop-*: the staff console's pro shop, in ra-data-simple-rest conventions. Every write is a command with a reason. */
export function adminShopRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  const read = requireStaff(app);
  const write = requireStaff(app, WRITERS);
  const done = async (position: Position | null | undefined) => {
    if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
  };
  const ctxOf = (req: Request, res: Response, reason: string) => staffCommandContext(app, req, res, reason);

  // Products
  const productRecord = async (id: string) => {
    const p = await getProduct(app.sql, { id });
    if (!p) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const view = toProductView(
      p,
      await stockLevels(
        app.sql,
        p.variants.map((v) => v.sku),
      ),
    );
    const stock = await stockLevels(
      app.sql,
      p.variants.map((v) => v.sku),
    );
    return {
      ...view,
      published: p.published,
      variants: p.variants.map((v) => ({ ...v, ...stock.get(v.sku) })),
      created_at: p.created_at,
      updated_at: p.updated_at,
    };
  };
  router.get('/shop-products', read, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['name', 'created_at', 'min_price'],
      defaultSort: { field: 'created_at', order: 'DESC' },
      filter: z
        .object({
          id: oneOrMany(idParam).optional(),
          q: z.string().max(100).optional(),
          category: z.string().max(120).optional(),
          brand: z.string().max(120).optional(),
        })
        .strict(),
    });
    const { offset, limit } = pageOf(q.range, 500);
    const sort = q.sort.field === 'name' ? 'name' : q.sort.field === 'min_price' ? (q.sort.order === 'ASC' ? 'price_asc' : 'price_desc') : 'newest';
    const { records, total } = await searchProducts(app.sql, {
      includeUnpublished: true,
      sort,
      offset,
      limit,
      ...(q.filter.id ? { ids: q.filter.id } : {}),
      ...(q.filter.q ? { search: q.filter.q } : {}),
      ...(q.filter.category ? { category: q.filter.category } : {}),
      ...(q.filter.brand ? { brand: q.filter.brand } : {}),
    });
    const stock = await stockLevels(
      app.sql,
      records.flatMap((p) => p.variants.map((v) => v.sku)),
    );
    sendList(
      res,
      'shop-products',
      records.map((p) => ({ ...toProductView(p, stock), published: p.published })),
      offset,
      total,
    );
  });
  router.get('/shop-products/:id', read, async (req, res) => {
    const id = idParam.parse(req.params.id);
    const record = await productRecord(id);
    const events = await historyOf(app.sql, [productStreamId(id), ...record.variants.map((v) => stockStreamId(v.sku))]);
    res.json({ ...record, events });
  });
  router.post('/shop-products', write, async (req, res) => {
    const { variants, stock, reason, ...fields } = parseBody(productCreateSchema, req);
    await done(await createProduct(app, ctxOf(req, res, reason), { fields, variants, stock }));
    res.status(201).json(await productRecord(fields.slug));
  });
  router.put('/shop-products/:id', write, async (req, res) => {
    const id = idParam.parse(req.params.id);
    const p = await getProduct(app.sql, { id });
    if (!p) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const { variants, reason, published, ...fields } = parseBody(productEditSchema, req);
    const commands: ProductCommand[] = [];
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((k) => JSON.stringify(fields[k]) !== JSON.stringify(p[k]));
    if (changed) commands.push({ type: 'EditProduct', fields, reason });
    const newSkus: string[] = [];
    for (const v of variants) {
      const old = p.variants.find((x) => x.sku === v.sku);
      if (!old) {
        commands.push({ type: 'AddVariant', variant: v, reason });
        newSkus.push(v.sku);
      } else if (old.price_cents !== v.price_cents) commands.push({ type: 'RepriceVariant', sku: v.sku, price_cents: v.price_cents, reason });
    }
    if (published !== undefined && published !== p.published) commands.push({ type: 'PublishProduct', published, reason });
    await done(await editProduct(app, ctxOf(req, res, reason), id, commands, newSkus));
    res.json(await productRecord(id));
  });
  router.post('/shop-products/:id/stock', write, async (req, res) => {
    const id = idParam.parse(req.params.id);
    const p = await getProduct(app.sql, { id });
    const body = parseBody(stockChangeSchema, req);
    if (!p || !p.variants.some((v) => v.sku === body.sku)) throw new HttpError(404, `SKU ${body.sku} does not belong to this product.`, 'NOT_FOUND');
    const command =
      body.delta > 0
        ? { type: 'ReceiveStock' as const, qty: body.delta, reason: body.reason }
        : { type: 'AdjustStock' as const, delta: body.delta, reason: body.reason };
    // Through the SKU's lane, like the checkouts: a count during a drop is decided among them, never lost to their conflicts.
    const out = await stockCommand(app, body.sku, command, ctxOf(req, res, body.reason));
    await done(out.appended?.position);
    res.json(await productRecord(id));
  });

  // Categories, brands, suppliers, attributes (id `kind:slug`) and banners (id `banner:<id>`)
  router.get('/shop-terms', read, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['kind', 'name'],
      defaultSort: { field: 'kind', order: 'ASC' },
      filter: z.object({ kind: z.string().max(20).optional(), id: oneOrMany(z.string().max(200)).optional() }).strict(),
    });
    const all = (await listShopTerms(app.sql)).filter(
      (t) => (!q.filter.kind || t.kind === q.filter.kind) && (!q.filter.id || q.filter.id.includes(t.id)),
    );
    const { offset, limit } = pageOf(q.range, 500);
    sendList(
      res,
      'shop-terms',
      all.slice(offset, offset + limit).map((t) => ({ ...t, ...(t.data ?? {}) })),
      offset,
      all.length,
    );
  });
  router.get('/shop-terms/:id', read, async (req, res) => {
    const t = (await listShopTerms(app.sql)).find((x) => x.id === req.params.id);
    if (!t) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json({
      ...t,
      ...(t.data ?? {}),
      events: (await historyOf(app.sql, [SHOP_SETTINGS_STREAM])).filter((e) => JSON.stringify(e).includes(`"${t.slug}"`)),
    });
  });
  const saveTerm = async (req: Request, res: Response) => {
    const raw = req.body as Record<string, unknown> | undefined;
    // The console sends banners flat; the API takes them flat too.
    const banner = (b: Record<string, unknown>) => ({
      bannerId: b.slug ?? b.bannerId,
      title: b.title ?? b.name,
      subtitle: b.subtitle ?? '',
      image: b.image,
      link: b.link,
      sort: b.sort ?? 0,
    });
    const body = parseBody(shopTermBodySchema, {
      body: raw?.kind === 'banner' ? { kind: 'banner', reason: raw.reason, banner: banner(raw) } : raw,
    } as Request);
    const command =
      body.kind === 'banner'
        ? { type: 'SaveBanner' as const, banner: body.banner, reason: body.reason }
        : { type: 'SaveTerm' as const, term: { kind: body.kind, slug: body.slug, name: body.name }, reason: body.reason };
    const out = await handleCommand(app.store, app.registry, SHOP_SETTINGS_STREAM, shopSettingsDecider, command, ctxOf(req, res, body.reason));
    await done(out.appended?.position);
    const id = body.kind === 'banner' ? `banner:${body.banner.bannerId}` : `${body.kind}:${body.slug}`;
    const t = (await listShopTerms(app.sql)).find((x) => x.id === id);
    res.status(201).json({ id, ...(t ?? {}), ...(t?.data ?? {}) });
  };
  router.post('/shop-terms', write, saveTerm);
  router.put('/shop-terms/:id', write, saveTerm);
  router.delete('/shop-terms/:id', write, async (req, res) => {
    // ra-data-simple-rest's delete sends no body: the console's removal is recorded with this reason.
    const { reason } = parseBody(reasonOnlySchema, {
      body: { reason: (req.body as { reason?: unknown } | undefined)?.reason ?? req.query.reason ?? 'Removed in the staff console' },
    } as Request);
    const [kind, slug] = String(req.params.id).split(':');
    if (!kind || !slug) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const command =
      kind === 'banner'
        ? { type: 'RemoveBanner' as const, bannerId: slug, reason }
        : { type: 'RemoveTerm' as const, kind: termKindSchema.parse(kind), slug, reason };
    const out = await handleCommand(app.store, app.registry, SHOP_SETTINGS_STREAM, shopSettingsDecider, command, ctxOf(req, res, reason));
    await done(out.appended?.position);
    res.json({ id: req.params.id });
  });

  // Coupons
  router.get('/shop-coupons', read, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['created_at'],
      defaultSort: { field: 'created_at', order: 'DESC' },
      filter: z.object({ id: oneOrMany(z.string().max(40)).optional() }).strict(),
    });
    const { offset, limit } = pageOf(q.range, 500);
    const { records, total } = await listCoupons(app.sql, offset, limit);
    sendList(
      res,
      'shop-coupons',
      records.filter((c) => !q.filter.id || q.filter.id.includes(c.code)).map((c) => ({ id: c.code, ...c })),
      offset,
      total,
    );
  });
  router.get('/shop-coupons/:id', read, async (req, res) => {
    const c = await getCoupon(app.sql, String(req.params.id).toUpperCase());
    if (!c) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json({ id: c.code, ...c, events: await historyOf(app.sql, [couponStreamId(c.code)]) });
  });
  router.post('/shop-coupons', write, async (req, res) => {
    const { reason, ...terms } = parseBody(couponCreateSchema, req);
    const parsed = parseBody(couponTermsSchema, {
      body: { ...terms, expiresAt: terms.expiresAt || null, memberId: terms.memberId || null },
    } as Request);
    const out = await handleCommand(
      app.store,
      app.registry,
      couponStreamId(parsed.code),
      couponDecider,
      { type: 'CreateCoupon', terms: parsed, reason },
      ctxOf(req, res, reason),
      { mustBeNew: true },
    );
    await done(out.appended?.position);
    res.status(201).json({ id: parsed.code, ...(await getCoupon(app.sql, parsed.code)) });
  });
  router.post('/shop-coupons/:id/disable', write, async (req, res) => {
    const { reason } = parseBody(reasonOnlySchema, req);
    const code = String(req.params.id).toUpperCase();
    const out = await handleCommand(
      app.store,
      app.registry,
      couponStreamId(code),
      couponDecider,
      { type: 'DisableCoupon', reason },
      ctxOf(req, res, reason),
    );
    await done(out.appended?.position);
    res.json({ id: code, ...(await getCoupon(app.sql, code)) });
  });

  // Orders
  router.get('/shop-orders', read, async (req, res) => {
    const q = parseListQuery(req, {
      sortFields: ['placed_at'],
      defaultSort: { field: 'placed_at', order: 'DESC' },
      filter: z
        .object({
          id: oneOrMany(z.string().max(200)).optional(),
          status: oneOrMany(z.string().max(30)).optional(),
          member_id: z.string().max(200).optional(),
          q: z.string().max(100).optional(),
        })
        .strict(),
    });
    const { offset, limit } = pageOf(q.range, 500);
    const { records, total } = await searchOrders(app.sql, {
      offset,
      limit,
      ...(q.filter.id ? { ids: q.filter.id } : {}),
      ...(q.filter.status ? { status: q.filter.status } : {}),
      ...(q.filter.member_id ? { memberId: q.filter.member_id } : {}),
      ...(q.filter.q ? { q: q.filter.q } : {}),
    });
    const cards = await cardsOfOrders(app.sql, records);
    sendList(
      res,
      'shop-orders',
      records.map((o) => toStaffOrderView(o, cards)),
      offset,
      total,
    );
  });
  const orderRecord = async (id: string) => {
    const o = await getOrder(app.sql, id);
    if (!o) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    return { ...toStaffOrderView(o, await cardsOfOrders(app.sql, [o])), events: await historyOf(app.sql, [orderStreamId(id)]) };
  };
  router.get('/shop-orders/:id', read, async (req, res) => {
    res.json(await orderRecord(idParam.parse(req.params.id)));
  });
  const orderAction = (
    path: string,
    schema: z.ZodType<{ reason?: string | undefined; carrier?: string; tracking?: string }>,
    toCommand: (body: { carrier?: string; tracking?: string; reason?: string | undefined }, at: string) => Parameters<typeof orderDecider.decide>[0],
  ) => {
    router.post(`/shop-orders/:id/${path}`, write, async (req, res) => {
      const id = idParam.parse(req.params.id);
      const body = parseBody(schema, req);
      const at = app.now().toISOString();
      const out = await handleCommand(
        app.store,
        app.registry,
        orderStreamId(id),
        orderDecider,
        toCommand(body, at),
        ctxOf(req, res, body.reason ?? `Order ${path}`),
      );
      await done(out.appended?.position);
      res.json(await orderRecord(id));
    });
  };
  const optionalReason = optionalReasonSchema;
  orderAction('packing', optionalReason, (_b, at) => ({ type: 'StartPacking', at }));
  orderAction('ship', shipSchema, (b, at) => ({ type: 'ShipOrder', carrier: b.carrier ?? '', tracking: b.tracking ?? '', at }));
  orderAction('deliver', optionalReason, (_b, at) => ({ type: 'DeliverOrder', at }));

  /**
   * Refunds go through the payments port; the provider's charge.refunded webhook records it and puts the stock back.
   * The gift cards the order bought are voided (their unspent part) and a gift card that paid for it is credited back.
   */
  const refund = async (id: string, reason: string, memberMessage: string | null, ctx: CommandContext) => {
    await done((await refundShopOrder(app, ports, ctx, id, reason, memberMessage))?.position);
  };
  registerGuardedAction(app, {
    kind: 'shop.refund',
    params: z.object({ orderId: idParam, reason: reasonSchema, member_message: z.string().nullable().default(null) }),
    execute: async (p, ctx) => {
      await refund(p.orderId, p.reason, p.member_message, ctx);
      return 'Refund asked of the payment provider';
    },
  });
  router.post('/shop-orders/:id/refund', write, async (req, res) => {
    const id = idParam.parse(req.params.id);
    const { reason, member_message } = parseBody(refundSchema, req);
    const memberMessage = member_message ?? null;
    const order = await loadOrder(app, id);
    if (order.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const total = order.placed.snapshot.total;
    const summary = `Refund order ${order.placed.number} ($${(total / 100).toFixed(2)})`;
    // What the order would refuse (already refunded, never paid) is refused now, not after an approval.
    orderDecider.decide({ type: 'RequestRefund', reason, memberMessage, at: app.now().toISOString() }, order);
    if (
      await heldForApproval(
        app,
        req,
        res,
        { kind: 'shop.refund', params: { orderId: id, reason, member_message: memberMessage }, summary, reason },
        (s) => total > s.refundAboveCents,
      )
    )
      return;
    await refund(id, reason, memberMessage, ctxOf(req, res, reason));
    res.json(await orderRecord(id));
  });
  /** A staff cancellation of an unpaid order (the sweeper does the same once its reservation expires). */
  router.post('/shop-orders/:id/cancel', write, async (req, res) => {
    const id = idParam.parse(req.params.id);
    const { reason } = parseBody(reasonOnlySchema, req);
    const order = await loadOrder(app, id);
    if (order.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    if (order.status !== 'awaiting_payment') throw new HttpError(409, `This order is ${order.status}: refund it instead.`, 'CONFLICT');
    await done((await cancelUnpaidOrder(app, ctxOf(req, res, reason), id, 'staff'))?.position);
    res.json(await orderRecord(id));
  });

  router.use(giftCardAdminRouter(app));
  return router;
}
