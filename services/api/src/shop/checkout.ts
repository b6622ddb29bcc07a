import { randomUUID } from 'node:crypto';
import { checkoutReturnUrl } from '../payments/reconcile';
import {
  amountDue,
  cartDecider,
  cartStreamId,
  checkoutDecider,
  checkoutStreamId,
  clubDay,
  couponDecider,
  couponStreamId,
  giftCardDecider,
  giftCardStreamId,
  orderDecider,
  orderStreamId,
  type CheckoutCreatedEvent,
  type OrderEvent,
  type OrderState,
} from '@roar/domain';
import { DomainError, fold, handleCommand, type CommandContext, type Position } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { MembersPorts } from '../kernel/ports';
import { SELF_ORIGIN } from '../payments/self-origin';
import { loadCart, priceContents, readStream, SHIPPING_ADDRESS_REQUIRED } from './cart';
import { CARD_RETRIES, creditGiftCard, issueGiftCards, voidBoughtGiftCards } from './gift-cards';
import { stockCommand } from './stock-sequencer';

/** An unpaid order holds its stock this long; then the sweeper (or the next reservation of the SKU) lets it go. */
export const RESERVATION_MS = 30 * 60_000;
/** Many members racing for one coupon conflict on its stream; each conflict re-reads and decides again. (Stock goes through its SKU's lane.) */
const STOCK_RETRIES = 60;

export async function loadOrder(app: AppContext, orderId: string): Promise<OrderState> {
  const { events } = await readStream<OrderEvent>(app.store, orderStreamId(orderId));
  return fold(orderDecider, events);
}

type Appended = { position: Position } | null;
const last = (...xs: Appended[]): Appended => xs.filter((x): x is { position: Position } => x !== null).at(-1) ?? null;

