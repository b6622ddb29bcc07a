import { randomBytes, randomUUID } from 'node:crypto';
import { checkoutReturnUrl } from '../payments/reconcile';
import {
  cartDecider,
  cartStreamId,
  checkoutDecider,
  checkoutStreamId,
  couponDecider,
  couponStreamId,
  orderDecider,
  orderStreamId,
  stockDecider,
  stockStreamId,
  type CheckoutCreatedEvent,
  type OrderEvent,
  type OrderState,
} from '@roar/domain';
import { DomainError, fold, handleCommand, type CommandContext, type Position } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { MembersPorts } from '../members/ports';
import { SELF_ORIGIN } from '../payments/self-origin';
import { loadCart, priceContents, readStream, SHIPPING_ADDRESS_REQUIRED } from './cart';

/** An unpaid order holds its stock this long; then the sweeper (or the next reservation of the SKU) lets it go. */
export const RESERVATION_MS = 30 * 60_000;
/** Many members racing for one SKU conflict on its stream; each conflict re-reads and decides again. */
const STOCK_RETRIES = 60;


export async function loadOrder(app: AppContext, orderId: string): Promise<OrderState> {
  const { events } = await readStream<OrderEvent>(app.store, orderStreamId(orderId));
  return fold(orderDecider, events);
}

type Appended = { position: Position } | null;
const last = (...xs: Appended[]): Appended => xs.filter((x): x is { position: Position } => x !== null).at(-1) ?? null;

/** Gives back everything an unpaid order holds: its reservations and its coupon use. Idempotent. */
async function releaseHolds(app: AppContext, ctx: CommandContext, orderId: string, reservations: readonly { sku: string; reservationId: string }[], coupon: string | null, reason: 'expired' | 'payment-failed' | 'cancelled' | 'cart-changed'): Promise<void> {
  for (const r of reservations) {
    await handleCommand(app.store, app.registry, stockStreamId(r.sku), stockDecider, { type: 'ReleaseStock', reservationId: r.reservationId, reason }, ctx, { maxRetries: STOCK_RETRIES });
  }
  if (coupon) await handleCommand(app.store, app.registry, couponStreamId(coupon), couponDecider, { type: 'ReleaseCouponRedemption', orderId, reason }, ctx, { maxRetries: STOCK_RETRIES });
}

export interface StartedOrder {
  readonly order_id: string;
  readonly redirect_url: string;
}

const localUrl = (url: string, origin: string): string => (url.startsWith(SELF_ORIGIN) ? `${origin}${url.slice(SELF_ORIGIN.length)}` : url);

/**
 * Pay for the cart. The cart stream is claimed first (StartCartCheckout at its revision), so a
 * double click or a second tab finds the checkout already started and is sent to the same payment
 * page: one order, one charge. Then every line's stock is reserved on its own stream (never
 * oversold), the coupon use is taken on the coupon's stream (limits exact), the provider opens the
 * payment, and the order records its full priced snapshot. Any refusal gives back what was taken.
 */
