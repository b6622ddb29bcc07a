import type { CouponState } from '@roar/domain';
import {
  activeTeamBenefit,
  getProducts,
  SHOP_COUPON_TYPES,
  SHOP_PRODUCT_TYPES,
  SHOP_STOCK_TYPES,
  stockLevels,
  type ProductRow,
  type StockRow,
  type TeamMemberRow,
} from '@roar/projections';
import type { AppContext } from '../context';

/**
 * What pricing a cart reads besides the cart itself (the products and their prices, the stock
 * shown, the coupon's state, the member's team benefit), kept in this process's memory, each kind
 * for as long as what it comes from stays put: the products while the shop read model applies no
 * product event, the stock while it applies no stock event, a coupon while it applies no coupon
 * event, the team benefit while the teams read model applies nothing (`readModelVersion` with the
 * kind's event types). An order, a gift card or any event of the rest of the log (every other
 * member's cart save, which moves the checkpoints) leaves the products, prices and coupons kept;
 * what the answer shows is never older than the read model it would otherwise have been read from.
 * The version is read before the rows, so a write landing between the two is at worst read again,
 * never kept stale.
 *
 * The guards stay where they were: a stock reservation and a coupon use are decided on their own
 * streams at checkout; this only spares the cart's answer the reads.
 */
const KINDS = {
  products: { readModel: 'shop', types: SHOP_PRODUCT_TYPES },
  stock: { readModel: 'shop', types: SHOP_STOCK_TYPES },
  // A coupon's state is folded from its stream; every coupon event is one the shop read model applies.
  coupons: { readModel: 'shop', types: SHOP_COUPON_TYPES },
  // The member's latest team benefit, whatever its end: whether it is still running is decided at each use.
  team: { readModel: 'teams', types: undefined },
} as const;
type Kind = keyof typeof KINDS;

/** Entries of each kind kept per version; past it the map starts again (a catalogue is far smaller). */
const MAX_ENTRIES = 20_000;

/**
 * One kind's entries at one version. Promises, not values: the requests that miss together (every
 * one in flight when the version moves) share one read instead of each making its own; `done`
 * holds the values already read, so a request finding all it needs there does not wait on anything.
 */
interface KeptKind<V> {
  readonly version: string;
  readonly pending: Map<string, Promise<V>>;
  readonly done: Map<string, V>;
}
interface Kinds {
  products: KeptKind<ProductRow | null>;
  stock: KeptKind<StockRow | null>;
  coupons: KeptKind<CouponState>;
  team: KeptKind<TeamMemberRow | null>;
}

const cacheOf = new WeakMap<object, Partial<Kinds>>();

const fresh = <V>(version: string): KeptKind<V> => ({ version, pending: new Map(), done: new Map() });

/** The entry of `key`, or `load()` kept as it; a failed read is not kept. */
function shared<V>(kept: KeptKind<V>, key: string, load: () => Promise<V>): V | Promise<V> {
  if (kept.done.has(key)) return kept.done.get(key)!;
  let entry = kept.pending.get(key);
  if (!entry) {
    if (kept.pending.size + kept.done.size >= MAX_ENTRIES) {
      kept.pending.clear();
      kept.done.clear();
    }
    const loading = load();
    entry = loading;
    kept.pending.set(key, loading);
    loading.then(
      (value) => {
        if (kept.pending.get(key) !== loading) return;
        kept.pending.delete(key);
        kept.done.set(key, value);
      },
      () => {
        if (kept.pending.get(key) === loading) kept.pending.delete(key);
      },
    );
  }
  return entry;
}

/**
 * Rows of `keys` through `kept`: the keys not in it are read together, in one query, and with them
 * those of `alongside()` not in it either (kept for the next request, not answered to this one).
 */
async function rowsOf<R>(
  kept: KeptKind<R | null>,
  keys: readonly string[],
  read: (missing: string[]) => Promise<Map<string, R>>,
  alongside: () => readonly string[] = () => [],
): Promise<Map<string, R>> {
  const out = new Map<string, R>();
  // The usual case, everything already read: no promise to wait on.
  if (keys.every((k) => kept.done.has(k))) {
    for (const k of keys) {
      const row = kept.done.get(k);
      if (row) out.set(k, row);
    }
    return out;
  }
  const unique = [...new Set(keys)];
  const missing = [...new Set([...unique, ...alongside()])].filter((k) => !kept.done.has(k) && !kept.pending.has(k));
  let found: Promise<Map<string, R>> | null = null;
  const loading = new Map<string, R | null | Promise<R | null>>();
  for (const k of missing)
    loading.set(
      k,
      shared(kept, k, () => (found ??= read(missing)).then((m) => m.get(k) ?? null)),
    );
  // A key kept or on its way is shared; one the kept entries lost meanwhile (the map started again) is read alone.
  const rows = await Promise.all(unique.map((k) => loading.get(k) ?? shared(kept, k, () => read([k]).then((m) => m.get(k) ?? null))));
  unique.forEach((k, i) => {
    if (rows[i]) out.set(k, rows[i]);
  });
  return out;
}

