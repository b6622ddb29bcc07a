import { Router, type Request } from 'express';
import { z } from 'zod';
import { DELIVERY_METHODS } from '@roar/domain';
import { getOrder, getProduct, listShopTerms, searchOrders, searchProducts, stockLevels } from '@roar/projections';
import {
  cartDataSchema,
  MEMBER_ORDERS_PAGE_SIZE,
  orderActionSchema,
  ordersQuerySchema,
  PRODUCT_SORTS,
  productQuerySchema,
} from '@roar/contracts/shop';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { HttpError } from '../http/errors';
import { parseBody, parseQuery } from '../http/validate';
import { memberCommandContext, originOf } from '../kernel/context';
import type { MembersPorts } from '../kernel/ports';
import { requireShopMember } from './access';
import { loadCart, priceContents } from './cart';
import { updateCart } from './update-cart';
import { createGuessThrottle, type GuessThrottle } from './gift-card-throttle';
import { cancelUnpaidOrder, startShopCheckout } from './checkout';
import { cardsOfOrders, toOrderView, toProductView } from './views';

const idSchema = z.string().min(1).max(200);

/** The member's pro shop: spec section 7's shop calls plus checkout and orders. Every call: bearer token and shop access. */
export function createShopRouter(app: AppContext, ports: MembersPorts, giftCardGuesses: GuessThrottle = createGuessThrottle()): Router {
  const router = Router();
  const guard = requireShopMember(app);
  const ctxOf = (req: Request, memberId: string) => memberCommandContext(memberId, req, app.now());

  router.get('/api/shop/settings', guard, async (_req, res) => {
    const terms = await listShopTerms(app.sql);
    const of = (kind: string) => terms.filter((t) => t.kind === kind);
    res.json({
      data: {
        attributes: of('attribute').map((t) => ({ key: t.slug, name: t.name })),
        banners: of('banner').flatMap((t) =>
          t.data ? [{ id: t.data.bannerId, title: t.data.title, subtitle: t.data.subtitle, image: t.data.image, link: t.data.link }] : [],
        ),
        brands: of('brand').map((t) => ({ id: t.slug, slug: t.slug, name: t.name })),
        categories: of('category').map((t) => ({ id: t.slug, slug: t.slug, name: t.name })),
        suppliers: of('supplier').map((t) => ({ id: t.slug, name: t.name })),
        deliveries: DELIVERY_METHODS.map((d) => ({ code: d.code, name: d.name, price: d.price_cents })),
        sorts: PRODUCT_SORTS,
      },
    });
  });

  router.get('/api/shop/products', guard, async (req, res) => {
    const q = parseQuery(productQuerySchema, req);
    const { records, total } = await searchProducts(app.sql, {
      ...(q.category ? { category: q.category } : {}),
      ...(q.brand ? { brand: q.brand } : {}),
      ...(q.search ? { search: q.search } : {}),
      ...(q.min_price !== undefined ? { minPrice: q.min_price } : {}),
      ...(q.max_price !== undefined ? { maxPrice: q.max_price } : {}),
      sort: q.sort ?? 'newest',
      offset: (q.page - 1) * q.page_size,
      limit: q.page_size,
    });
    const stock = await stockLevels(
      app.sql,
      records.flatMap((p) => p.variants.map((v) => v.sku)),
    );
    res.json({
      data: records.map((p) => toProductView(p, stock)),
      meta: { total, page: q.page, page_size: q.page_size, pages: Math.max(1, Math.ceil(total / q.page_size)) },
    });
  });

  const sendProduct = async (res: import('express').Response, found: Awaited<ReturnType<typeof getProduct>>) => {
    if (!found || !found.published) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json({
      data: toProductView(
        found,
        await stockLevels(
          app.sql,
          found.variants.map((v) => v.sku),
        ),
      ),
    });
  };
  router.get('/api/shop/products/by-slug/:slug', guard, async (req, res) => {
    const slug = idSchema.safeParse(req.params.slug);
    await sendProduct(res, slug.success ? await getProduct(app.sql, { slug: slug.data }) : null);
  });
  router.get('/api/shop/products/:id', guard, async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    await sendProduct(res, id.success ? await getProduct(app.sql, { id: id.data }) : null);
  });

  router.get('/api/shop/cart', guard, async (_req, res) => {
    const { memberId } = memberOf(res);
    const cart = await loadCart(app.store, memberId);
    res.json({ data: (await priceContents(app, memberId, cart.contents, cart.pendingOrderId)).details });
  });

  router.patch('/api/shop/update-cart', guard, async (req, res) => {
    const data = parseBody(cartDataSchema, req);
    const { memberId } = memberOf(res);
    res.json({ data: await updateCart(app, giftCardGuesses, { memberId, address: req.ip ?? 'unknown' }, data, ctxOf(req, memberId)) });
  });

  router.post('/api/shop/checkout', guard, async (req, res) => {
    const { memberId } = memberOf(res);
    const started = await startShopCheckout(app, ports, memberId, originOf(app), ctxOf(req, memberId));
    res.status(201).json({ data: started });
  });

  /** The failed page: the payment was declined or given up. The order is cancelled, the cart kept. */
  router.post('/api/shop/checkout/cancel', guard, async (req, res) => {
    const { order_id } = parseBody(orderActionSchema, req);
    const { memberId } = memberOf(res);
    const cart = await loadCart(app.store, memberId);
    const order = await getOrder(app.sql, order_id);
    const mine = (order && order.member_id === memberId) || cart.pendingOrderId === order_id;
    if (!mine) throw new HttpError(404, 'This order does not exist.', 'NOT_FOUND');
    const done = await cancelUnpaidOrder(app, ctxOf(req, memberId), order_id, 'cancelled-by-member');
    if (done) await app.projections.waitFor(done.position, app.config.PROJECTION_WAIT_MS);
    const after = await loadCart(app.store, memberId);
    res.json({ data: (await priceContents(app, memberId, after.contents, after.pendingOrderId)).details });
  });

  // A member's orders are their own record, whatever their plan now: a free member is answered (no 403).
  const anyMember = requireMember(app);
  router.get('/api/shop/orders', anyMember, async (req, res) => {
    const q = parseQuery(ordersQuerySchema, req);
    const { memberId } = memberOf(res);
    const size = MEMBER_ORDERS_PAGE_SIZE;
    const status = ['paid', 'packing', 'shipped', 'delivered', 'refunded', 'awaiting_payment'];
    const { records, total } = await searchOrders(app.sql, { memberId, status, offset: (q.page - 1) * size, limit: size });
    const cards = await cardsOfOrders(app.sql, records);
    res.json({ data: records.map((o) => toOrderView(o, cards)), meta: { total, page: q.page, page_size: size } });
  });

  router.get('/api/shop/orders/:id', anyMember, async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    const order = id.success ? await getOrder(app.sql, id.data) : null;
    // Someone else's order is as unknown as a missing one.
    if (!order || order.member_id !== memberOf(res).memberId) throw new HttpError(404, 'This order does not exist.', 'NOT_FOUND');
    res.json({ data: toOrderView(order, await cardsOfOrders(app.sql, [order])) });
  });

  return router;
}
