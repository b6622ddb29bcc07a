import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GIFT_CARD_TERMS, formatGiftCardCode, giftCardDecider, giftCardIdOf, giftCardStreamId, orderStreamId } from '@roar/domain';
import { handleCommand } from '@roar/platform';
import { giftCardKeysOf } from '../src/shop/gift-cards';
import { adminFetch, signInStaff, type StaffLogin } from '../src/admin/test-staff';
import { seedShop } from '../src/shop';
import { client, type Joined } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

interface GiftCardDetails {
  last4: string;
  balance: number;
  expires_on: string;
}
interface Cart {
  items: unknown[];
  errors: Array<{ code: string; message: string }>;
  total: number;
  gift_card: GiftCardDetails | null;
  gift_card_amount: number;
  amount_due: number;
  coupon: string | null;
  notes: string | null;
}
interface Order {
  id: string;
  status: string;
  total: number;
  amount_due: number;
  gift_card_payment: { last4: string; cents: number } | null;
  gift_cards: Array<{ last4: string; value_cents: number; expires_on: string | null; balance_cents: number | null; status: string | null }>;
}
interface StaffCard {
  id: string;
  last4: string;
  balance_cents: number;
  value_cents: number;
  status: string;
  order_number: string;
  order_id: string;
  expires_on: string;
  events: Array<{ event_type: string }>;
}

const address = { first_name: 'Jane', last_name: 'Citizen', line1: '1 Fairway Drive', suburb: 'Manly', state: 'NSW', postcode: '2095' };
/** A $34.95 item without variants, collected from the pro shop (no delivery charge). */
const CAP = { product: 'fairway-basics-distance-balls', sku: '', price: 3495 };

/**
 * Gift cards over HTTP: bought, spent whole and in part, credited back when the order they paid
 * for is cancelled or refunded, voided when their purchase is refunded; codes looked up by their
 * keyed hash and never written in the clear; two checkouts spending one card at once spend at most
 * its balance. On PGlite and on PostgreSQL.
 */