/** What a cart's answer reads, as of one look at the read models' versions (`shopReads`). */
export interface ShopReads {
  /** As getProducts. */
  products(ids: readonly string[]): Promise<Map<string, ProductRow>>;
  /**
   * As stockLevels. When one of `skus` must be read, those of `alongside` are read with it (the
   * other variants of the products in the cart: a save that picks another size finds its stock kept).
   */
  stock(skus: readonly string[], alongside?: () => readonly string[]): Promise<Map<string, StockRow>>;
  /** A coupon's state, as `load` reads it from its stream. */
  coupon(code: string, load: () => Promise<CouponState>): Promise<CouponState>;
  /** As activeTeamBenefit(at). */
  teamBenefit(memberId: string, at: Date): Promise<TeamMemberRow | null>;
}

/** Straight from the read models and streams, each time: where the projections give no version. */
class Uncached implements ShopReads {
  constructor(private readonly app: AppContext) {}
  products(ids: readonly string[]) {
    return getProducts(this.app.sql, ids);
  }
  stock(skus: readonly string[]) {
    return stockLevels(this.app.sql, skus);
  }
  coupon(_code: string, load: () => Promise<CouponState>) {
    return load();
  }
  teamBenefit(memberId: string, at: Date) {
    return activeTeamBenefit(this.app.sql, memberId, at);
  }
}

/**
 * Each kind's entries as of one look at its version, taken when the kind is first read (a
 * validation reading only the products looks at no other version). A class, not an object of
 * closures: one is made per save, and each closure would be made (and named) again every time.
 */
class Kept implements ShopReads {
  private readonly looks = new Map<Kind, Promise<Kinds[Kind]>>();
  constructor(
    private readonly app: AppContext,
    private readonly cache: Partial<Kinds>,
    private readonly versionOf: NonNullable<AppContext['projections']['readModelVersion']>,
  ) {}

  private kept<K extends Kind>(kind: K): Promise<Kinds[K]> {
    let look = this.looks.get(kind) as Promise<Kinds[K]> | undefined;
    if (!look) {
      look = this.look(kind);
      this.looks.set(kind, look);
    }
    return look;
  }

  private async look<K extends Kind>(kind: K): Promise<Kinds[K]> {
    const { readModel, types } = KINDS[kind];
    const version = await this.versionOf.call(this.app.projections, [readModel], types);
    const now = this.cache[kind];
    if (now && now.version === version) return now;
    const next = fresh(version) as Kinds[K];
    this.cache[kind] = next;
    return next;
  }

  async products(ids: readonly string[]) {
    return rowsOf(await this.kept('products'), ids, (missing) => getProducts(this.app.sql, missing));
  }
  async stock(skus: readonly string[], alongside?: () => readonly string[]) {
    return rowsOf(await this.kept('stock'), skus, (missing) => stockLevels(this.app.sql, missing), alongside);
  }
  async coupon(code: string, load: () => Promise<CouponState>) {
    return shared(await this.kept('coupons'), code, load);
  }
  async teamBenefit(memberId: string, at: Date) {
    // The benefit ending last, running or not (any end after the epoch): the same row for every `at` until the version moves.
    const latest = await shared(await this.kept('team'), memberId, () => activeTeamBenefit(this.app.sql, memberId, new Date(0)));
    return latest && latest.benefit_until && Date.parse(latest.benefit_until) > at.getTime() ? latest : null;
  }
}

/**
 * The reads of one answer (or one validation): each kind's version is looked at once for all of
 * them, not once per read, and after the save the answer prices, as each read used to be.
 */
export function shopReads(app: AppContext): ShopReads {
  const versionOf = app.projections.readModelVersion;
  if (!versionOf) return new Uncached(app);
  let cache = cacheOf.get(app.projections);
  if (!cache) cacheOf.set(app.projections, (cache = {}));
  return new Kept(app, cache, versionOf);
}
