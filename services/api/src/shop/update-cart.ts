import { cartDecider, cartStreamId, type CartCommand } from '@roar/domain';
import { handleCommand, type CommandContext } from '@roar/platform';
import type { CartError } from '@roar/contracts/shop';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { giftCardForCart, normaliseCart, priceContents, type CartData, type CartDetails } from './cart';
import { cancelUnpaidOrder } from './checkout';
import type { GuessThrottle } from './gift-card-throttle';

/** The cart is locked to an unpaid order: the save gives the order up first, then runs again. */
class PendingOrder extends Error {
  constructor(readonly orderId: string) {
    super(`the cart is locked to order ${orderId}`);
  }
}

/**
 * PATCH /api/shop/update-cart: validate the member's cart data, save it (CartSaved at the cart's
 * revision) and answer the priced cart. The save is built from the cart as this process last left
 * it (handleCommand's kept state: no read of the stream), and built again from fresh state should
 * the append find the stream moved on; validation and pricing read the catalogue, stock, coupon and
 * team benefit from memory while their read models stay put (read-cache.ts). What is left is the
 * append and the arithmetic.
 */
export async function updateCart(
  app: AppContext,
  throttle: GuessThrottle,
  who: { memberId: string; address: string },
  data: CartData,
  ctx: CommandContext,
): Promise<CartDetails> {
  const { memberId } = who;
  // The typed code is checked once, before the save (each miss counts against the guesser): it does not depend on the cart.
  const typedCard = data.gift_card === undefined ? undefined : await giftCardForCart(app, throttle, who, data.gift_card, null);
  for (let cancelled = false; ; cancelled = true) {
    let priceChanges: CartError[] = [];
    try {
      const { state: saved } = await handleCommand(
        app.store,
        app.registry,
        cartStreamId(memberId),
        cartDecider,
        async (cart): Promise<CartCommand> => {
          // Validated before anything is given up: a refused save leaves an open payment page as it was.
          const giftCard = typedCard === undefined ? cart.contents.gift_card : typedCard;
          const normalised = await normaliseCart(app, memberId, data, cart.contents, giftCard);
          if (cart.pendingOrderId) throw new PendingOrder(cart.pendingOrderId);
          priceChanges = normalised.priceChanges;
          return { type: 'SaveCart', memberId, ...normalised.contents };
        },
        ctx,
      );
      return (await priceContents(app, memberId, saved.contents, saved.pendingOrderId, priceChanges)).details;
    } catch (error) {
      if (!(error instanceof PendingOrder)) throw error;
      if (cancelled) throw new HttpError(409, 'This order is already paid.', 'ORDER_PAID');
      // Editing the cart while a payment page is open gives that order up: its stock and coupon go back.
      await cancelUnpaidOrder(app, ctx, error.orderId, 'abandoned');
    }
  }
}
