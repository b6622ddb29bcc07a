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
  // Promises, not values: the requests that miss together (every one in flight when the version
  // moves, which a projector passing over other events' positions does a few times a second) share
  // one read instead of each making its own.
  readonly products: Map<string, Promise<ProductRow | null>>;
  readonly stock: Map<string, Promise<StockRow | null>>;
  /** The member's latest team benefit, whatever its end: whether it is still running is decided at each use. */
  readonly team: Map<string, Promise<TeamMemberRow | null>>;
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

/** The entry of `key`, or `load()` kept as it; a failed read is not kept. */
function shared<V>(map: Map<string, Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  let entry = map.get(key);
  if (!entry) {
    if (map.size >= MAX_ENTRIES) map.clear();
    entry = load();
    map.set(key, entry);
    const kept = entry;
    kept.catch(() => {
      if (map.get(key) === kept) map.delete(key);
    });
  }
  return entry;
}

/** Rows of `keys` through `map`: the keys not in it are read together, in one query. */
async function rowsOf<R>(map: Map<string, Promise<R | null>>, keys: readonly string[], read: (missing: string[]) => Promise<Map<string, R>>) {
  const unique = [...new Set(keys)];
  const missing = unique.filter((k) => !map.has(k));
  let found: Promise<Map<string, R>> | null = null;
  const rows = await Promise.all(unique.map((k) => shared(map, k, () => (found ??= read(missing)).then((m) => m.get(k) ?? null))));
  const out = new Map<string, R>();
  unique.forEach((k, i) => {
    if (rows[i]) out.set(k, rows[i]);
  });
  return out;
}

/** As getProducts, answered from memory while the shop read model stays where it was. */
export async function cachedProducts(app: AppContext, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const reads = await readsAt(app);
  if (!reads) return getProducts(app.sql, ids);
  return rowsOf(reads.products, ids, (missing) => getProducts(app.sql, missing));
}

/** As stockLevels, answered from memory while the shop read model stays where it was. */
export async function cachedStockLevels(app: AppContext, skus: readonly string[]): Promise<Map<string, StockRow>> {
  const reads = await readsAt(app);
  if (!reads) return stockLevels(app.sql, skus);
  return rowsOf(reads.stock, skus, (missing) => stockLevels(app.sql, missing));
}

/** As activeTeamBenefit(at), answered from memory while the teams read model stays where it was. */
export async function cachedTeamBenefit(app: AppContext, memberId: string, at: Date): Promise<TeamMemberRow | null> {
  const reads = await readsAt(app);
  if (!reads) return activeTeamBenefit(app.sql, memberId, at);
  // The benefit ending last, running or not (any end after the epoch): the same row for every `at` until a write moves the version.
  const latest = await shared(reads.team, memberId, () => activeTeamBenefit(app.sql, memberId, new Date(0)));
  return latest && latest.benefit_until && Date.parse(latest.benefit_until) > at.getTime() ? latest : null;
}

/** A coupon's state from its stream, kept while the shop read model (which every coupon event moves) stays where it was. */
export async function cachedCoupon(app: AppContext, code: string, load: () => Promise<CouponState>): Promise<CouponState> {
  const reads = await readsAt(app);
  if (!reads) return load();
  return shared(reads.coupons, code, load);
}
