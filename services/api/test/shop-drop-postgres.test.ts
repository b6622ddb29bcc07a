import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableQty,
  cartDecider,
  cartStreamId,
  memberDecider,
  memberStreamId,
  stockDecider,
  stockStreamId,
  type StockEvent,
  type StockState,
} from '@roar/domain';
import { createLogger, DomainError, fold, handleCommand, loadConfig, type CommandContext } from '@roar/platform';
import { createTestDatabase, requireOrSkip, type TestDatabase } from '@roar/platform/testing';
import { stockLevels } from '@roar/projections';
import type { AppContext } from '../src/context';
import { HttpError } from '../src/http/errors';
import { appContextOf, openInfrastructure, type Infrastructure } from '../src/infrastructure';
import { seedShop } from '../src/shop';
import { createProduct } from '../src/shop/catalogue';
import { cancelUnpaidOrder, startShopCheckout } from '../src/shop/checkout';
import { createGuessThrottle } from '../src/shop/gift-card-throttle';
import { stockCommand } from '../src/shop/stock-sequencer';
import { updateCart } from '../src/shop/update-cart';

/**
 * A limited-stock drop across two api "replicas": two processes' worth of infrastructure (each its
 * own event store client, connection pool and stock lanes) on one PostgreSQL database. Each lane
 * batches its own process's reservations; only the store's expected revision keeps the two apart.
 */
const db: TestDatabase | null = await createTestDatabase('roar_shop_drop');
const haveDb = requireOrSkip('PostgreSQL', db !== null);
const logger = createLogger('silent');
const dirs: string[] = [];
const address = {
  first_name: 'Jane',
  last_name: 'Citizen',
  line1: '1 Fairway Drive',
  line2: '',
  suburb: 'Manly',
  state: 'NSW' as const,
  postcode: '2095',
  phone: '',
};

const SHARED_PERSONAL_DATA_KEY = randomBytes(32).toString('base64');

async function replica(runProjections: boolean): Promise<{ infra: Infrastructure; app: AppContext }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-shop-drop-'));
  dirs.push(dataDir);
  // Replicas share their secrets, as a deployment's do (docs/deployment.md): one master key for the members' keys.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PROJECTION_WAIT_MS: '10000',
    DATABASE_URL: db!.url,
    PERSONAL_DATA_KEY: SHARED_PERSONAL_DATA_KEY,
  });
  const infra = await openInfrastructure(config, logger);
  if (runProjections) await infra.projections.start();
  return { infra, app: appContextOf(config, logger, infra) };
}

const ctx = (who: string): CommandContext => ({ actor: { type: 'member', id: who }, correlationId: randomUUID(), occurredAt: new Date() });
const staff: CommandContext = { actor: { type: 'staff', id: 'staff-1' }, correlationId: 'drop-test', occurredAt: new Date(), reason: 'Drop stock' };

