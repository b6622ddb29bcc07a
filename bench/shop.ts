import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { availableQty, cartDecider, cartStreamId, memberDecider, memberStreamId, stockDecider, stockStreamId, type StockEvent } from '@roar/domain';
import { createLogger, fold, handleCommand, loadConfig, type CommandContext } from '@roar/platform';
import { createTestDatabase } from '@roar/platform/testing';
import type { AppContext } from '../services/api/src/context';
import { appContextOf, openInfrastructure } from '../services/api/src/infrastructure';
import { seedShop } from '../services/api/src/shop';
import { loadCart, normaliseCart, priceContents } from '../services/api/src/shop/cart';
import { createProduct } from '../services/api/src/shop/catalogue';
import { startShopCheckout } from '../services/api/src/shop/checkout';

/**
 * The pro shop on PostgreSQL (PGlite when none is reachable), in-process (no HTTP, no auth):
 * - cart update latency at 50 concurrent members: what PATCH /api/shop/update-cart does (validate
 *   against the catalogue, append CartSaved at the cart's revision, price the answer with stock,
 *   coupon and team discount) against the baseline of appending the same CartSaved event alone;
 * - checkout throughput with the oversell guard: 50 members check out at once for 25 units of one
 *   SKU (every reservation contends on one stock stream: exactly 25 orders) against the baseline of
 *   50 checkouts of 50 different SKUs (no contention). Both place real orders through the local
 *   payments provider.
 */
const MEMBERS = 50;
const ROUNDS = 10;
const LIMITED = 25;

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number): number => Math.round(x * 10) / 10;

