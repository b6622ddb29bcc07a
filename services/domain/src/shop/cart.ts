import { z } from 'zod';
import { MAX_CART_LINES, MAX_LINE_QTY } from '@roar/contracts/shop';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { cents, text, uint4 } from '../primitives';
import { addressPersonalFields, addressSchema } from './address';
import { skuSchema } from './catalogue-events';
import { giftCardIdSchema } from './gift-card';

/** One cart stream per member (`cart-<memberId>`); every save replaces the cart as the spec says. */
const id = text().min(1).max(200);
export { MAX_CART_LINES, MAX_LINE_QTY };

export const cartLineSchema = z
  .object({
    product: id,
    sku: skuSchema,
    qty: uint4().min(1).max(MAX_LINE_QTY),
    delivery_method: z.string().min(1).max(40).nullable(),
    /** The unit price (cents) the member was last shown: a later price change is reported, never applied in silence. */
    seen_unit_cents: cents(),
  })
  .strict();
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartGiftCardSchema = z.object({ card_id: giftCardIdSchema, last4: z.string().length(4) }).strict();
export type CartGiftCard = z.infer<typeof cartGiftCardSchema>;

export const CartSaved = defineEvent(
  'CartSaved',
  z
    .object({
      memberId: id,
      items: z.array(cartLineSchema).max(MAX_CART_LINES),
      shipping_address: addressSchema.nullable(),
      billing_address: addressSchema.nullable(),
      coupon: z.string().max(32).nullable(),
      notes: text().max(1000).nullable(),
      /** The gift card the member entered, by its id (a keyed hash of the code) and last 4: never the code. Absent before cards could be spent. */
      gift_card: cartGiftCardSchema.nullable().optional(),
    })
    .strict(),
  {
    personal: {
      subject: 'memberId',
      fields: { ...addressPersonalFields('shipping_address'), ...addressPersonalFields('billing_address'), notes: 'text' },
    },
  },
);
/** The member pressed Pay: the cart is locked to this order until it is paid or given up. */
export const CartCheckoutStarted = defineEvent('CartCheckoutStarted', z.object({ memberId: id, orderId: id }).strict());
export const CartCheckoutEnded = defineEvent(
  'CartCheckoutEnded',
  z.object({ memberId: id, orderId: id, outcome: z.enum(['paid', 'payment-failed', 'cancelled', 'expired', 'abandoned']) }).strict(),
);
export const cartEvents = [CartSaved, CartCheckoutStarted, CartCheckoutEnded] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type CartSavedData = z.infer<typeof CartSaved.schema>;
export type CartEvent = Ev<typeof CartSaved> | Ev<typeof CartCheckoutStarted> | Ev<typeof CartCheckoutEnded>;
export const cartStreamId = (memberId: string): string => `cart-${memberId}`;

export type CartContents = Omit<CartSavedData, 'memberId' | 'gift_card'> & { readonly gift_card: CartGiftCard | null };
export const EMPTY_CART: CartContents = { items: [], shipping_address: null, billing_address: null, coupon: null, notes: null, gift_card: null };

export interface CartState {
  readonly contents: CartContents;
  /** The order being paid for, if any. */
  readonly pendingOrderId: string | null;
}

export type CartCommand =
  | ({ readonly type: 'SaveCart'; readonly memberId: string } & CartContents)
  | { readonly type: 'StartCartCheckout'; readonly memberId: string; readonly orderId: string }
  | {
      readonly type: 'EndCartCheckout';
      readonly memberId: string;
      readonly orderId: string;
      readonly outcome: z.infer<typeof CartCheckoutEnded.schema>['outcome'];
    };

export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartSaved': {
      const { memberId: _m, ...contents } = event.data;
      return { ...state, contents: { ...contents, gift_card: contents.gift_card ?? null } };
    }
    case 'CartCheckoutStarted':
      return { ...state, pendingOrderId: event.data.orderId };
    case 'CartCheckoutEnded':
      // A paid cart is spent: the member starts again from an empty one, keeping the addresses.
      if (event.data.outcome !== 'paid') return { contents: state.contents, pendingOrderId: null };
      return {
        contents: { ...EMPTY_CART, shipping_address: state.contents.shipping_address, billing_address: state.contents.billing_address },
        pendingOrderId: null,
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'SaveCart': {
      if (state.pendingOrderId) throw new DomainError('conflict', 'Your checkout is in progress: finish paying or cancel it first.');
      const { type: _t, memberId, ...contents } = command;
      // "Emptying clears items, coupon and notes" (and the gift card entered beside the coupon).
      const saved = contents.items.length === 0 ? { ...contents, coupon: null, notes: null, gift_card: null } : contents;
      return [{ type: 'CartSaved', data: { memberId, ...saved } }];
    }
    case 'StartCartCheckout':
      if (state.pendingOrderId === command.orderId) return [];
      if (state.pendingOrderId) throw new DomainError('conflict', 'Your checkout is already in progress.', { orderId: state.pendingOrderId });
      if (state.contents.items.length === 0) throw new DomainError('invalid', 'Your cart is empty.');
      return [{ type: 'CartCheckoutStarted', data: { memberId: command.memberId, orderId: command.orderId } }];
    case 'EndCartCheckout':
      if (state.pendingOrderId !== command.orderId) return [];
      return [{ type: 'CartCheckoutEnded', data: { memberId: command.memberId, orderId: command.orderId, outcome: command.outcome } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  decide: decideCart,
  evolve: evolveCart,
  initialState: { contents: EMPTY_CART, pendingOrderId: null },
};