export async function startShopCheckout(app: AppContext, ports: MembersPorts, memberId: string, origin: string, ctx: CommandContext): Promise<StartedOrder> {
  const cart = await loadCart(app.store, memberId);
  if (cart.pendingOrderId) return resumeCheckout(app, cart.pendingOrderId);
  if (cart.contents.items.length === 0) throw new HttpError(400, 'Your cart is empty.', 'EMPTY_CART');
  const { details, priced } = await priceContents(app, memberId, cart.contents, null);
  // A missing shipping address is the member's next step, not a change to review: its own 400 below.
  const changes = details.errors.filter((e) => e.code !== 'shipping_address_required');
  if (changes.length > 0) {
    throw new HttpError(409, 'Your cart has changed: review it before paying.', 'CART_ERRORS', changes.map((e) => ({ message: e.message, extensions: { code: e.code.toUpperCase(), ...('sku' in e ? { field: e.sku } : {}) } })));
  }
  const physical = priced.lines.some((l) => l.product_type === 'physical');
  if (physical && !cart.contents.shipping_address) throw new HttpError(400, SHIPPING_ADDRESS_REQUIRED, 'SHIPPING_ADDRESS_REQUIRED');
  const billing = cart.contents.billing_address ?? cart.contents.shipping_address;
  if (!billing) throw new HttpError(400, 'Add a billing address.', 'BILLING_ADDRESS_REQUIRED');
  if (priced.total <= 0) throw new HttpError(400, 'An order of $0 cannot be paid online: remove the coupon or add an item.', 'ZERO_TOTAL');
  const member = await getMember(app.sql, memberId);
  if (!member) throw new HttpError(401, 'Sign in again.', 'UNKNOWN_MEMBER');

  const orderId = randomUUID();
  const at = ctx.occurredAt.toISOString();
  try {
    await handleCommand(app.store, app.registry, cartStreamId(memberId), cartDecider, { type: 'StartCartCheckout', memberId, orderId }, ctx);
  } catch (error) {
    const pending = error instanceof DomainError ? (error.details?.orderId as string | undefined) : undefined;
    if (pending) return resumeCheckout(app, pending);
    throw error;
  }
  const expiresAt = new Date(ctx.occurredAt.getTime() + RESERVATION_MS).toISOString();
  const reservations: { sku: string; reservationId: string; qty: number }[] = [];
  let couponTaken = false;
  try {
    for (const line of [...priced.lines].sort((a, b) => a.sku.localeCompare(b.sku))) {
      const reservationId = `${orderId}:${line.sku}`;
      try {
        await handleCommand(app.store, app.registry, stockStreamId(line.sku), stockDecider, { type: 'ReserveStock', reservationId, qty: line.qty, expiresAt, at }, ctx, { maxRetries: STOCK_RETRIES });
      } catch (error) {
        // The stock stream speaks in SKUs; the member reads the product's name.
        const available = error instanceof DomainError ? (error.details?.available as number | undefined) : undefined;
        if (available === undefined) throw error;
        throw new HttpError(409, available === 0 ? `${line.name} is out of stock.` : `Only ${available} of ${line.name} left.`, 'OUT_OF_STOCK');
      }
      reservations.push({ sku: line.sku, reservationId, qty: line.qty });
    }
    const coupon = priced.discounts.find((d) => d.kind === 'coupon');
    if (coupon && coupon.kind === 'coupon') {
      await handleCommand(app.store, app.registry, couponStreamId(coupon.code), couponDecider, { type: 'RedeemCoupon', orderId, memberId, discount_cents: coupon.cents, at }, ctx, { maxRetries: STOCK_RETRIES });
      couponTaken = true;
    }
    const checkoutId = randomUUID();
    const session = await ports.payments.createCheckout({
      checkoutId, memberId, email: member.email, purpose: 'shop-order', mode: 'payment', amount_cents: priced.total,
      description: `ROAR+ pro shop order ${orderNumber(orderId)}`,
      successUrl: checkoutReturnUrl(origin, `/pro-shop/checkout/success?order=${orderId}`),
      cancelUrl: `${origin}/pro-shop/checkout/failed?order=${orderId}`,
    });
    await handleCommand(app.store, app.registry, checkoutStreamId(checkoutId), checkoutDecider, {
      type: 'CreateCheckout', checkoutId, memberId, purpose: 'shop-order', tier: null, order: { orderId }, amount_cents: priced.total, currency: 'AUD',
      provider: ports.payments.name, providerSessionId: session.sessionId, mode: 'payment',
    }, ctx, { mustBeNew: true });
    const url = localUrl(session.url, origin);
    const placed = await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, {
      type: 'PlaceOrder', orderId, number: orderNumber(orderId), memberId, email: member.email, checkoutId, payment_url: url,
      snapshot: { ...priced, lines: priced.lines.map((l) => ({ ...l, attributes: { ...l.attributes } })), discounts: [...priced.discounts], deliveries: [...priced.deliveries], currency: 'AUD' },
      shipping_address: physical ? cart.contents.shipping_address : null, billing_address: billing, notes: cart.contents.notes, coupon: couponTaken ? (coupon?.kind === 'coupon' ? coupon.code : null) : null,
      reservations, expiresAt, placedAt: at,
    }, ctx, { mustBeNew: true });
    if (placed.appended) await app.projections.waitFor(placed.appended.position, app.config.PROJECTION_WAIT_MS);
    return { order_id: orderId, redirect_url: url };
  } catch (error) {
    await releaseHolds(app, ctx, orderId, reservations, couponTaken ? (priced.discounts.find((d) => d.kind === 'coupon') as { code: string } | undefined)?.code ?? null : null, 'cancelled');
    await handleCommand(app.store, app.registry, cartStreamId(memberId), cartDecider, { type: 'EndCartCheckout', memberId, orderId, outcome: 'abandoned' }, ctx);
    throw error;
  }
}

