import type { z } from 'zod';
import type { Cart, CartError, cartDataSchema } from '@roar/contracts/shop';
import {
  cartDecider,
  cartStreamId,
  couponDecider,
  couponProblem,
  couponStreamId,
  clubDay,
  DELIVERY_METHODS,
  deliveryMethod,
  GIFT_CARD_NOT_VALID,
  giftCardProblem,
  MAX_LINE_QTY,
  priceCart,
  TEAM_RULES,
  type AppliedCoupon,
  type CartContents,
  type CartEvent,
  type CartGiftCard,
  type CartLine,
  type CouponEvent,
  type CouponState,
  type PricedTotals,
} from '@roar/domain';
import { fold, type EventStore } from '@roar/platform';
import type { ProductRow } from '@roar/projections';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { cardOfTyped, loadGiftCard } from './gift-cards';
import { shopReads } from './read-cache';
import { TOO_MANY_GIFT_CARD_GUESSES, type GuessThrottle } from './gift-card-throttle';

/** The cart data a save takes, after its defaults (the schema is the contract's). */
export type CartData = z.infer<typeof cartDataSchema>;

export const SHIPPING_ADDRESS_REQUIRED = 'Add a shipping address: some items in your cart are delivered.';

const money = (c: number): string => `$${(c / 100).toFixed(2).replace(/\.00$/, '')}`;

export async function readStream<E>(store: EventStore, stream: string): Promise<{ events: E[]; revision: bigint | null }> {
  const recorded = await store.readStream(stream);
  return {
    events: recorded.map((e) => ({ type: e.type, data: e.data }) as E),
    revision: recorded.length ? recorded[recorded.length - 1]!.revision : null,
  };
}

export async function loadCart(store: EventStore, memberId: string) {
  const { events } = await readStream<CartEvent>(store, cartStreamId(memberId));
  return fold(cartDecider, events);
}

export async function loadCoupon(store: EventStore, code: string): Promise<CouponState> {
  const { events } = await readStream<CouponEvent>(store, couponStreamId(code));
  return fold(couponDecider, events);
}

/** The cart details every cart call answers: the contract's cart. */
export type CartDetails = Cart;

export interface PricedCart {
  readonly details: CartDetails;
  readonly priced: PricedTotals;
  readonly products: Map<string, ProductRow>;
}

/**
 * Prices the cart as it is now: today's prices, stock, coupon and team discount. What changed since
 * the member last saw the cart (a price, a shortfall) goes to `errors` beside the line it concerns;
 * nothing is repriced in silence: checkout refuses while `errors` is not empty.
 */