/** Gives back everything an unpaid order holds: its reservations, its coupon use and what it took from a gift card. Idempotent. */
async function releaseHolds(
  app: AppContext,
  ctx: CommandContext,
  orderId: string,
  reservations: readonly { sku: string; reservationId: string }[],
  coupon: string | null,
  giftCardId: string | undefined,
  reason: 'expired' | 'payment-failed' | 'cancelled' | 'cart-changed',
): Promise<void> {
  for (const r of reservations) {
    await stockCommand(app, r.sku, { type: 'ReleaseStock', reservationId: r.reservationId, reason }, ctx);
  }
  if (coupon)
    await handleCommand(app.store, app.registry, couponStreamId(coupon), couponDecider, { type: 'ReleaseCouponRedemption', orderId, reason }, ctx, {
      maxRetries: STOCK_RETRIES,
    });
  await creditGiftCard(app, ctx, orderId, giftCardId, 'order-cancelled');
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
export async function startShopCheckout(
  app: AppContext,
  ports: MembersPorts,
  memberId: string,
  origin: string,
  ctx: CommandContext,
): Promise<StartedOrder> {
  const cart = await loadCart(app.store, memberId);
  if (cart.pendingOrderId) return resumeCheckout(app, cart.pendingOrderId);
  if (cart.contents.items.length === 0) throw new HttpError(400, 'Your cart is empty.', 'EMPTY_CART');
  const { details, priced } = await priceContents(app, memberId, cart.contents, null);
  // A missing shipping address is the member's next step, not a change to review: its own 400 below.
  const changes = details.errors.filter((e) => e.code !== 'shipping_address_required');
  if (changes.length > 0) {
    throw new HttpError(
      409,
      'Your cart has changed: review it before paying.',
      'CART_ERRORS',
      changes.map((e) => ({ message: e.message, extensions: { code: e.code.toUpperCase(), ...('sku' in e ? { field: e.sku } : {}) } })),
    );
  }
  const physical = priced.lines.some((l) => l.product_type === 'physical');
  if (physical && !cart.contents.shipping_address) throw new HttpError(400, SHIPPING_ADDRESS_REQUIRED, 'SHIPPING_ADDRESS_REQUIRED');
  const billing = cart.contents.billing_address ?? cart.contents.shipping_address;
  if (!billing) throw new HttpError(400, 'Add a billing address.', 'BILLING_ADDRESS_REQUIRED');
  if (priced.total <= 0) throw new HttpError(400, 'An order of $0 cannot be paid online: remove the coupon or add an item.', 'ZERO_TOTAL');
  const card =
    cart.contents.gift_card && details.gift_card_amount > 0
      ? { card_id: cart.contents.gift_card.card_id, last4: cart.contents.gift_card.last4, cents: details.gift_card_amount }
      : null;
  const due = priced.total - (card?.cents ?? 0);
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
  let cardTaken = false;
  let placedAt: Position | null = null;
  let paymentUrl: string | null = null;
  try {
    for (const line of [...priced.lines].sort((a, b) => a.sku.localeCompare(b.sku))) {
      const reservationId = `${orderId}:${line.sku}`;
      try {
        await stockCommand(app, line.sku, { type: 'ReserveStock', reservationId, qty: line.qty, expiresAt, at }, ctx);
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
      await handleCommand(
        app.store,
        app.registry,
        couponStreamId(coupon.code),
        couponDecider,
        { type: 'RedeemCoupon', orderId, memberId, discount_cents: coupon.cents, at },
        ctx,
        { maxRetries: STOCK_RETRIES },
      );
      couponTaken = true;
    }
    if (card) {
      // The card's stream decides at its revision: of two checkouts spending it at once, the later one re-reads and is refused if the balance no longer covers it.
      await handleCommand(
        app.store,
        app.registry,
        giftCardStreamId(card.card_id),
        giftCardDecider,
        { type: 'RedeemGiftCard', orderId, amount_cents: card.cents, today: clubDay(ctx.occurredAt), at },
        ctx,
        { maxRetries: CARD_RETRIES },
      );
      cardTaken = true;
    }
    // A card that pays the whole order needs no card payment: nothing goes through the payments port.
    const checkoutId = due > 0 ? randomUUID() : null;
    let url: string | null = null;
    if (checkoutId) {
      const session = await ports.payments.createCheckout({
        checkoutId,
        memberId,
        email: member.email,
        purpose: 'shop-order',
        mode: 'payment',
        amount_cents: due,
        description: `ROAR+ pro shop order ${orderNumber(orderId)}`,
        successUrl: checkoutReturnUrl(origin, `/pro-shop/checkout/success?order=${orderId}`),
        cancelUrl: `${origin}/pro-shop/checkout/failed?order=${orderId}`,
      });
      await handleCommand(
        app.store,
        app.registry,
        checkoutStreamId(checkoutId),
        checkoutDecider,
        {
          type: 'CreateCheckout',
          checkoutId,
          memberId,
          purpose: 'shop-order',
          tier: null,
          order: { orderId },
          amount_cents: due,
          currency: 'AUD',
          provider: ports.payments.name,
          providerSessionId: session.sessionId,
          mode: 'payment',
        },
        ctx,
        { mustBeNew: true },
      );
      url = localUrl(session.url, origin);
    }
    const placed = await handleCommand(
      app.store,
      app.registry,
      orderStreamId(orderId),
      orderDecider,
      {
        type: 'PlaceOrder',
        orderId,
        number: orderNumber(orderId),
        memberId,
        email: member.email,
        checkoutId,
        payment_url: url,
        snapshot: {
          ...priced,
          lines: priced.lines.map((l) => ({ ...l, attributes: { ...l.attributes } })),
          discounts: [...priced.discounts],
          deliveries: [...priced.deliveries],
          currency: 'AUD',
          ...(card ? { gift_card: card } : {}),
        },
        shipping_address: physical ? cart.contents.shipping_address : null,
        billing_address: billing,
        notes: cart.contents.notes,
        coupon: couponTaken ? (coupon?.kind === 'coupon' ? coupon.code : null) : null,
        reservations,
        expiresAt,
        placedAt: at,
      },
      ctx,
      { mustBeNew: true },
    );
    placedAt = placed.appended?.position ?? null;
    paymentUrl = url;
  } catch (error) {
    await releaseHolds(
      app,
      ctx,
      orderId,
      reservations,
      couponTaken ? ((priced.discounts.find((d) => d.kind === 'coupon') as { code: string } | undefined)?.code ?? null) : null,
      cardTaken ? card?.card_id : undefined,
      'cancelled',
    );
    await handleCommand(
      app.store,
      app.registry,
      cartStreamId(memberId),
      cartDecider,
      { type: 'EndCartCheckout', memberId, orderId, outcome: 'abandoned' },
      ctx,
    );
    throw error;
  }
  // Placed, with the card's part taken: an order its card pays in full is paid now. Should this
  // fail, the order waits unpaid like any other and the sweeper gives its holds (the card's too) back.
  const position = paymentUrl ? placedAt : ((await payShopOrder(app, ports, ctx, orderId, giftCardPaymentId(orderId), 0))?.position ?? placedAt);
  if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
  return { order_id: orderId, redirect_url: paymentUrl ?? `${origin}/pro-shop/checkout/success?order=${orderId}` };
}

/** The payment id of an order a gift card paid in full: no provider payment exists. */
export const giftCardPaymentId = (orderId: string): string => `gift-card-${orderId}`;

/** A short reference members and staff can read out: R- and the order id's first 8 characters. */
export const orderNumber = (orderId: string): string => `R-${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

async function resumeCheckout(app: AppContext, orderId: string): Promise<StartedOrder> {
  const order = await loadOrder(app, orderId);
  if (order.status === 'awaiting_payment' && order.placed.payment_url) return { order_id: orderId, redirect_url: order.placed.payment_url };
  throw new HttpError(409, 'Your checkout is already being prepared. Try again in a moment.', 'CHECKOUT_IN_PROGRESS');
}

/**
 * An unpaid order is given up (a declined card and the member went back, the cart was edited, the
 * reservation expired): the order is cancelled, its stock and coupon use return, and the cart,
 * kept intact, is open for editing again. Idempotent; a paid order is left alone.
 */
export async function cancelUnpaidOrder(
  app: AppContext,
  ctx: CommandContext,
  orderId: string,
  reason: 'payment-failed' | 'expired' | 'cancelled-by-member' | 'abandoned' | 'staff',
): Promise<Appended> {
  const order = await loadOrder(app, orderId);
  if (order.status === 'absent') return null;
  if (order.status !== 'awaiting_payment' && order.status !== 'cancelled') return null;
  const cancelled = await handleCommand(
    app.store,
    app.registry,
    orderStreamId(orderId),
    orderDecider,
    { type: 'CancelOrder', reason, note: null, at: ctx.occurredAt.toISOString() },
    ctx,
  );
  await releaseHolds(
    app,
    ctx,
    orderId,
    order.placed.reservations,
    order.placed.coupon,
    order.placed.snapshot.gift_card?.card_id,
    reason === 'expired' ? 'expired' : reason === 'abandoned' ? 'cart-changed' : 'payment-failed',
  );
  const outcome = reason === 'cancelled-by-member' || reason === 'staff' ? 'cancelled' : reason;
  const ended = await handleCommand(
    app.store,
    app.registry,
    cartStreamId(order.placed.memberId),
    cartDecider,
    { type: 'EndCartCheckout', memberId: order.placed.memberId, orderId, outcome },
    ctx,
  );
  return last(cancelled.appended, ended.appended);
}

/**
 * checkout.completed for a shop order (the payment webhook; at least once). The order is paid
 * once whatever reports it; the reservations become sales; the cart is spent; gift cards are
 * issued at once and a digital-only order is delivered. A payment for an order given up meanwhile
 * is refunded, never silently kept.
 */
export async function onShopOrderPaid(
  app: AppContext,
  ports: MembersPorts,
  ctx: CommandContext,
  p: { checkout: CheckoutCreatedEvent['data']; paymentId: string; amount_cents: number },
): Promise<Appended> {
  const orderId = p.checkout.order?.orderId;
  if (!orderId) throw new Error(`shop-order checkout ${p.checkout.checkoutId} names no order`);
  return payShopOrder(app, ports, ctx, orderId, p.paymentId, p.amount_cents);
}

/** The order is paid (by the provider, or in full by its gift card at checkout): see onShopOrderPaid. */
async function payShopOrder(
  app: AppContext,
  ports: MembersPorts,
  ctx: CommandContext,
  orderId: string,
  paymentId: string,
  amount_cents: number,
): Promise<Appended> {
  const order = await loadOrder(app, orderId);
  if (order.status === 'absent') throw new Error(`shop order ${orderId} does not exist`);
  const at = ctx.occurredAt.toISOString();
  if (order.status === 'cancelled') {
    app.logger.warn({ orderId, paymentId: paymentId }, 'payment for a cancelled order: refunding');
    await ports.payments
      .refund(paymentId, 'The order was cancelled before the payment arrived.')
      .catch((err: unknown) => app.logger.error({ err, orderId }, 'refund of a late payment failed'));
    return null;
  }
  const paid = await handleCommand(
    app.store,
    app.registry,
    orderStreamId(orderId),
    orderDecider,
    { type: 'PayOrder', paymentId: paymentId, amount_cents: amount_cents, at },
    ctx,
  );
  const shortfalls: string[] = [];
  for (const r of order.placed.reservations) {
    try {
      await stockCommand(app, r.sku, { type: 'SellStock', reservationId: r.reservationId, orderId }, ctx);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The reservation lapsed before the payment came: take the stock again if it is still there.
      try {
        await stockCommand(
          app,
          r.sku,
          {
            type: 'ReserveStock',
            reservationId: r.reservationId,
            qty: r.qty,
            expiresAt: new Date(ctx.occurredAt.getTime() + RESERVATION_MS).toISOString(),
            at,
          },
          ctx,
        );
        await stockCommand(app, r.sku, { type: 'SellStock', reservationId: r.reservationId, orderId }, ctx);
      } catch (again) {
        if (!(again instanceof DomainError)) throw again;
        shortfalls.push(r.sku);
      }
    }
  }
  const ended = await handleCommand(
    app.store,
    app.registry,
    cartStreamId(order.placed.memberId),
    cartDecider,
    { type: 'EndCartCheckout', memberId: order.placed.memberId, orderId, outcome: 'paid' },
    ctx,
  );
  if (shortfalls.length > 0) {
    const reason = `Sold out before the payment arrived: ${shortfalls.join(', ')}`;
    const refunded = await refundShopOrder(
      app,
      ports,
      ctx,
      orderId,
      reason,
      'Part of your order sold out before your payment reached us, so we refunded it in full.',
    ).catch((err: unknown) => {
      app.logger.error({ err, orderId }, 'refund after a shortfall failed');
      return null;
    });
    return last(paid.appended, ended.appended, refunded);
  }
  const paidOrder = await loadOrder(app, orderId);
  let issued: Appended = paidOrder.status === 'absent' ? null : await issueGiftCards(app, ctx, orderId, paidOrder);
  if (!order.placed.snapshot.lines.some((l) => l.product_type === 'physical')) {
    issued =
      (await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'DeliverOrder', at }, ctx)).appended ?? issued;
  }
  return last(paid.appended, ended.appended, issued);
}

/**
 * Refunds a paid order (staff, or a shortfall found when the payment arrived). The order records
 * the request; the cards it bought are voided (their unspent part) and what it took from a gift
 * card goes back on that card at once, before any money moves, so neither can be spent meanwhile.
 * The part paid through the payments port is refunded there, and the provider's charge.refunded
 * records the refund and returns the stock; an order its gift card paid in full is recorded at once.
 */
export async function refundShopOrder(
  app: AppContext,
  ports: MembersPorts,
  ctx: CommandContext,
  orderId: string,
  reason: string,
  memberMessage: string | null,
): Promise<Appended> {
  const requested = await handleCommand(
    app.store,
    app.registry,
    orderStreamId(orderId),
    orderDecider,
    { type: 'RequestRefund', reason, memberMessage, at: ctx.occurredAt.toISOString() },
    ctx,
  );
  const order = requested.state;
  if (order.status === 'absent' || !order.paymentId) return requested.appended;
  const voided = await voidBoughtGiftCards(app, ctx, order, reason);
  const credited = await creditGiftCard(app, ctx, orderId, order.placed.snapshot.gift_card?.card_id, 'order-refunded');
  if (amountDue(order.placed.snapshot) > 0) {
    await ports.payments.refund(order.paymentId, reason);
    return last(requested.appended, voided, credited);
  }
  return last(requested.appended, voided, credited, await recordShopRefund(app, ctx, orderId, order.paymentId, 0, reason));
}

/** charge.refunded of a shop order's payment: the order is refunded (GST reversed with it) and its stock goes back. */
export async function onShopOrderRefunded(
  app: AppContext,
  ctx: CommandContext,
  p: { checkoutId: string | null; paymentId: string; amount_cents: number; reason: string },
): Promise<Appended> {
  if (!p.checkoutId) return null;
  const { events } = await readStream<Parameters<typeof checkoutDecider.evolve>[1]>(app.store, checkoutStreamId(p.checkoutId));
  const checkout = fold(checkoutDecider, events);
  if (checkout.status === 'absent' || checkout.created.purpose !== 'shop-order' || !checkout.created.order) return null;
  return recordShopRefund(app, ctx, checkout.created.order.orderId, p.paymentId, p.amount_cents, p.reason);
}

/** The money is back (or there was none to send back): the order is refunded and its stock returns. Idempotent. */
async function recordShopRefund(
  app: AppContext,
  ctx: CommandContext,
  orderId: string,
  paymentId: string,
  amount_cents: number,
  reason: string,
): Promise<Appended> {
  const order = await loadOrder(app, orderId);
  if (order.status === 'absent') return null;
  const refunded = await handleCommand(
    app.store,
    app.registry,
    orderStreamId(orderId),
    orderDecider,
    { type: 'RecordRefund', paymentId, amount_cents, reason, at: ctx.occurredAt.toISOString() },
    ctx,
  );
  for (const r of order.placed.reservations) {
    await stockCommand(
      app,
      r.sku,
      { type: 'RestockSold', reservationId: r.reservationId, qty: r.qty, orderId, reason: `Order ${order.placed.number} refunded` },
      ctx,
    );
  }
  return refunded.appended;
}