export async function benchShop(log: (line: string) => void): Promise<Record<string, number>> {
  const db = await createTestDatabase('roar_bench_shop');
  const dataDir = mkdtempSync(join(tmpdir(), 'roar-bench-shop-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PROJECTION_WAIT_MS: '5000',
    ...(db ? { DATABASE_URL: db.url } : {}),
  });
  const logger = createLogger('silent');
  const infra = await openInfrastructure(config, logger);
  try {
    await seedShop(infra.store, infra.registry, logger, new Date());
    await infra.projections.start();
    const app: AppContext = appContextOf(config, logger, infra);
    const ctx = (who: string): CommandContext => ({ actor: { type: 'member', id: who }, correlationId: randomUUID(), occurredAt: new Date() });
    const staff: CommandContext = { actor: { type: 'system', id: 'bench' }, correlationId: 'bench', occurredAt: new Date(), reason: 'bench stock' };
    const register = async () => {
      const id = randomUUID();
      await handleCommand(
        app.store,
        app.registry,
        memberStreamId(id),
        memberDecider,
        {
          type: 'RegisterMember',
          memberId: id,
          email: `bench-${id}@example.com`,
          firstname: 'Bench',
          lastname: 'Member',
          referralCode: id.slice(0, 16),
          chosenTier: null,
          at: new Date().toISOString(),
        },
        ctx(id),
        { mustBeNew: true },
      );
      return id;
    };
    const members = await Promise.all(Array.from({ length: MEMBERS * 3 }, register));
    await createProduct(app, staff, {
      fields: {
        slug: 'bench-limited',
        name: 'Bench Limited',
        description: '',
        product_type: 'physical',
        category: 'accessories',
        brand: 'roar',
        supplier: 'roar-merchandise',
        image_portrait: null,
        image_landscape: null,
        gift_card: false,
      },
      variants: [{ sku: 'BENCH-LTD', attributes: {}, price_cents: 1000 }],
      stock: { 'BENCH-LTD': LIMITED },
    });
    const open = Array.from({ length: MEMBERS }, (_, i) => ({ sku: `BENCH-OPEN-${i}`, attributes: { n: String(i) }, price_cents: 1000 }));
    await createProduct(app, staff, {
      fields: {
        slug: 'bench-open',
        name: 'Bench Open',
        description: '',
        product_type: 'physical',
        category: 'accessories',
        brand: 'roar',
        supplier: 'roar-merchandise',
        image_portrait: null,
        image_landscape: null,
        gift_card: false,
      },
      variants: open,
      stock: Object.fromEntries(open.map((v) => [v.sku, 10])),
    });
    if (!(await infra.projections.waitFor(await infra.store.headPosition(), 60_000))) throw new Error('bench: projections did not catch up');

    // Cart updates: 50 members, 10 saves each, all at once.
    const shirts = ['RS008-S-NAVY', 'RS008-M-NAVY', 'RS008-L-WHITE'];
    const cartMembers = members.slice(0, MEMBERS);
    const saveOnce = async (memberId: string, round: number) => {
      const started = performance.now();
      const cart = await loadCart(app.store, memberId);
      const data = {
        items: [
          { product: 'roar-performance-polo', sku: shirts[round % 3]!, qty: 1 + (round % 3), delivery_method: 'standard' },
          { product: 'roar-gift-card', sku: 'RS024-50', qty: 1, delivery_method: null },
        ],
        coupon: 'WELCOME10',
      };
      const { contents } = await normaliseCart(app, memberId, data, cart.contents);
      const { state: saved } = await handleCommand(
        app.store,
        app.registry,
        cartStreamId(memberId),
        cartDecider,
        { type: 'SaveCart', memberId, ...contents },
        ctx(memberId),
      );
      await priceContents(app, memberId, saved.contents, saved.pendingOrderId);
      return performance.now() - started;
    };
    const cartLatencies = (
      await Promise.all(
        cartMembers.map(async (m) => {
          const out: number[] = [];
          for (let r = 0; r < ROUNDS; r++) out.push(await saveOnce(m, r));
          return out;
        }),
      )
    ).flat();
    // Baseline: the same CartSaved event appended alone at the stream's revision, same concurrency.
    const baseMembers = members.slice(MEMBERS, MEMBERS * 2);
    const appendOnce = async (memberId: string, round: number) => {
      const started = performance.now();
      await handleCommand(
        app.store,
        app.registry,
        cartStreamId(memberId),
        cartDecider,
        {
          type: 'SaveCart',
          memberId,
          shipping_address: null,
          billing_address: null,
          coupon: 'WELCOME10',
          notes: null,
          gift_card: null,
          items: [{ product: 'roar-performance-polo', sku: shirts[round % 3]!, qty: 1, delivery_method: 'standard', seen_unit_cents: 7995 }],
        },
        ctx(memberId),
      );
      return performance.now() - started;
    };
    const baseLatencies = (
      await Promise.all(
        baseMembers.map(async (m) => {
          const out: number[] = [];
          for (let r = 0; r < ROUNDS; r++) out.push(await appendOnce(m, r));
          return out;
        }),
      )
    ).flat();

    // Checkout: 50 members race for 25 units of one SKU, against 50 checkouts of 50 SKUs.
    const fill = async (ids: string[], sku: (i: number) => string, product: string) => {
      for (const [i, m] of ids.entries()) {
        await handleCommand(
          app.store,
          app.registry,
          cartStreamId(m),
          cartDecider,
          {
            type: 'SaveCart',
            memberId: m,
            billing_address: null,
            coupon: null,
            notes: null,
            gift_card: null,
            shipping_address: {
              first_name: 'Bench',
              last_name: 'Member',
              line1: '1 Tee St',
              line2: '',
              suburb: 'Manly',
              state: 'NSW',
              postcode: '2095',
              phone: '',
            },
            items: [{ product, sku: sku(i), qty: 1, delivery_method: 'pickup', seen_unit_cents: 1000 }],
          },
          ctx(m),
        );
      }
    };
    const race = async (ids: string[]) => {
      const started = performance.now();
      const results = await Promise.allSettled(ids.map((m) => startShopCheckout(app, infra.members, m, 'http://bench.local', ctx(m))));
      return { seconds: (performance.now() - started) / 1000, placed: results.filter((r) => r.status === 'fulfilled').length };
    };
    const guarded = members.slice(0, MEMBERS);
    const free = members.slice(MEMBERS * 2, MEMBERS * 3);
    // The cart-bench members' carts are replaced for the race.
    await fill(guarded, () => 'BENCH-LTD', 'bench-limited');
    await fill(free, (i) => `BENCH-OPEN-${i}`, 'bench-open');
    await infra.projections.waitFor(await infra.store.headPosition(), 60_000);
    const contended = await race(guarded);
    const uncontended = await race(free);
    const stock = fold(
      stockDecider,
      (await app.store.readStream(stockStreamId('BENCH-LTD'))).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );
    if (contended.placed !== LIMITED || availableQty(stock) !== 0)
      throw new Error(`oversell guard broken: ${contended.placed} orders for ${LIMITED} units, ${availableQty(stock)} left`);

    const figures = {
      shop_cart_update_p50_ms: ms(pct(cartLatencies, 50)),
      shop_cart_update_p99_ms: ms(pct(cartLatencies, 99)),
      shop_cart_baseline_p50_ms: ms(pct(baseLatencies, 50)),
      shop_cart_baseline_p99_ms: ms(pct(baseLatencies, 99)),
      shop_cart_update_p50_ratio: ms(pct(cartLatencies, 50) / pct(baseLatencies, 50)),
      shop_checkout_guarded_per_s: ms(MEMBERS / contended.seconds),
      shop_checkout_guarded_orders: contended.placed,
      shop_checkout_baseline_per_s: ms(MEMBERS / uncontended.seconds),
      shop_checkout_guarded_ratio: ms(uncontended.seconds / contended.seconds),
    };
    log(`shop (${db ? 'postgres' : 'pglite'}): cart update at ${MEMBERS} concurrent members, ${ROUNDS} saves each`);
    log(`  validate + append + price   p50 ${figures.shop_cart_update_p50_ms} ms   p99 ${figures.shop_cart_update_p99_ms} ms`);
    log(
      `  baseline: append CartSaved  p50 ${figures.shop_cart_baseline_p50_ms} ms   p99 ${figures.shop_cart_baseline_p99_ms} ms   (p50 ${figures.shop_cart_update_p50_ratio}x)`,
    );
    log(`shop: checkout of ${MEMBERS} members at once`);
    log(`  ${LIMITED} units of one SKU (oversell guard)  ${figures.shop_checkout_guarded_per_s} checkouts/s, ${contended.placed} orders, 0 oversold`);
    log(
      `  baseline: ${MEMBERS} SKUs, no contention     ${figures.shop_checkout_baseline_per_s} checkouts/s (guarded runs at ${figures.shop_checkout_guarded_ratio}x of it)`,
    );
    return figures;
  } finally {
    await infra.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