export async function priceContents(
  app: AppContext,
  memberId: string,
  contents: CartContents,
  pendingOrderId: string | null,
  priceChanges: CartError[] = [],
): Promise<PricedCart> {
  const now = app.now();
  // The reads are independent: run side by side (one round trip's wait instead of five in a row).
  // Answered from memory while what each comes from stays put (read-cache.ts), on one look at the versions.
  const reads = shopReads(app);
  const [[products, stock], couponState, teamActive, card] = await Promise.all([
    // The stock of the products' other variants comes with the first read of a line's: the next save often picks another size.
    reads.products(contents.items.map((i) => i.product)).then(async (found) => {
      const skus = contents.items.map((i) => i.sku);
      return [found, await reads.stock(skus, () => [...found.values()].flatMap((p) => p.variants.map((v) => v.sku)))] as const;
    }),
    contents.coupon ? reads.coupon(contents.coupon, () => loadCoupon(app.store, contents.coupon!)) : null,
    reads.teamBenefit(memberId, now),
    contents.gift_card ? loadGiftCard(app.store, contents.gift_card.card_id) : null,
  ]);
  const errors: CartError[] = [...priceChanges];
  const lines = contents.items.map((item) => {
    const p = products.get(item.product);
    const v = p?.variants.find((x) => x.sku === item.sku);
    if (!p || !v || !p.published) {
      errors.push({ code: 'unavailable', product: item.product, sku: item.sku, message: `${p?.name ?? item.sku} is no longer available.` });
    } else if (v.price_cents !== item.seen_unit_cents) {
      errors.push({
        code: 'price_changed',
        product: p.id,
        sku: v.sku,
        from: item.seen_unit_cents,
        to: v.price_cents,
        message: `The price of ${p.name} changed from ${money(item.seen_unit_cents)} to ${money(v.price_cents)}.`,
      });
    }
    const s = stock.get(item.sku);
    const available = s ? Math.max(0, s.on_hand - s.reserved) : 0;
    if (p && v && item.qty > available) {
      errors.push({
        code: 'insufficient_stock',
        product: p.id,
        sku: item.sku,
        available,
        message: available === 0 ? `${p.name} is out of stock.` : `Only ${available} of ${p.name} left.`,
      });
    }
    return { item, p, v, available };
  });
  let coupon: AppliedCoupon | null = null;
  if (contents.coupon && couponState) {
    const state = couponState;
    const problem = couponProblem(state, memberId, now.toISOString(), pendingOrderId);
    if (problem || state.status === 'absent') errors.push({ code: 'coupon', message: problem ?? 'This coupon code is not valid.' });
    else coupon = { code: state.terms.code, kind: state.terms.kind, value: state.terms.value };
  }
  if (!contents.shipping_address && lines.some(({ p }) => (p?.product_type ?? 'physical') !== 'digital')) {
    errors.push({ code: 'shipping_address_required', message: SHIPPING_ADDRESS_REQUIRED });
  }
  const team = teamActive ? TEAM_RULES.merchandiseDiscountPercent : 0;
  const priced = priceCart(
    lines.map(({ item, p, v }) => ({
      productId: item.product,
      sku: item.sku,
      name: p?.name ?? item.sku,
      attributes: v?.attributes ?? {},
      product_type: p?.product_type ?? 'physical',
      gift_card: p?.gift_card ?? false,
      qty: item.qty,
      unit_cents: v?.price_cents ?? item.seen_unit_cents,
      delivery_method: item.delivery_method,
    })),
    coupon,
    team,
  );
  // A gift card pays for anything but another gift card (no card buys a card), up to its balance;
  // while an order is pending, what the card holds for that order counts as its own.
  let giftCard: CartDetails['gift_card'] = null;
  let giftCardAmount = 0;
  if (contents.gift_card && card) {
    const problem = giftCardProblem(card, clubDay(now));
    const held = card.status !== 'absent' && pendingOrderId ? (card.held[pendingOrderId] ?? 0) : 0;
    if (problem && !held) errors.push({ code: 'gift_card', message: problem.message });
    if (card.status !== 'absent') {
      const available = card.balance_cents + held;
      giftCard = { last4: card.card.last4, balance: available, expires_on: card.card.expires_on };
      if (!problem || held)
        giftCardAmount = Math.min(available, priced.total - priced.lines.filter((l) => l.gift_card).reduce((n, l) => n + l.line_cents, 0));
    }
  }
  const details: CartDetails = {
    // The line's fields named one by one (a cart line is strict: these are all it has), not spread: in a CPU
    // profile of the save the spread was the answer's largest cost of its own.
    items: lines.map(({ item, p, v, available }, i) => ({
      product: item.product,
      sku: item.sku,
      qty: item.qty,
      delivery_method: item.delivery_method,
      seen_unit_cents: item.seen_unit_cents,
      name: p?.name ?? item.sku,
      slug: p?.slug ?? '',
      product_type: p?.product_type ?? 'physical',
      image_portrait: p?.image_portrait ?? null,
      image_landscape: p?.image_landscape ?? null,
      attributes: v?.attributes ?? {},
      unit_price: priced.lines[i]!.unit_cents,
      line_total: priced.lines[i]!.line_cents,
      in_stock: p ? available : null,
    })),
    shipping_address: contents.shipping_address,
    billing_address: contents.billing_address,
    coupon: contents.coupon,
    notes: contents.notes,
    deliveries: DELIVERY_METHODS.map((d) => ({ code: d.code, name: d.name, price: d.price_cents })),
    errors,
    subtotal: priced.subtotal,
    shipping: priced.shipping,
    discount: priced.discount,
    tax: priced.tax,
    total: priced.total,
    discounts: [...priced.discounts],
    rounding_rule: priced.rounding_rule,
    pending_order_id: pendingOrderId,
    gift_card: giftCard,
    gift_card_amount: giftCardAmount,
    amount_due: priced.total - giftCardAmount,
  };
  return { details, priced, products };
}

/**
 * Turns the member's cart data into the cart to store, or refuses it whole (4xx, nothing saved):
 * unknown products, a SKU of another product, delivery methods that do not fit, a coupon that
 * cannot be used. Lines of the same product and SKU merge (quantities add, the later delivery method wins).
 */
