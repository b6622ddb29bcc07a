import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '@roar/platform';
import { requireOrSkip } from '@roar/platform/testing';
import { availableQty, couponStreamId, stockDecider, stockStreamId, type StockEvent } from '@roar/domain';
import { adminFetch, signInStaff, type StaffLogin } from '../src/admin/test-staff';
import { seedShop } from '../src/shop';
import { client, type Joined } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * The HTTP-level races (one email, a coupon's last use, the last units of stock) on PostgreSQL,
 * where the requests' connections really run side by side: on the embedded database (members.test
 * and shop.test run them there too) one connection serialises every statement, so a check-then-act
 * gap between two reads and a write can never show.
 */
const api: TestApi | null = await startTestApi({
  database: 'postgres',
  env: { BUSINESS_NAME: 'Pelican Waters Golf Club Ltd', BUSINESS_ABN: '51 824 753 556' },
});
const haveDb = requireOrSkip('PostgreSQL', api !== null);
const address = { first_name: 'Jane', last_name: 'Citizen', line1: '1 Fairway Drive', suburb: 'Manly', state: 'NSW', postcode: '2095' };

describe.runIf(haveDb)('races over HTTP on PostgreSQL', () => {
  let c: ReturnType<typeof client>;
  let staff: Record<'admin' | 'staff' | 'auditor', StaffLogin>;

  beforeAll(async () => {
    await seedShop(api!.infra.store, api!.infra.registry, api!.ctx.logger, new Date());
    expect(await api!.infra.projections.waitFor(await api!.infra.store.headPosition(), 20_000)).toBe(true);
    c = client(api!);
    staff = await signInStaff(api!);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const staffPost = (path: string, body: unknown) => adminFetch(api!, path, { method: 'POST', token: staff.staff.token, body: JSON.stringify(body) });
  const fillCart = async (m: Joined, item: { product: string; sku: string }, coupon?: string) => {
    const r = await fetch(`${api!.url}/api/shop/update-cart`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      body: JSON.stringify({ items: [{ ...item, qty: 1, delivery_method: 'pickup' }], shipping_address: address, ...(coupon ? { coupon } : {}) }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
  };
  const paidMembers = async (n: number) => {
    const members: Joined[] = [];
    for (let i = 0; i < n; i += 5) members.push(...(await Promise.all(Array.from({ length: Math.min(5, n - i) }, () => c.paidMember(3)))));
    return members;
  };
  const count = async (text: string, params: unknown[]) => Number((await api!.ctx.sql.query<{ n: number }>(text, params)).rows[0]?.n ?? 0);

  it('eight sign-ups with one email at once: one account, one member, one credentials row', async () => {
    const email = 'pg-race@example.com.au';
    const body = {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'correct-horse-1',
      membership_id: 1,
      recaptcha_token: 'local-test-token',
      state: 'NSW',
      dob: '1990-01-01',
    };
    const registered = () => count("select count(*)::int as n from es.events where event_type = 'MemberRegistered'", []);
    const before = await registered();
    const results = await Promise.all(Array.from({ length: 8 }, () => c.post('/api/sign-up', body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await registered()).toBe(before + 1);
    const login = await c.post('/auth/login', { email, password: 'correct-horse-1' });
    expect(login.status).toBe(200);
  }, 60_000);

  it("holds a coupon's total limit when six members race for its last use", async () => {
    const made = await staffPost('/shop-coupons', {
      code: 'PGLAST',
      kind: 'amount',
      value: 500,
      expiresAt: null,
      totalLimit: 1,
      perMemberLimit: null,
      memberId: null,
      reason: 'One use only',
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const racers = await paidMembers(6);
    const towel = (await c.get('/api/shop/products/by-slug/roar-microfibre-towel', racers[0]!.token)).body.data as {
      id: string;
      variants: Array<{ sku: string }>;
    };
    for (const r of racers) await fillCart(r, { product: towel.id, sku: towel.variants[0]!.sku }, 'PGLAST');
    const results = await Promise.all(racers.map((r) => c.post('/api/shop/checkout', {}, r.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect((r.body.errors as Array<{ message: string }>)[0]!.message).toBe('This coupon has been fully redeemed.');
    }
    expect(
      await count("select count(*)::int as n from es.events where stream_id = $1 and event_type = 'CouponRedeemed'", [couponStreamId('PGLAST')]),
    ).toBe(1);
  }, 180_000);

  it('a member clicking checkout four times at once gets one order, one reservation and one payment page', async () => {
    const [member] = await paidMembers(1);
    const towel = (await c.get('/api/shop/products/by-slug/roar-microfibre-towel', member!.token)).body.data as {
      id: string;
      variants: Array<{ sku: string }>;
    };
    const sku = towel.variants[0]!.sku;
    const available = async () =>
      availableQty(
        fold(
          stockDecider,
          (await api!.infra.store.readStream(stockStreamId(sku))).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
        ),
      );
    await fillCart(member!, { product: towel.id, sku });
    const before = await available();
    const clicks = await Promise.all(Array.from({ length: 4 }, () => c.post('/api/shop/checkout', {}, member!.token)));
    const started = clicks.filter((r) => r.status === 201).map((r) => r.body.data as { order_id: string; redirect_url: string });
    expect(started.length, JSON.stringify(clicks.map((r) => r.body))).toBeGreaterThanOrEqual(1);
    for (const r of clicks.filter((x) => x.status !== 201)) expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(new Set(started.map((s) => s.order_id)).size).toBe(1);
    expect(new Set(started.map((s) => s.redirect_url)).size).toBe(1);
    expect(before - (await available())).toBe(1);
    expect(await count("select count(*)::int as n from es.events where event_type = 'OrderPlaced' and data->>'memberId' = $1", [member!.id])).toBe(1);
  }, 120_000);

  it('never oversells: 20 members race for 5 units and exactly 5 orders are placed', async () => {
    const created = await staffPost('/shop-products', {
      slug: 'pg-limited-flag',
      name: 'PG Limited Pin Flag',
      description: 'Signed.',
      product_type: 'physical',
      category: 'accessories',
      brand: 'roar',
      supplier: 'roar-merchandise',
      image_portrait: null,
      image_landscape: null,
      gift_card: false,
      variants: [{ sku: 'PG-FLAG-LTD', attributes: {}, price_cents: 4900 }],
      stock: { 'PG-FLAG-LTD': 5 },
      reason: 'Limited run for the club championship',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const members = await paidMembers(20);
    for (const m of members) await fillCart(m, { product: 'pg-limited-flag', sku: 'PG-FLAG-LTD' });
    const results = await Promise.all(members.map((m) => c.post('/api/shop/checkout', {}, m.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(15).fill(409));
    for (const r of refused) expect((r.body.errors as Array<{ message: string }>)[0]!.message).toBe('PG Limited Pin Flag is out of stock.');
    const stock = fold(
      stockDecider,
      (await api!.infra.store.readStream(stockStreamId('PG-FLAG-LTD'))).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );
    expect(availableQty(stock)).toBe(0);
    expect(stock.status === 'open' && stock.onHand).toBe(5);
  }, 240_000);
});
