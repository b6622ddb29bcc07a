import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '@roar/platform';
import { availableQty, cartStreamId, orderStreamId, stockDecider, stockStreamId, type StockEvent } from '@roar/domain';
import { adminFetch, signInStaff, type StaffLogin } from '../src/admin/test-staff';
import { seedShop, sweepExpiredReservations } from '../src/shop';
import { ApiSpecification } from './api-spec';
import { client, type Joined } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

interface Product {
  id: string;
  slug: string;
  name: string;
  product_type: string;
  variants: Array<{ sku: string; price: number; available: number; attributes: Record<string, string> }>;
}
interface Cart {
  items: Array<{ product: string; sku: string; qty: number; delivery_method: string | null; product_type: string; image_portrait: string | null }>;
  errors: Array<{ code: string; message: string }>;
  subtotal: number;
  shipping: number;
  discount: number;
  tax: number;
  total: number;
  coupon: string | null;
  notes: string | null;
  deliveries: Array<{ code: string }>;
}

const address = { first_name: 'Jane', last_name: 'Citizen', line1: '1 Fairway Drive', suburb: 'Manly', state: 'NSW', postcode: '2095' };

describe('the pro shop over HTTP (embedded default)', () => {
  let api: TestApi;
  let c: ReturnType<typeof client>;
  let staff: Record<'admin' | 'staff' | 'auditor', StaffLogin>;
  let shopper: Joined;

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', env: { BUSINESS_NAME: 'Pelican Waters Golf Club Ltd', BUSINESS_ABN: '51 824 753 556' } }))!;
    await seedShop(api.infra.store, api.infra.registry, api.ctx.logger, new Date());
    expect(await api.infra.projections.waitFor(await api.infra.store.headPosition(), 20_000)).toBe(true);
    c = client(api);
    staff = await signInStaff(api);
    shopper = await c.paidMember(3);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const patch = async (body: unknown, token = shopper.token) => {
    const r = await fetch(`${api.url}/api/shop/update-cart`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as { data: Cart; errors?: Array<{ message: string }> } };
  };
  const product = async (slug: string, token = shopper.token) => (await c.get(`/api/shop/products/by-slug/${slug}`, token)).body.data as Product;
  const cart = async (token = shopper.token) => (await c.get('/api/shop/cart', token)).body.data as Cart;
  const staffPost = (path: string, body: unknown, token = staff.staff.token) =>
    adminFetch(api, path, { method: 'POST', token, body: JSON.stringify(body) });
  const spec = ApiSpecification.for(() => api);

  it('is open only with a bearer token and shop access', async () => {
    expect((await c.get('/api/shop/products')).status).toBe(401);
    const free = await c.signUp(1);
    const refused = await c.get('/api/shop/products', free.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errors: [{ message: 'The pro shop is open to members whose membership includes shop access.', extensions: { code: 'NO_SHOP_ACCESS' } }],
    });
    expect((await c.get('/api/shop/cart', free.token)).status).toBe(403);
    // Orders are the member's own record: a free member's Orders page is answered, not refused.
    const orders = await c.get('/api/shop/orders', free.token);
    expect([orders.status, orders.body.data]).toEqual([200, []]);
    expect((await c.get('/api/shop/orders', '')).status).toBe(401);
  });

  it('lists the launch catalogue with filters, search, price range, sort and pages', async () => {
    const settings = (await c.get('/api/shop/settings', shopper.token)).body.data as {
      categories: Array<{ slug: string }>;
      brands: Array<{ slug: string }>;
      banners: unknown[];
    };
    expect(settings.categories.map((x) => x.slug)).toEqual(
      expect.arrayContaining(['clubs', 'balls', 'apparel', 'accessories', 'bags', 'gift-cards']),
    );
    expect(settings.banners.length).toBeGreaterThanOrEqual(2);
    const all = await c.get('/api/shop/products?page_size=48', shopper.token);
    expect((all.body.meta as { total: number }).total).toBeGreaterThanOrEqual(20);
    const apparel = (await c.get('/api/shop/products?category=apparel&sort=price_asc', shopper.token)).body.data as Array<{
      category: string;
      price: number;
    }>;
    expect(apparel.length).toBeGreaterThan(3);
    expect(apparel.every((p) => p.category === 'apparel')).toBe(true);
    expect(apparel.map((p) => p.price)).toEqual([...apparel.map((p) => p.price)].sort((a, b) => a - b));
    const search = (await c.get('/api/shop/products?search=putter', shopper.token)).body.data as Array<{ slug: string }>;
    // Names and descriptions: the cart bag has a putter well.
    expect(search.map((p) => p.slug).sort()).toEqual(['fairway-basics-cart-bag', 'greenside-blade-putter']);
    const cheap = (await c.get('/api/shop/products?max_price=1000', shopper.token)).body.data as Array<{ slug: string }>;
    expect(cheap.map((p) => p.slug)).toEqual(['fairway-basics-bamboo-tees']);
    const page2 = await c.get('/api/shop/products?page=2&page_size=5&sort=name', shopper.token);
    expect((page2.body.data as unknown[]).length).toBe(5);
    expect((await c.get('/api/shop/products?min_price=500&max_price=100', shopper.token)).status).toBe(400);
    expect((await c.get('/api/shop/products?sort=random', shopper.token)).status).toBe(400);
    expect((await c.get('/api/shop/products/by-slug/no-such-thing', shopper.token)).status).toBe(404);
    const gift = await product('roar-gift-card');
    expect(gift).toMatchObject({ product_type: 'digital', image_portrait: '/images/shop/roar-gift-card.svg' });
  });

  it('refuses bad cart data whole, with a clear 4xx, and saves nothing', async () => {
    const polo = await product('roar-performance-polo');
    const cap = await product('roar-tour-cap');
    const gift = await product('roar-gift-card');
    const line = { product: polo.id, sku: polo.variants[0]!.sku, qty: 1, delivery_method: 'standard' };
    expect((await patch({ items: [line], notes: 'Leave at the pro shop' })).status).toBe(200);
    const before = await cart();
    const cases: Array<[unknown, number, string]> = [
      [{ items: [{ ...line, product: 'no-such-product' }] }, 404, 'Product no-such-product does not exist.'],
      [{ items: [{ ...line, sku: cap.variants[0]!.sku }] }, 400, `SKU ${cap.variants[0]!.sku} does not belong to ROAR+ Performance Polo.`],
      [{ items: [{ ...line, qty: 0 }] }, 400, 'items.0.qty: Quantity must be between 1 and 99'],
      [{ items: [{ ...line, qty: -2 }] }, 400, 'items.0.qty: Quantity must be between 1 and 99'],
      [{ items: [{ ...line, qty: 10_000 }] }, 400, 'items.0.qty: Quantity must be between 1 and 99'],
      [
        { items: [line, { product: gift.id, sku: gift.variants[0]!.sku, qty: 1, delivery_method: 'standard' }] },
        400,
        'ROAR+ Pro Shop Gift Card is digital: it has no delivery method.',
      ],
      [{ items: [{ ...line, delivery_method: null }] }, 400, 'Choose a delivery method for ROAR+ Performance Polo.'],
      [{ coupon: 'NOPE-NOPE' }, 400, 'This coupon code is not valid.'],
      [{ shipping_address: { ...address, postcode: '3000' } }, 400, 'shipping_address.postcode: Enter the 4-digit postcode of this state'],
    ];
    for (const [body, status, message] of cases) {
      const r = await patch(body);
      expect([r.status, r.body.errors?.[0]?.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await cart()).toEqual(before);
  });

  it('prices two variants, a gift card and a coupon with GST, pays once, and shows the order; staff ship and refund it', async () => {
    const polo = await product('roar-performance-polo');
    const cap = await product('roar-tour-cap');
    const gift = await product('roar-gift-card');
    const navyM = polo.variants.find((v) => v.attributes.size === 'M' && v.attributes.colour === 'Navy')!;
    const whiteL = polo.variants.find((v) => v.attributes.size === 'L' && v.attributes.colour === 'White')!;
    const gift50 = gift.variants.find((v) => v.attributes.value === '$50')!;
    const r = await patch({
      items: [
        { product: polo.id, sku: navyM.sku, qty: 1, delivery_method: 'standard' },
        { product: polo.id, sku: whiteL.sku, qty: 1, delivery_method: 'standard' },
        { product: cap.id, sku: cap.variants[0]!.sku, qty: 1, delivery_method: 'standard' },
        { product: gift.id, sku: gift50.sku, qty: 1, delivery_method: null },
      ],
      coupon: 'welcome10',
      notes: null,
    });
    expect(r.status).toBe(200);
    // 7995 + 7995 + 3495 merchandise, 5000 gift card; 10% of merchandise = 1948.5 -> 1949; standard delivery once.
    // Spec section 4: shipping is required when any item is not digital; the cart says so before checkout.
    expect(r.body.data).toMatchObject({ coupon: 'WELCOME10', subtotal: 24485, discount: 1949, shipping: 995, total: 23531 });
    expect(r.body.data.errors).toEqual([
      { code: 'shipping_address_required', message: 'Add a shipping address: some items in your cart are delivered.' },
    ]);
    expect((await cart()).errors.map((e) => e.code)).toEqual(['shipping_address_required']);
    // GST on the taxable part (merchandise after discount + delivery = 18531): 1684.6 -> 1685. Gift cards carry GST when redeemed.
    expect(r.body.data.tax).toBe(1685);
    expect(r.body.data.items.map((i) => i.product_type)).toEqual(['physical', 'physical', 'physical', 'digital']);

    const noAddress = await c.post('/api/shop/checkout', {}, shopper.token);
    expect([noAddress.status, (noAddress.body.errors as Array<{ message: string }>)[0]!.message]).toEqual([
      400,
      'Add a shipping address: some items in your cart are delivered.',
    ]);
    const addressed = await patch({ shipping_address: address });
    expect([addressed.status, addressed.body.data.errors]).toEqual([200, []]);

    // A double click: two checkouts at once give one order and one payment page.
    const [a, b] = await Promise.all([c.post('/api/shop/checkout', {}, shopper.token), c.post('/api/shop/checkout', {}, shopper.token)]);
    const started = [a, b].filter((x) => x.status === 201).map((x) => x.body.data as { order_id: string; redirect_url: string });
    expect(started.length, JSON.stringify([a.body, b.body])).toBeGreaterThanOrEqual(1);
    expect(new Set(started.map((s) => s.order_id)).size).toBe(1);
    const first = started[0]!;
    const again = await c.post('/api/shop/checkout', {}, shopper.token);
    expect(again.body.data).toEqual(first);
    expect((await product('roar-performance-polo')).variants.find((v) => v.sku === navyM.sku)!.available).toBe(navyM.available - 1);

    // A declined card, then the failed page: the order is cancelled, stock comes back, the cart stays.
    expect((await c.pay(first.redirect_url, '4000 0000 0000 0002')).status).toBe(402);
    const cancelled = await c.post('/api/shop/checkout/cancel', { order_id: first.order_id }, shopper.token);
    expect(cancelled.status).toBe(200);
    expect((cancelled.body.data as Cart).items).toHaveLength(4);
    expect((await product('roar-performance-polo')).variants.find((v) => v.sku === navyM.sku)!.available).toBe(navyM.available);
    // Staff see the declined payment as declined, with the provider's reason (it read "pending").
    await api.infra.members.local?.idle();
    const shopPayments = async () => {
      const r = await adminFetch(api, `/payments?filter=${encodeURIComponent(JSON.stringify({ member_id: shopper.id }))}`, {
        token: staff.auditor.token,
      });
      return ((await r.json()) as Array<{ purpose: string; status: string; failure_reason: string | null }>).filter(
        (p) => p.purpose === 'shop-order',
      );
    };
    await expect.poll(shopPayments).toEqual([expect.objectContaining({ status: 'declined', failure_reason: 'Your card was declined.' })]);
    const csv = await (await adminFetch(api, '/exports/payments.csv', { token: staff.auditor.token })).text();
    const lines = csv.split('\r\n');
    const header = lines[0]!.split(',');
    const row = lines
      .map((l) => l.split(','))
      .find((cells) => cells[header.indexOf('member_id')] === shopper.id && cells[header.indexOf('purpose')] === 'shop-order')!;
    expect([row[header.indexOf('status')], row[header.indexOf('failure_reason')]]).toEqual(['declined', 'Your card was declined.']);

    const second = (await c.post('/api/shop/checkout', {}, shopper.token)).body.data as { order_id: string; redirect_url: string };
    expect(second.order_id).not.toBe(first.order_id);
    expect(second.redirect_url).toMatch(/\/pay\/checkout\//);
    const paid = await c.pay(second.redirect_url);
    expect(paid.status).toBe(303);
    // Back through the return route, which asks the provider before sending the member on.
    const back = paid.headers.get('location') ?? '';
    expect(back).toContain('/api/payments/return?session_id=cs_test_');
    const landed = await fetch(new URL(back, second.redirect_url), { redirect: 'manual' });
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toBe(`/pro-shop/checkout/success?order=${second.order_id}`);
    await expect
      .poll(async () => ((await c.get(`/api/shop/orders/${second.order_id}`, shopper.token)).body.data as { status?: string } | undefined)?.status)
      .toBe('paid');
    const order = (await c.get(`/api/shop/orders/${second.order_id}`, shopper.token)).body.data as Record<string, unknown>;
    expect(order).toMatchObject({
      total: 23531,
      tax: 1685,
      discount: 1949,
      shipping: 995,
      rounding_rule: expect.stringContaining('GST Act s9-90'),
      shipping_address: expect.objectContaining({ postcode: '2095' }),
    });
    expect((order.gift_cards as unknown[]).length).toBe(1);
    expect((await cart()).items).toEqual([]);
    // The tax invoice and the gift card code arrive by email through the job queue.
    const mailTo = async (subject: string) =>
      (await c.mail()).find((m) => m.to.includes(shopper.email.toLowerCase()) && m.subject.startsWith(subject));
    await expect.poll(() => mailTo('Tax invoice for your ROAR+ order')).toBeTruthy();
    const invoice = (await mailTo('Tax invoice for your ROAR+ order'))!;
    expect(invoice.text).toContain('Total price includes GST.');
    // The seller and its ABN as the configuration names them (BUSINESS_NAME, BUSINESS_ABN).
    expect(invoice.text).toContain('by Pelican Waters Golf Club Ltd, ABN 51 824 753 556.');
    expect(invoice.text).toContain('Total (AUD): $235.31');
    expect(invoice.text).toContain('GST included: $16.85');
    await expect.poll(() => mailTo('Your ROAR+ gift card ($50)')).toBeTruthy();
    expect((await mailTo('Your ROAR+ gift card ($50)'))!.text).toMatch(/Gift card code: ROAR(-[A-Z2-9]{4}){4}/);
    const mine = (await c.get('/api/shop/orders', shopper.token)).body.data as Array<{ id: string }>;
    expect(mine.map((o) => o.id)).toContain(second.order_id);
    // The coupon was used once by this member.
    const usedAgain = await patch({
      items: [{ product: cap.id, sku: cap.variants[0]!.sku, qty: 1, delivery_method: 'pickup' }],
      coupon: 'WELCOME10',
    });
    expect([usedAgain.status, usedAgain.body.errors?.[0]?.message]).toEqual([400, 'You have already used this coupon.']);

    // Someone else's order is unknown to another member.
    const other = await c.paidMember(3);
    expect((await c.get(`/api/shop/orders/${second.order_id}`, other.token)).status).toBe(404);
    expect((await c.post('/api/shop/checkout/cancel', { order_id: second.order_id }, other.token)).status).toBe(404);

    // Staff: ship with carrier and tracking; the member sees it. Auditors cannot.
    expect(
      (await staffPost(`/shop-orders/${second.order_id}/ship`, { carrier: 'Australia Post', tracking: 'AP123456789AU' }, staff.auditor.token)).status,
    ).toBe(403);
    expect((await staffPost(`/shop-orders/${second.order_id}/ship`, { carrier: '', tracking: 'x' })).status).toBe(400);
    const shipped = await staffPost(`/shop-orders/${second.order_id}/ship`, { carrier: 'Australia Post', tracking: 'AP123456789AU' });
    expect(shipped.status).toBe(200);
    expect((await c.get(`/api/shop/orders/${second.order_id}`, shopper.token)).body.data).toMatchObject({
      status: 'shipped',
      carrier: 'Australia Post',
      tracking: 'AP123456789AU',
    });
    await expect.poll(async () => (await mailTo('Your ROAR+ order'))?.text).toContain('Tracking number: AP123456789AU');

    // A refund through the payments port: the provider's webhook records it and the stock goes back.
    const stockBefore = (await product('roar-performance-polo')).variants.find((v) => v.sku === navyM.sku)!.available;
    expect((await staffPost(`/shop-orders/${second.order_id}/refund`, { reason: 'x' })).status).toBe(400);
    expect((await staffPost(`/shop-orders/${second.order_id}/refund`, { reason: 'Wrong size, returned unworn', member_message: 'x' })).status).toBe(
      400,
    );
    // Issue 20, defect 10: staff's internal reason and what the member is told are kept apart.
    const internal = 'Returned unworn; customer was abusive on the phone, do not offer a discount';
    const told = 'Thanks for returning the polo: we have refunded your order in full.';
    // Above the club's $100.00 four-eyes holds the refund until a second staff user approves it.
    const asked = await staffPost(`/shop-orders/${second.order_id}/refund`, { reason: internal, member_message: told });
    expect(asked.status).toBe(202);
    const { approval } = (await asked.json()) as { approval: { id: string; summary: string } };
    expect(approval.summary).toMatch(/^Refund order \S+ \(\$\d+\.\d\d\)$/);
    const approved = await staffPost(`/approvals/${approval.id}/approve`, {}, staff.admin.token);
    expect(((await approved.json()) as { status: string }).status).toBe('carried_out');
    await api.infra.members.local?.idle();
    await expect
      .poll(async () => ((await c.get(`/api/shop/orders/${second.order_id}`, shopper.token)).body.data as { status: string }).status)
      .toBe('refunded');
    const refunded = (await c.get(`/api/shop/orders/${second.order_id}`, shopper.token)).body.data as Record<string, unknown>;
    expect(refunded.refund_message).toBe(told);
    expect(JSON.stringify(refunded)).not.toContain('abusive');
    await expect.poll(async () => (await mailTo('Refund for your ROAR+ order'))?.text).toContain(told);
    expect((await mailTo('Refund for your ROAR+ order'))!.text).not.toContain('abusive');
    const staffView = (await (await adminFetch(api, `/shop-orders/${second.order_id}`, { token: staff.auditor.token })).json()) as Record<
      string,
      unknown
    >;
    expect([staffView.refund_reason, staffView.refund_message]).toEqual([internal, told]);
    await expect
      .poll(async () => (await product('roar-performance-polo')).variants.find((v) => v.sku === navyM.sku)!.available)
      .toBe(stockBefore + 1);
    expect((await staffPost(`/shop-orders/${second.order_id}/refund`, { reason: 'Again please' })).status).toBe(409);
    const history = (await (await adminFetch(api, `/shop-orders/${second.order_id}`, { token: staff.auditor.token })).json()) as {
      events: Array<{ event_type: string }>;
    };
    expect(history.events.map((e) => e.event_type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
      'OrderGiftCardIssued',
      'OrderShipped',
      'OrderRefundRequested',
      'OrderRefunded',
    ]);
  }, 60_000);

  it('lets an unpaid reservation expire: the sweeper cancels the order, the stock returns, the cart opens again', async () => {
    const m = await c.paidMember(3);
    const cap = await product('roar-tour-cap');
    const black = cap.variants.find((v) => v.attributes.colour === 'Black')!;
    expect(
      (await patch({ items: [{ product: cap.id, sku: black.sku, qty: 2, delivery_method: 'pickup' }], shipping_address: address }, m.token)).status,
    ).toBe(200);
    const started = (await c.post('/api/shop/checkout', {}, m.token)).body.data as { order_id: string };
    expect((await product('roar-tour-cap')).variants.find((v) => v.sku === black.sku)!.available).toBe(black.available - 2);
    // Before the reservation expires nothing is swept.
    expect(await sweepExpiredReservations(api.ctx, new Date(Date.now() + 60_000))).toBe(0);
    expect(await sweepExpiredReservations(api.ctx, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => ((await c.get(`/api/shop/orders/${started.order_id}`, m.token)).body.data as { status: string }).status)
      .toBe('cancelled');
    expect((await product('roar-tour-cap')).variants.find((v) => v.sku === black.sku)!.available).toBe(black.available);
    expect(await cart(m.token)).toMatchObject({ pending_order_id: null, items: [expect.objectContaining({ sku: black.sku, qty: 2 })] });
  });

  it('never reprices in silence: a staff price change shows in the cart, checkout waits until the member has seen it', async () => {
    const m = await c.paidMember(3);
    const before = (await (await adminFetch(api, '/shop-products/roar-bucket-hat', { token: staff.staff.token })).json()) as Record<
      string,
      unknown
    > & { variants: Array<{ sku: string; price_cents: number; attributes: Record<string, string> }> };
    const sku = before.variants[0]!.sku;
    expect(
      (await patch({ items: [{ product: 'roar-bucket-hat', sku, qty: 1, delivery_method: 'pickup' }], shipping_address: address }, m.token)).status,
    ).toBe(200);
    // The console sends the whole record back with a reason.
    const edited = await adminFetch(api, '/shop-products/roar-bucket-hat', {
      method: 'PUT',
      token: staff.staff.token,
      body: JSON.stringify({
        ...before,
        variants: before.variants.map((v) => (v.sku === sku ? { ...v, price_cents: 4495 } : v)),
        reason: 'Supplier price rise',
      }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const history = (await (await adminFetch(api, '/shop-products/roar-bucket-hat', { token: staff.auditor.token })).json()) as {
      events: Array<{ event_type: string; reason: string | null }>;
    };
    expect(history.events).toContainEqual(expect.objectContaining({ event_type: 'VariantRepriced', reason: 'Supplier price rise' }));

    const seen = await cart(m.token);
    expect(seen.errors).toEqual([
      expect.objectContaining({
        code: 'price_changed',
        sku,
        from: 3995,
        to: 4495,
        message: 'The price of ROAR+ Bucket Hat changed from $39.95 to $44.95.',
      }),
    ]);
    expect(seen.total).toBe(4495);
    const refused = await c.post('/api/shop/checkout', {}, m.token);
    expect([refused.status, (refused.body.errors as Array<{ message: string }>)[0]!.message]).toEqual([
      409,
      'The price of ROAR+ Bucket Hat changed from $39.95 to $44.95.',
    ]);
    // Saving the cart is the member seeing it: the answer says what changed, once; then checkout goes ahead.
    const saved = await patch({}, m.token);
    expect(saved.body.data.errors.map((e) => e.code)).toEqual(['price_changed']);
    expect((await cart(m.token)).errors).toEqual([]);
    expect((await c.post('/api/shop/checkout', {}, m.token)).status).toBe(201);
  });

  it('sells a gift card alone without a shipping address and delivers it at once', async () => {
    const m = await c.paidMember(3);
    expect(
      (await patch({ items: [{ product: 'roar-gift-card', sku: 'RS024-25', qty: 2, delivery_method: null }] }, m.token)).body.data,
    ).toMatchObject({ shipping: 0, tax: 0, total: 5000, errors: [] });
    const billing = { ...address, first_name: 'Gift', last_name: 'Giver' };
    expect((await c.post('/api/shop/checkout', {}, m.token)).status).toBe(400);
    expect((await patch({ billing_address: billing }, m.token)).status).toBe(200);
    // The checkout places the order, holds the two cards' stock and marks the cart as checking out, each in its own stream.
    const checkout = await spec()
      .when(() => ({ path: '/api/shop/checkout', body: {}, token: m.token }))
      .then({
        status: 201,
        events: (answer) => {
          const orderId = (answer.body as { data: { order_id: string } }).data.order_id;
          return {
            [orderStreamId(orderId)]: [{ type: 'OrderPlaced', data: { orderId, memberId: m.id } }],
            [stockStreamId('RS024-25')]: [{ type: 'StockReserved', data: { sku: 'RS024-25', qty: 2 } }],
            [cartStreamId(m.id)]: [{ type: 'CartCheckoutStarted', data: { memberId: m.id, orderId } }],
          };
        },
      });
    const started = (checkout.body as { data: { order_id: string; redirect_url: string } }).data;
    expect((await c.pay(started.redirect_url)).status).toBe(303);
    await expect
      .poll(async () => ((await c.get(`/api/shop/orders/${started.order_id}`, m.token)).body.data as { status: string }).status)
      .toBe('delivered');
    const order = (await c.get(`/api/shop/orders/${started.order_id}`, m.token)).body.data as { gift_cards: unknown[]; shipping_address: unknown };
    expect(order.gift_cards).toHaveLength(2);
    expect(order.shipping_address).toBeNull();
    await expect
      .poll(async () => (await c.mail()).filter((x) => x.to.includes(m.email.toLowerCase()) && x.subject === 'Your ROAR+ gift card ($25)').length)
      .toBe(2);
  });

  it("gives a paid team mate the team draw's 20% off merchandise (not off gift cards)", async () => {
    const captain = await c.paidMember(3);
    const mate = await c.paidMember(3);
    expect((await c.post('/api/team/start', {}, captain.token)).status).toBe(201);
    expect((await c.post('/api/team/invite', { email: mate.email }, captain.token)).status).toBe(201);
    const team = (await c.get('/api/team', captain.token)).body.data as { members: Array<{ email: string; invite_id: string | null }> };
    const inviteId = team.members.find((x) => x.email === mate.email.toLowerCase())!.invite_id!;
    const joined = await c.post('/api/team/join', { invite_id: inviteId }, mate.token);
    expect((await c.pay(joined.body.redirect_url as string)).status).toBe(303);
    await expect.poll(async () => (await c.me(mate.token)).team_benefit).toBeTruthy();
    const r = await patch(
      {
        items: [
          { product: 'roar-tour-umbrella', sku: 'RS017', qty: 1, delivery_method: 'pickup' },
          { product: 'roar-gift-card', sku: 'RS024-25', qty: 1, delivery_method: null },
        ],
      },
      mate.token,
    );
    // 20% of the $59.95 umbrella = 1199 cents; the gift card is not merchandise.
    expect(r.body.data).toMatchObject({
      subtotal: 5995 + 2500,
      discount: 1199,
      total: 5995 + 2500 - 1199,
      discounts: [{ kind: 'team', percent: 20, cents: 1199 }],
    });
  });

  it('lets staff keep the shop settings (categories, brands, banners) with reasons', async () => {
    const body = { kind: 'category', slug: 'training-aids', name: 'Training aids', reason: 'New range for winter' };
    expect((await staffPost('/shop-terms', body, staff.auditor.token)).status).toBe(403);
    expect((await staffPost('/shop-terms', { ...body, slug: 'Not A Slug' })).status).toBe(400);
    expect((await staffPost('/shop-terms', body)).status).toBe(201);
    const settings = async () =>
      (await c.get('/api/shop/settings', shopper.token)).body.data as { categories: Array<{ slug: string; name: string }> };
    expect((await settings()).categories).toContainEqual({ id: 'training-aids', slug: 'training-aids', name: 'Training aids' });
    const removed = await adminFetch(api, '/shop-terms/category:training-aids', { method: 'DELETE', token: staff.staff.token });
    expect(removed.status).toBe(200);
    expect((await settings()).categories.map((x) => x.slug)).not.toContain('training-aids');
  });

  it('holds a coupon total limit exactly when members race for its last use', async () => {
    const made = await staffPost('/shop-coupons', {
      code: 'LASTONE',
      kind: 'amount',
      value: 500,
      expiresAt: null,
      totalLimit: 1,
      perMemberLimit: null,
      memberId: null,
      reason: 'One use only',
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const racers = await Promise.all([c.paidMember(3), c.paidMember(3), c.paidMember(3)]);
    const towel = await product('roar-microfibre-towel');
    for (const r of racers) {
      expect(
        (
          await patch(
            {
              items: [{ product: towel.id, sku: towel.variants[0]!.sku, qty: 1, delivery_method: 'pickup' }],
              shipping_address: address,
              coupon: 'LASTONE',
            },
            r.token,
          )
        ).status,
      ).toBe(200);
    }
    const results = await Promise.all(racers.map((r) => c.post('/api/shop/checkout', {}, r.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect((r.body.errors as Array<{ message: string }>)[0]!.message).toBe('This coupon has been fully redeemed.');
  });

  it('never oversells: 20 members race for 5 units and exactly 5 orders are placed', async () => {
    const created = await staffPost('/shop-products', {
      slug: 'limited-edition-flag',
      name: 'Limited Edition Pin Flag',
      description: 'Signed.',
      product_type: 'physical',
      category: 'accessories',
      brand: 'roar',
      supplier: 'roar-merchandise',
      image_portrait: null,
      image_landscape: null,
      gift_card: false,
      variants: [{ sku: 'FLAG-LTD', attributes: {}, price_cents: 4900 }],
      stock: { 'FLAG-LTD': 5 },
      reason: 'Limited run for the club championship',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const members: Joined[] = [];
    for (let i = 0; i < 4; i++) members.push(...(await Promise.all(Array.from({ length: 5 }, () => c.paidMember(3)))));
    for (const m of members) {
      expect(
        (
          await patch(
            { items: [{ product: 'limited-edition-flag', sku: 'FLAG-LTD', qty: 1, delivery_method: 'pickup' }], shipping_address: address },
            m.token,
          )
        ).status,
      ).toBe(200);
    }
    const results = await Promise.all(members.map((m) => c.post('/api/shop/checkout', {}, m.token)));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(5);
    expect(refused.map((r) => r.status)).toEqual(Array(15).fill(409));
    // Refused by the stock stream itself, or already by the cart check once the read model has seen the reservations.
    for (const r of refused) expect((r.body.errors as Array<{ message: string }>)[0]!.message).toBe('Limited Edition Pin Flag is out of stock.');
    const stock = fold(
      stockDecider,
      (await api.infra.store.readStream(stockStreamId('FLAG-LTD'))).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );
    expect(availableQty(stock)).toBe(0);
    expect(stock.status === 'open' && stock.onHand).toBe(5);
    // Refused members keep their carts, open for editing.
    const refusedMember = members[results.findIndex((r) => r.status !== 201)]!;
    expect((await cart(refusedMember.token)).items).toHaveLength(1);
  }, 120_000);
});