export async function normaliseCart(
  app: AppContext,
  memberId: string,
  data: CartData,
  current: CartContents,
  giftCard: CartGiftCard | null = current.gift_card,
): Promise<{ contents: CartContents; priceChanges: CartError[] }> {
  const items = data.items ?? current.items.map(({ seen_unit_cents: _s, ...i }) => i);
  const products = await shopReads(app).products(items.map((i) => i.product));
  const merged = new Map<string, CartLine>();
  const priceChanges: CartError[] = [];
  for (const item of items) {
    const p = products.get(item.product);
    if (!p || !p.published) throw new HttpError(404, `Product ${item.product} does not exist.`, 'UNKNOWN_PRODUCT');
    const v = p.variants.find((x) => x.sku === item.sku);
    if (!v) throw new HttpError(400, `SKU ${item.sku} does not belong to ${p.name}.`, 'UNKNOWN_SKU');
    const method = item.delivery_method ?? null;
    if (p.product_type === 'digital' && method !== null)
      throw new HttpError(400, `${p.name} is digital: it has no delivery method.`, 'DIGITAL_DELIVERY');
    if (p.product_type === 'physical') {
      if (method === null) throw new HttpError(400, `Choose a delivery method for ${p.name}.`, 'DELIVERY_REQUIRED');
      if (!deliveryMethod(method)) throw new HttpError(400, `Unknown delivery method: ${method}.`, 'UNKNOWN_DELIVERY');
    }
    const key = `${item.product}|${item.sku}`;
    const prev = merged.get(key);
    const qty = (prev?.qty ?? 0) + item.qty;
    if (qty > MAX_LINE_QTY) throw new HttpError(400, `Quantity must be between 1 and ${MAX_LINE_QTY}`, 'QTY');
    const before = current.items.find((c) => c.product === item.product && c.sku === item.sku);
    // Saving is when the member sees the cart's prices: a change since the last save is reported in this answer, once.
    if (before && before.seen_unit_cents !== v.price_cents && !prev) {
      priceChanges.push({
        code: 'price_changed',
        product: p.id,
        sku: v.sku,
        from: before.seen_unit_cents,
        to: v.price_cents,
        message: `The price of ${p.name} changed from ${money(before.seen_unit_cents)} to ${money(v.price_cents)}.`,
      });
    }
    merged.set(key, { product: item.product, sku: item.sku, qty, delivery_method: method, seen_unit_cents: v.price_cents });
  }
  const coupon = data.coupon === undefined ? current.coupon : data.coupon ? data.coupon.toUpperCase() : null;
  if (coupon && coupon !== current.coupon) {
    const state = await loadCoupon(app.store, coupon);
    const problem = couponProblem(state, memberId, app.now().toISOString());
    // A code the cart cannot take (unknown, expired, used up) is bad input of this save, like its other refusals.
    if (problem) throw new HttpError(400, problem, 'COUPON');
  }
  return {
    contents: {
      items: [...merged.values()],
      shipping_address: data.shipping_address === undefined ? current.shipping_address : data.shipping_address,
      billing_address: data.billing_address === undefined ? current.billing_address : data.billing_address,
      coupon,
      notes: data.notes === undefined ? current.notes : data.notes?.trim() || null,
      gift_card: giftCard,
    },
    priceChanges,
  };
}

/**
 * The gift card a member typed into the cart, or a 400 that saves nothing (as every cart refusal answers). A code that is not a
 * card (mistyped, guessed, or not even shaped like one) is answered the same way, and counts
 * against the member and the client address; over the limit nothing more is looked up.
 */
export async function giftCardForCart(
  app: AppContext,
  throttle: GuessThrottle,
  who: { memberId: string; address: string },
  typed: string | null | undefined,
  current: CartGiftCard | null,
): Promise<CartGiftCard | null> {
  if (typed === undefined) return current;
  if (typed === null || typed === '') return null;
  const keys = [`member:${who.memberId}`, `address:${who.address}`];
  const wait = await throttle.blockedFor(keys);
  if (wait > 0) throw new HttpError(429, TOO_MANY_GIFT_CARD_GUESSES(wait), 'TOO_MANY_GIFT_CARD_CODES');
  const named = cardOfTyped(app, typed);
  const state = named ? await loadGiftCard(app.store, named.card_id) : null;
  if (!named || !state || state.status === 'absent') {
    await throttle.miss(keys);
    throw new HttpError(400, GIFT_CARD_NOT_VALID, 'GIFT_CARD');
  }
  const problem = giftCardProblem(state, clubDay(app.now()));
  if (problem) throw new HttpError(400, problem.message, 'GIFT_CARD');
  return named;
}