describe.each([{ database: 'pglite' as const }, { database: 'postgres' as const }])('gift cards over HTTP ($database)', ({ database }) => {
  let api: TestApi;
  let c: ReturnType<typeof client>;
  let staff: Record<'admin' | 'staff' | 'auditor', StaffLogin>;

  beforeAll(async () => {
    const started = await startTestApi({ database });
    if (!started) throw new Error(`no ${database} database for this test`);
    api = started;
    await seedShop(api.infra.store, api.infra.registry, api.ctx.logger, new Date());
    expect(await api.infra.projections.waitFor(await api.infra.store.headPosition(), 20_000)).toBe(true);
    c = client(api);
    staff = await signInStaff(api);
    const first = await c.paidMember(3);
    CAP.sku = (
      (await c.get(`/api/shop/products/by-slug/${CAP.product}`, first.token)).body.data as { variants: Array<{ sku: string; price: number }> }
    ).variants[0]!.sku;
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const patch = async (body: unknown, token: string) => {
    const r = await fetch(`${api.url}/api/shop/update-cart`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as { data: Cart; errors?: Array<{ message: string; extensions?: { code: string } }> } };
  };
  const cart = async (token: string) => (await c.get('/api/shop/cart', token)).body.data as Cart;
  const order = async (id: string, token: string) => (await c.get(`/api/shop/orders/${id}`, token)).body.data as Order;
  const checkout = (token: string) => c.post('/api/shop/checkout', {}, token);
  const staffGet = async <T>(path: string) => (await (await adminFetch(api, path, { token: staff.auditor.token })).json()) as T;
  const staffPost = (path: string, body: unknown) => adminFetch(api, path, { method: 'POST', token: staff.staff.token, body: JSON.stringify(body) });
  const cardByCode = async (code: string) =>
    (await staffGet<StaffCard[]>(`/shop-gift-cards?filter=${encodeURIComponent(JSON.stringify({ code }))}`))[0]!;

  /** A member buys a $50 card with the test card; answers the code from their email and the purchase order. */
  async function buyCard(buyer: Joined): Promise<{ code: string; orderId: string }> {
    expect(
      (await patch({ items: [{ product: 'roar-gift-card', sku: 'RS024-50', qty: 1, delivery_method: null }], billing_address: address }, buyer.token))
        .status,
    ).toBe(200);
    const started = (await checkout(buyer.token)).body.data as { order_id: string; redirect_url: string };
    expect((await c.pay(started.redirect_url)).status).toBe(303);
    await expect.poll(async () => (await order(started.order_id, buyer.token)).status, { timeout: 15_000 }).toBe('delivered');
    const mailOf = async () => (await c.mail()).find((m) => m.to.includes(buyer.email.toLowerCase()) && m.subject === 'Your ROAR+ gift card ($50)');
    await expect.poll(mailOf, { timeout: 15_000 }).toBeTruthy();
    const text = (await mailOf())!.text;
    const code = /Gift card code: (ROAR(?:-[A-Z2-9]{4}){4})/.exec(text)![1]!;
    return { code, orderId: started.order_id };
  }
  const capCart = (token: string, giftCard: string | null | undefined, qty = 1) =>
    patch(
      {
        items: [{ product: CAP.product, sku: CAP.sku, qty, delivery_method: 'pickup' }],
        shipping_address: address,
        billing_address: address,
        ...(giftCard === undefined ? {} : { gift_card: giftCard }),
      },
      token,
    );

  it('is bought, spent in whole and in part, credited back on cancel and refund, and voided when its purchase is refunded', async () => {
    const buyer = await c.paidMember(3);
    const { code, orderId: purchase } = await buyCard(buyer);
    // The email and the buyer's orders page show the expiry: 3 years (the law's minimum, the seeded terms).
    const mail = (await c.mail()).find((m) => m.to.includes(buyer.email.toLowerCase()) && m.subject === 'Your ROAR+ gift card ($50)')!;
    const bought = await order(purchase, buyer.token);
    expect(bought.gift_cards).toEqual([
      {
        sku: 'RS024-50',
        value_cents: 5000,
        last4: code.slice(-4),
        expires_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        balance_cents: 5000,
        status: 'active',
      },
    ]);
    const expiresOn = bought.gift_cards[0]!.expires_on!;
    expect(Number(expiresOn.slice(0, 4)) - new Date().getUTCFullYear()).toBeGreaterThanOrEqual(3);
    expect(mail.text).toMatch(/Valid until \d{1,2} \w+ \d{4}\. No fees apply/);

    // Whole: a $34.95 box of balls paid by the card alone, typed in lower case with spaces: no payment page.
    const whole = await c.paidMember(3);
    const priced = await capCart(whole.token, code.toLowerCase().replace(/-/g, ' '));
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.data).toMatchObject({
      total: CAP.price,
      gift_card: { last4: code.slice(-4), balance: 5000, expires_on: expiresOn },
      gift_card_amount: CAP.price,
      amount_due: 0,
      errors: [],
    });
    const paidWhole = await checkout(whole.token);
    expect(paidWhole.status).toBe(201);
    const wholeOrder = paidWhole.body.data as { order_id: string; redirect_url: string };
    expect(wholeOrder.redirect_url).toMatch(new RegExp(`/pro-shop/checkout/success\\?order=${wholeOrder.order_id}$`));
    await expect.poll(async () => (await order(wholeOrder.order_id, whole.token))?.status).toBe('paid');
    expect(await order(wholeOrder.order_id, whole.token)).toMatchObject({
      status: 'paid',
      total: CAP.price,
      amount_due: 0,
      gift_card_payment: { last4: code.slice(-4), cents: CAP.price },
    });
    expect((await cart(whole.token)).items).toEqual([]);
    await expect.poll(async () => (await cardByCode(code)).balance_cents).toBe(5000 - CAP.price);

    // In part: two boxes ($69.90) take the $15.05 left; the rest goes through the payment page.
    const part = await c.paidMember(3);
    expect((await capCart(part.token, code, 2)).body.data).toMatchObject({
      total: 2 * CAP.price,
      gift_card_amount: 1505,
      amount_due: 2 * CAP.price - 1505,
    });
    const started = (await checkout(part.token)).body.data as { order_id: string; redirect_url: string };
    expect(started.redirect_url).toMatch(/\/pay\/checkout\//);
    expect((await c.pay(started.redirect_url)).status).toBe(303);
    await expect.poll(async () => (await order(started.order_id, part.token)).status).toBe('paid');
    expect(await order(started.order_id, part.token)).toMatchObject({ amount_due: 2 * CAP.price - 1505, gift_card_payment: { cents: 1505 } });
    await expect.poll(async () => (await cardByCode(code)).balance_cents).toBe(0);
    const empty = await capCart(whole.token, code);
    expect([empty.status, empty.body.errors?.[0]?.message]).toEqual([400, 'This gift card has no balance left.']);

    // Refunded: the card's part goes back on the card, the rest to the test card.
    expect((await staffPost(`/shop-orders/${started.order_id}/refund`, { reason: 'Balls arrived damaged' })).status).toBe(200);
    await expect.poll(async () => (await cardByCode(code)).balance_cents).toBe(1505);
    await api.infra.members.local?.idle();
    await expect.poll(async () => (await order(started.order_id, part.token)).status).toBe('refunded');

    // Cancelled unpaid (a declined card, then the failed page): the card's part comes back.
    const cancel = await c.paidMember(3);
    expect((await capCart(cancel.token, code)).body.data).toMatchObject({ gift_card_amount: 1505, amount_due: CAP.price - 1505 });
    const unpaid = (await checkout(cancel.token)).body.data as { order_id: string; redirect_url: string };
    await expect.poll(async () => (await cardByCode(code)).balance_cents).toBe(0);
    expect((await c.pay(unpaid.redirect_url, '4000 0000 0000 0002')).status).toBe(402);
    expect((await c.post('/api/shop/checkout/cancel', { order_id: unpaid.order_id }, cancel.token)).status).toBe(200);
    await expect.poll(async () => (await cardByCode(code)).balance_cents).toBe(1505);

    // The purchase refunded: the unspent $15.05 is voided and the card is refused in plain words.
    expect((await staffPost(`/shop-orders/${purchase}/refund`, { reason: 'Bought by mistake' })).status).toBe(200);
    await expect.poll(async () => (await cardByCode(code)).status).toBe('voided');
    const voided = await cardByCode(code);
    expect(voided).toMatchObject({ status: 'voided', balance_cents: 0, order_id: purchase });
    const refused = await capCart(cancel.token, code);
    expect([refused.status, refused.body.errors?.[0]?.message]).toEqual([400, 'This gift card has been cancelled.']);
    expect((await order(purchase, buyer.token)).gift_cards[0]).toMatchObject({ status: 'voided', balance_cents: 0 });

    // Staff see the card's history; its code is written nowhere (event log or read model), only its last 4.
    const shown = await staffGet<StaffCard>(`/shop-gift-cards/${voided.id}`);
    expect(shown.events.map((e) => e.event_type)).toEqual([
      'GiftCardActivated',
      'GiftCardRedeemed',
      'GiftCardRedeemed',
      'GiftCardCredited',
      'GiftCardRedeemed',
      'GiftCardCredited',
      'GiftCardVoided',
    ]);
    const canonical = code.replace(/^ROAR-/, '').replace(/-/g, '');
    const logged = JSON.stringify(
      [
        ...(await api.infra.store.readStream(giftCardStreamId(voided.id))),
        ...(await api.infra.store.readStream(orderStreamId(purchase))),
        ...(await api.infra.store.readStream(`cart-${whole.id}`)),
      ].map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })),
    );
    expect(logged).not.toContain(canonical);
    expect(logged).not.toContain(code);
    expect(
      JSON.stringify(await api.ctx.sql.query('select to_jsonb(g) from read.shop_gift_cards g union all select to_jsonb(o) from read.shop_orders o')),
    ).not.toContain(canonical);
  }, 120_000);

  it('refuses an unknown or mistyped code without saying whether it exists, saves nothing, and throttles guesses', async () => {
    const guesser = await c.paidMember(3);
    expect((await capCart(guesser.token, undefined)).status).toBe(200);
    const before = await cart(guesser.token);
    const wrong = ['ROAR-AAAA-BBBB-CCCC-DDDD', 'not a code', 'ROAR-1111-2222-3333-4444', 'ROAR-ZZZZ-ZZZZ-ZZZZ-ZZZ', 'ROAR-HHHH-JJJJ-KKKK-MMMM'];
    for (const typed of wrong) {
      const r = await patch({ gift_card: typed, notes: 'must not be saved' }, guesser.token);
      expect([r.status, r.body.errors?.[0]?.message]).toEqual([400, 'This gift card code is not valid.']);
    }
    expect(await cart(guesser.token)).toEqual(before);
    // Over the limit, even a real code is not looked up until the window has passed.
    const { code } = await buyCard(await c.paidMember(3));
    const throttled = await patch({ gift_card: code }, guesser.token);
    expect(throttled.status).toBe(429);
    expect(throttled.body.errors?.[0]?.message).toMatch(/^Too many gift card codes tried\. Try again in \d+ minutes\.$/);
    // Another member at the same address is not held back by this one's five misses (the address allows more).
    const other = await c.paidMember(3);
    expect((await capCart(other.token, code)).status).toBe(200);
  }, 120_000);

  it('refuses an expired card in plain words, and saves nothing', async () => {
    // A card issued years ago under the launch terms: its activation written as checkout would, under this server's key.
    const canonical = 'EXPRDCARDK2P9HJ4';
    const cardId = giftCardIdOf(giftCardKeysOf(api.ctx), canonical);
    await handleCommand(
      api.ctx.store,
      api.ctx.registry,
      giftCardStreamId(cardId),
      giftCardDecider,
      {
        type: 'ActivateGiftCard',
        cardId,
        last4: canonical.slice(-4),
        orderId: 'old-order',
        orderNumber: 'R-OLD00001',
        memberId: 'someone',
        sku: 'RS024-50',
        value_cents: 5000,
        expires_on: '2025-03-01',
        terms: DEFAULT_GIFT_CARD_TERMS,
        at: '2022-03-01T00:00:00.000Z',
      },
      { actor: { type: 'system', id: 'test' }, correlationId: 'expired-card', occurredAt: new Date() },
    );
    const m = await c.paidMember(3);
    expect((await capCart(m.token, undefined)).status).toBe(200);
    const before = await cart(m.token);
    const refused = await patch({ gift_card: formatGiftCardCode(canonical), notes: 'must not be saved' }, m.token);
    expect([refused.status, refused.body.errors?.[0]?.message]).toEqual([400, 'This gift card expired on 1 March 2025.']);
    expect(await cart(m.token)).toEqual(before);
  });

  it('two checkouts spending one card at once spend at most its balance: the stream revision decides', async () => {
    for (let round = 0; round < 3; round++) {
      const { code } = await buyCard(await c.paidMember(3));
      const racers = await Promise.all([c.paidMember(3), c.paidMember(3)]);
      // Each cart was priced at the full $50 balance: $34.95 from the card, nothing left to pay.
      for (const r of racers) expect((await capCart(r.token, code)).body.data).toMatchObject({ gift_card_amount: CAP.price, amount_due: 0 });
      const results = await Promise.all(racers.map((r) => checkout(r.token)));
      const card = await cardByCode(code);
      const spends = (await api.infra.store.readStream(giftCardStreamId(card.id)))
        .filter((e) => e.type === 'GiftCardRedeemed')
        .map((e) => (e.data as { amount_cents: number }).amount_cents);
      const spent = spends.reduce((n, x) => n + x, 0);
      // Never more than the card held; the later checkout was refused, or took only what was left and paid the rest.
      expect(spent).toBeLessThanOrEqual(5000);
      // The read model follows the stream (eventually: a loaded machine can answer before the projection caught up).
      await expect.poll(async () => (await cardByCode(code)).balance_cents).toBe(5000 - spent);
      expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect([r.status, (r.body.errors as Array<{ message: string }>)[0]!.message]).toEqual([
          409,
          'The balance of this gift card changed: review your cart before paying.',
        ]);
      }
      const placed = results.flatMap((r, i) =>
        r.status === 201 ? [{ id: (r.body.data as { order_id: string }).order_id, token: racers[i]!.token }] : [],
      );
      for (const p of placed) await expect.poll(async () => (await order(p.id, p.token))?.id).toBe(p.id);
      const orders = await Promise.all(placed.map((p) => order(p.id, p.token)));
      expect(orders.map((o) => o.gift_card_payment?.cents ?? 0).sort((a, b) => a - b)).toEqual([...spends].sort((a, b) => a - b));
      // The refused member's cart is open again.
      for (const [i, r] of results.entries()) if (r.status !== 201) expect((await capCart(racers[i]!.token, code)).status).not.toBe(500);
    }
  }, 180_000);

  it('keeps the expiry as dated club data with its source, and refuses a period under the legal minimum', async () => {
    const terms =
      await staffGet<Array<{ expiry_months: number; legal_minimum_months: number; source: string; in_force: boolean }>>('/shop-gift-card-terms');
    expect(terms[0]).toMatchObject({
      expiry_months: 36,
      legal_minimum_months: 36,
      in_force: true,
      source: expect.stringContaining('Australian Consumer Law'),
    });
    const today = new Date().toISOString().slice(0, 10);
    const short = await staffPost('/shop-gift-card-terms', {
      expiry_months: 12,
      legal_minimum_months: 36,
      effective_from: today,
      source: 'Someone asked',
      reason: 'Shorter please',
    });
    expect([short.status, ((await short.json()) as { errors: Array<{ message: string }> }).errors[0]!.message]).toEqual([
      400,
      'A gift card must be valid for at least 36 months (the legal minimum).',
    ]);
    const missingSource = await staffPost('/shop-gift-card-terms', {
      expiry_months: 60,
      legal_minimum_months: 36,
      effective_from: today,
      reason: 'Longer',
    });
    expect(missingSource.status).toBe(400);
  });

  it('lets staff find a card by its code or last 4 and cancel it with a reason', async () => {
    const buyer = await c.paidMember(3);
    const { code, orderId } = await buyCard(buyer);
    const found = await cardByCode(code.toLowerCase());
    expect(found).toMatchObject({ last4: code.slice(-4), value_cents: 5000, balance_cents: 5000, status: 'active', order_id: orderId });
    expect(JSON.stringify(found)).not.toContain(code.replace(/^ROAR-/, '').replace(/-/g, ''));
    const byTail = await staffGet<StaffCard[]>(`/shop-gift-cards?filter=${encodeURIComponent(JSON.stringify({ q: code.slice(-4) }))}`);
    expect(byTail.map((x) => x.id)).toContain(found.id);
    expect(
      await staffGet<StaffCard[]>(`/shop-gift-cards?filter=${encodeURIComponent(JSON.stringify({ code: 'ROAR-AAAA-AAAA-AAAA-AAAA' }))}`),
    ).toEqual([]);
    expect((await staffPost(`/shop-gift-cards/${found.id}/cancel`, { reason: '' })).status).toBe(400);
    expect(
      (
        await adminFetch(api, `/shop-gift-cards/${found.id}/cancel`, {
          method: 'POST',
          token: staff.auditor.token,
          body: JSON.stringify({ reason: 'Reported stolen' }),
        })
      ).status,
    ).toBe(403);
    const cancelled = await staffPost(`/shop-gift-cards/${found.id}/cancel`, { reason: 'Reported stolen by the buyer' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'voided', balance_cents: 0, void_reason: 'Reported stolen by the buyer' });
    const m = await c.paidMember(3);
    const refused = await capCart(m.token, code);
    expect([refused.status, refused.body.errors?.[0]?.message]).toEqual([400, 'This gift card has been cancelled.']);
  }, 120_000);
});
