import type { CouponState } from '@roar/domain';
import { activeTeamBenefit, getProducts, stockLevels, type ProductRow, type StockRow, type TeamMemberRow } from '@roar/projections';
import type { AppContext } from '../context';

/**
 * What pricing a cart reads besides the cart itself (the products and their prices, the stock
 * shown, the coupon's state, the member's team benefit), kept in this process's memory for as long
 * as the read models it comes from stay at the same projection position: the catalogue answers'
 * rule (content/cache.ts). A write that moves the shop or teams read model empties it, so an answer
 * is never older than the read models it would otherwise have been read from. The version is read
 * before the rows, so a write landing between the two is at worst read again, never kept stale.
 *
 * The guards stay where they were: a stock reservation and a coupon use are decided on their own
 * streams at checkout; this only spares the cart's answer the reads.
 */
const READ_MODELS = ['shop', 'teams'] as const;
/** Entries of each kind kept per version; past it the map starts again (a catalogue is far smaller). */
const MAX_ENTRIES = 20_000;

interface Reads {
  version: string;
  readonly products: Map<string, ProductRow | null>;
  readonly stock: Map<string, StockRow | null>;
  /** The member's latest team benefit, whatever its end: whether it is still running is decided at each use. */
  readonly team: Map<string, TeamMemberRow | null>;
  readonly coupons: Map<string, Promise<CouponState>>;
}

const cacheOf = new WeakMap<object, Reads>();

async function readsAt(app: AppContext): Promise<Reads | null> {
  const versionOf = app.projections.readModelVersion?.bind(app.projections);
  if (!versionOf) return null;
  const version = await versionOf(READ_MODELS);
  let reads = cacheOf.get(app.projections);
  if (!reads || reads.version !== version) {
    reads = { version, products: new Map(), stock: new Map(), team: new Map(), coupons: new Map() };
    cacheOf.set(app.projections, reads);
  }
  return reads;
}

function put<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, value);
}

/** As getProducts, answered from memory while the shop read model stays where it was. */
export async function cachedProducts(app: AppContext, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const reads = await readsAt(app);
  if (!reads) return getProducts(app.sql, ids);
  const missing = [...new Set(ids)].filter((id) => !reads.products.has(id));
  if (missing.length > 0) {
    const found = await getProducts(app.sql, missing);
    for (const id of missing) put(reads.products, id, found.get(id) ?? null);
  }
  const out = new Map<string, ProductRow>();
  for (const id of ids) {
    const p = reads.products.get(id);
    if (p) out.set(id, p);
  }
  return out;
}

/** As stockLevels, answered from memory while the shop read model stays where it was. */
export async function cachedStockLevels(app: AppContext, skus: readonly string[]): Promise<Map<string, StockRow>> {
  const reads = await readsAt(app);
  if (!reads) return stockLevels(app.sql, skus);
  const missing = [...new Set(skus)].filter((sku) => !reads.stock.has(sku));
  if (missing.length > 0) {
    const found = await stockLevels(app.sql, missing);
    for (const sku of missing) put(reads.stock, sku, found.get(sku) ?? null);
  }
  const out = new Map<string, StockRow>();
  for (const sku of skus) {
    const s = reads.stock.get(sku);
    if (s) out.set(sku, s);
  }
  return out;
}

/** As activeTeamBenefit(at), answered from memory while the teams read model stays where it was. */
export async function cachedTeamBenefit(app: AppContext, memberId: string, at: Date): Promise<TeamMemberRow | null> {
  const reads = await readsAt(app);
  if (!reads) return activeTeamBenefit(app.sql, memberId, at);
  let latest = reads.team.get(memberId);
  if (latest === undefined) {
    // The benefit ending last, running or not (any end after the epoch): the same row for every `at` until a write moves the version.
    latest = await activeTeamBenefit(app.sql, memberId, new Date(0));
    put(reads.team, memberId, latest);
  }
  return latest && latest.benefit_until && Date.parse(latest.benefit_until) > at.getTime() ? latest : null;
}

/** A coupon's state from its stream, kept while the shop read model (which every coupon event moves) stays where it was. */
export async function cachedCoupon(app: AppContext, code: string, load: () => Promise<CouponState>): Promise<CouponState> {
  const reads = await readsAt(app);
  if (!reads) return load();
  let state = reads.coupons.get(code);
  if (!state) {
    state = load();
    put(reads.coupons, code, state);
    // A failed read is not kept.
    state.catch(() => reads.coupons.delete(code));
  }
  return state;
}