describe.runIf(haveDb)('a limited-stock drop across two api replicas on one PostgreSQL database', () => {
  let a: { infra: Infrastructure; app: AppContext };
  let b: { infra: Infrastructure; app: AppContext };

  const stockOf = async (sku: string): Promise<StockState> =>
    fold(
      stockDecider,
      (await a.app.store.readStream(stockStreamId(sku))).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );
  const product = async (slug: string, sku: string, units: number) => {
    await createProduct(a.app, staff, {
      fields: {
        slug,
        name: slug === 'drop-flag' ? 'Drop Flag' : slug,
        description: '',
        product_type: 'physical',
        category: 'accessories',
        brand: 'roar',
        supplier: 'roar-merchandise',
        image_portrait: null,
        image_landscape: null,
        gift_card: false,
      },
      variants: [{ sku, attributes: {}, price_cents: 2500 }],
      stock: { [sku]: units },
    });
  };

  beforeAll(async () => {
    a = await replica(true);
    b = await replica(false);
    await seedShop(a.infra.store, a.infra.registry, logger, new Date());
  }, 180_000);
  afterAll(async () => {
    await b?.infra.close();
    await a?.infra.close();
    await db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('200 reservations, 100 through each replica, for 50 units: exactly 50 taken, 150 refused out of stock, a staff count lands among them', async () => {
    await product('drop-lane', 'DROP-LANE', 50);
    const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const reserve = (app: AppContext, i: number) =>
      stockCommand(
        app,
        'DROP-LANE',
        { type: 'ReserveStock', reservationId: `r-${i}`, qty: 1, expiresAt, at: new Date().toISOString() },
        ctx(`m-${i}`),
      );
    const results = await Promise.allSettled([
      ...Array.from({ length: 100 }, (_, i) => reserve(i % 2 === 0 ? a.app : b.app, i)),
      // A staff count of +5 on replica B, and -2 through the plain command path (a third writer), in the middle of the race.
      stockCommand(b.app, 'DROP-LANE', { type: 'ReceiveStock', qty: 5, reason: 'Found a box' }, staff),
      handleCommand(
        a.app.store,
        a.app.registry,
        stockStreamId('DROP-LANE'),
        stockDecider,
        { type: 'AdjustStock', delta: -2, reason: 'Damaged' },
        staff,
        {
          maxRetries: 200,
        },
      ),
      ...Array.from({ length: 100 }, (_, i) => reserve(i % 2 === 0 ? b.app : a.app, 100 + i)),
    ]);
    const reservations = [...results.slice(0, 100), ...results.slice(102)];
    const staffResults = results.slice(100, 102);
    const taken = reservations.filter((r) => r.status === 'fulfilled').length;
    const refused = reservations.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const stock = await stockOf('DROP-LANE');
    if (stock.status !== 'open') throw new Error('no stock stream');
    // Every refusal is the decider's "out of stock", never a lost conflict.
    for (const e of refused) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).message).toBe('DROP-LANE is out of stock.');
    }
    // The -2 can be refused only if it came when fewer than 2 units were free (it never goes below what is reserved).
    const adjusted = staffResults[1]!.status === 'fulfilled' ? -2 : 0;
    expect(staffResults[0]!.status).toBe('fulfilled');
    expect(stock.onHand).toBe(50 + 5 + adjusted);
    expect(stock.reservations).toHaveLength(taken);
    expect(new Set(stock.reservations.map((r) => r.reservationId)).size).toBe(taken);
    expect(availableQty(stock)).toBeGreaterThanOrEqual(0);
    // Nothing is left while anyone was refused: refusals only came once the stock was gone.
    expect(availableQty(stock)).toBe(0);
    expect(taken).toBe(stock.onHand);
    expect(taken + refused.length).toBe(200);
  }, 180_000);

  it('200 members check out at once on two replicas for 50 units: 50 orders, 150 refused "out of stock"; a cancellation returns its unit, to the stream and to the stock members see', async () => {
    await product('drop-flag', 'DROP-FLAG', 50);
    const members: string[] = [];
    for (let i = 0; i < 200; i += 50)
      members.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, async () => {
            const id = randomUUID();
            await handleCommand(
              a.app.store,
              a.app.registry,
              memberStreamId(id),
              memberDecider,
              {
                type: 'RegisterMember',
                memberId: id,
                email: `drop-${id}@example.com`,
                firstname: 'Drop',
                lastname: 'Buyer',
                referralCode: id.slice(0, 16),
                chosenTier: null,
                at: new Date().toISOString(),
              },
              ctx(id),
              { mustBeNew: true },
            );
            return id;
          }),
        )),
      );
    for (const m of members)
      await handleCommand(
        a.app.store,
        a.app.registry,
        cartStreamId(m),
        cartDecider,
        {
          type: 'SaveCart',
          memberId: m,
          billing_address: null,
          coupon: null,
          notes: null,
          gift_card: null,
          shipping_address: address,
          items: [{ product: 'drop-flag', sku: 'DROP-FLAG', qty: 1, delivery_method: 'pickup', seen_unit_cents: 2500 }],
        },
        ctx(m),
      );
    expect(await a.infra.projections.waitFor(await a.infra.store.headPosition(), 150_000)).toBe(true);
    const results = await Promise.allSettled(
      members.map((m, i) => {
        const r = i % 2 === 0 ? a : b;
        return startShopCheckout(r.app, r.infra.members, m, 'http://drop.local', ctx(m));
      }),
    );
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(placed).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const e of refused) {
      expect(e).toBeInstanceOf(HttpError);
      const h = e as HttpError;
      expect(h.status).toBe(409);
      // Refused by the stock stream itself, or already by the cart check once the read model has seen the reservations.
      expect(h.items?.[0]?.message ?? h.message).toBe('Drop Flag is out of stock.');
    }
    let stock = await stockOf('DROP-FLAG');
    expect(stock.status === 'open' && stock.onHand).toBe(50);
    expect(stock.status === 'open' && stock.reservations.length).toBe(50);
    expect(availableQty(stock)).toBe(0);

    // One buyer gives up on replica B: the unit goes back, and the stock the members see says so.
    const giver = members[results.findIndex((r) => r.status === 'fulfilled')]!;
    const cancelled = await cancelUnpaidOrder(b.app, ctx(giver), placed[0]!.order_id, 'cancelled-by-member');
    expect(cancelled).not.toBeNull();
    stock = await stockOf('DROP-FLAG');
    expect(availableQty(stock)).toBe(1);
    expect(await a.infra.projections.waitFor(await a.infra.store.headPosition(), 150_000)).toBe(true);
    const shown = (await stockLevels(a.app.sql, ['DROP-FLAG'])).get('DROP-FLAG')!;
    expect(shown.on_hand - shown.reserved).toBe(1);
    const loser = members[results.findIndex((r) => r.status === 'rejected')]!;
    const cart = await updateCart(b.app, createGuessThrottle(), { memberId: loser, address: '127.0.0.1' }, { notes: 'still keen' }, ctx(loser));
    expect(cart.items[0]!.in_stock).toBe(1);
    expect(cart.errors).toEqual([]);
    // The member who was refused now gets the unit back on the other replica; the next one is refused again.
    await expect(startShopCheckout(a.app, a.infra.members, loser, 'http://drop.local', ctx(loser))).resolves.toMatchObject({
      order_id: expect.any(String),
    });
    expect(availableQty(await stockOf('DROP-FLAG'))).toBe(0);

    // A sale and its refund through the lanes: the sold unit comes back on hand.
    const sold = (await stockOf('DROP-FLAG')) as Extract<StockState, { status: 'open' }>;
    const r0 = sold.reservations[0]!;
    await stockCommand(a.app, 'DROP-FLAG', { type: 'SellStock', reservationId: r0.reservationId, orderId: 'o-1' }, staff);
    expect(((await stockOf('DROP-FLAG')) as Extract<StockState, { status: 'open' }>).onHand).toBe(49);
    await stockCommand(
      b.app,
      'DROP-FLAG',
      { type: 'RestockSold', reservationId: r0.reservationId, qty: r0.qty, orderId: 'o-1', reason: 'Refunded' },
      staff,
    );
    const after = (await stockOf('DROP-FLAG')) as Extract<StockState, { status: 'open' }>;
    expect(after.onHand).toBe(50);
    expect(availableQty(after)).toBe(1);
    // A staff count never goes below what is reserved (49 held now).
    await expect(stockCommand(a.app, 'DROP-FLAG', { type: 'AdjustStock', delta: -2, reason: 'Count' }, staff)).rejects.toThrow(
      'Stock of DROP-FLAG cannot go below the 49 reserved.',
    );
    await stockCommand(a.app, 'DROP-FLAG', { type: 'AdjustStock', delta: -1, reason: 'Count' }, staff);
    expect(availableQty(await stockOf('DROP-FLAG'))).toBe(0);
  }, 600_000);

  it('a cart saved on one replica and then on the other is built from what the other saved, not from a stale kept cart', async () => {
    const id = randomUUID();
    const throttle = createGuessThrottle();
    const who = { memberId: id, address: '127.0.0.1' };
    const polo = { product: 'roar-performance-polo', sku: 'RS008-M-NAVY', qty: 1, delivery_method: 'standard' };
    const first = await updateCart(a.app, throttle, who, { items: [polo], shipping_address: address }, ctx(id));
    expect(first.items.map((i) => i.qty)).toEqual([1]);
    // B saves 3 polos; A's kept cart (1 polo) is now stale.
    await updateCart(b.app, throttle, who, { items: [{ ...polo, qty: 3 }] }, ctx(id));
    // A changes only the notes: the items must be B's 3 polos, priced as such.
    const third = await updateCart(a.app, throttle, who, { notes: 'gift wrap' }, ctx(id));
    expect(third.items.map((i) => i.qty)).toEqual([3]);
    expect(third.notes).toBe('gift wrap');
    expect(third.subtotal).toBe(3 * third.items[0]!.unit_price);
    expect(third.shipping_address).toEqual(address);
    // A refused save (an unknown product) changes nothing.
    await expect(updateCart(b.app, throttle, who, { items: [{ ...polo, product: 'no-such-thing' }] }, ctx(id))).rejects.toThrow(
      'Product no-such-thing does not exist.',
    );
    const events = await a.app.store.readStream(cartStreamId(id));
    expect(events.map((e) => e.type)).toEqual(['CartSaved', 'CartSaved', 'CartSaved']);
  }, 120_000);
});