/** A short reference members and staff can read out: R- and the order id's first 8 characters. */
export const orderNumber = (orderId: string): string => `R-${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

async function resumeCheckout(app: AppContext, orderId: string): Promise<StartedOrder> {
  const order = await loadOrder(app, orderId);
  if (order.status === 'awaiting_payment') return { order_id: orderId, redirect_url: order.placed.payment_url };
  throw new HttpError(409, 'Your checkout is already being prepared. Try again in a moment.', 'CHECKOUT_IN_PROGRESS');
}

/**
 * An unpaid order is given up (a declined card and the member went back, the cart was edited, the
 * reservation expired): the order is cancelled, its stock and coupon use return, and the cart,
 * kept intact, is open for editing again. Idempotent; a paid order is left alone.
 */
export async function cancelUnpaidOrder(app: AppContext, ctx: CommandContext, orderId: string, reason: 'payment-failed' | 'expired' | 'cancelled-by-member' | 'abandoned' | 'staff'): Promise<Appended> {
  const order = await loadOrder(app, orderId);
  if (order.status === 'absent') return null;
  if (order.status !== 'awaiting_payment' && order.status !== 'cancelled') return null;
  const cancelled = await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'CancelOrder', reason, note: null, at: ctx.occurredAt.toISOString() }, ctx);
  await releaseHolds(app, ctx, orderId, order.placed.reservations, order.placed.coupon, reason === 'expired' ? 'expired' : reason === 'abandoned' ? 'cart-changed' : 'payment-failed');
  const outcome = reason === 'cancelled-by-member' || reason === 'staff' ? 'cancelled' : reason;
  const ended = await handleCommand(app.store, app.registry, cartStreamId(order.placed.memberId), cartDecider, { type: 'EndCartCheckout', memberId: order.placed.memberId, orderId, outcome }, ctx);
  return last(cancelled.appended, ended.appended);
}

/** Face-value gift card codes: 16 characters from an alphabet without look-alikes. */
export function newGiftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `ROAR-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

/**
 * checkout.completed for a shop order (the payment webhook; at least once). The order is paid
 * once whatever reports it; the reservations become sales; the cart is spent; gift cards are
 * issued at once and a digital-only order is delivered. A payment for an order given up meanwhile
 * is refunded, never silently kept.
 */
export async function onShopOrderPaid(app: AppContext, ports: MembersPorts, ctx: CommandContext, p: { checkout: CheckoutCreatedEvent['data']; paymentId: string; amount_cents: number }): Promise<Appended> {
  const orderId = p.checkout.order?.orderId;
  if (!orderId) throw new Error(`shop-order checkout ${p.checkout.checkoutId} names no order`);
  const order = await loadOrder(app, orderId);
  if (order.status === 'absent') throw new Error(`shop-order checkout ${p.checkout.checkoutId}: order ${orderId} does not exist`);
  const at = ctx.occurredAt.toISOString();
  if (order.status === 'cancelled') {
    app.logger.warn({ orderId, paymentId: p.paymentId }, 'payment for a cancelled order: refunding');
    await ports.payments.refund(p.paymentId, 'The order was cancelled before the payment arrived.').catch((err: unknown) => app.logger.error({ err, orderId }, 'refund of a late payment failed'));
    return null;
  }
  const paid = await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'PayOrder', paymentId: p.paymentId, amount_cents: p.amount_cents, at }, ctx);
  const shortfalls: string[] = [];
  for (const r of order.placed.reservations) {
    try {
      await handleCommand(app.store, app.registry, stockStreamId(r.sku), stockDecider, { type: 'SellStock', reservationId: r.reservationId, orderId }, ctx, { maxRetries: STOCK_RETRIES });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The reservation lapsed before the payment came: take the stock again if it is still there.
      try {
        await handleCommand(app.store, app.registry, stockStreamId(r.sku), stockDecider, { type: 'ReserveStock', reservationId: r.reservationId, qty: r.qty, expiresAt: new Date(ctx.occurredAt.getTime() + RESERVATION_MS).toISOString(), at }, ctx, { maxRetries: STOCK_RETRIES });
        await handleCommand(app.store, app.registry, stockStreamId(r.sku), stockDecider, { type: 'SellStock', reservationId: r.reservationId, orderId }, ctx, { maxRetries: STOCK_RETRIES });
      } catch (again) {
        if (!(again instanceof DomainError)) throw again;
        shortfalls.push(r.sku);
      }
    }
  }
  const ended = await handleCommand(app.store, app.registry, cartStreamId(order.placed.memberId), cartDecider, { type: 'EndCartCheckout', memberId: order.placed.memberId, orderId, outcome: 'paid' }, ctx);
  if (shortfalls.length > 0) {
    const reason = `Sold out before the payment arrived: ${shortfalls.join(', ')}`;
    await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'RequestRefund', reason, memberMessage: 'Part of your order sold out before your payment reached us, so we refunded it in full.', at }, ctx);
    await ports.payments.refund(p.paymentId, reason).catch((err: unknown) => app.logger.error({ err, orderId }, 'refund after a shortfall failed'));
    return last(paid.appended, ended.appended);
  }
  const codes = order.placed.snapshot.lines.filter((l) => l.gift_card).flatMap((l) => Array.from({ length: l.qty }, () => ({ sku: l.sku, code: newGiftCardCode() })));
  let issued: Appended = null;
  if (codes.length > 0) issued = (await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'IssueGiftCards', codes, at }, ctx)).appended;
  if (!order.placed.snapshot.lines.some((l) => l.product_type === 'physical')) {
    issued = (await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'DeliverOrder', at }, ctx)).appended ?? issued;
  }
  return last(paid.appended, ended.appended, issued);
}

/** charge.refunded of a shop order's payment: the order is refunded (GST reversed with it) and its stock goes back. */
export async function onShopOrderRefunded(app: AppContext, ctx: CommandContext, p: { checkoutId: string | null; paymentId: string; amount_cents: number; reason: string }): Promise<Appended> {
  if (!p.checkoutId) return null;
  const { events } = await readStream<Parameters<typeof checkoutDecider.evolve>[1]>(app.store, checkoutStreamId(p.checkoutId));
  const checkout = fold(checkoutDecider, events);
  if (checkout.status === 'absent' || checkout.created.purpose !== 'shop-order' || !checkout.created.order) return null;
  const orderId = checkout.created.order.orderId;
  const order = await loadOrder(app, orderId);
  if (order.status === 'absent') return null;
  const refunded = await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'RecordRefund', paymentId: p.paymentId, amount_cents: p.amount_cents, reason: p.reason, at: ctx.occurredAt.toISOString() }, ctx);
  for (const r of order.placed.reservations) {
    await handleCommand(app.store, app.registry, stockStreamId(r.sku), stockDecider, { type: 'RestockSold', reservationId: r.reservationId, qty: r.qty, orderId, reason: `Order ${order.placed.number} refunded` }, ctx, { maxRetries: STOCK_RETRIES });
  }
  return refunded.appended;
}
