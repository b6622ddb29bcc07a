import { DomainError, type Decider } from '@roar/platform';
import { amountDue, type IssuedGiftCard, type OrderEvent, type OrderPlacedData, type OrderStatus } from './order-events';

export type OrderState =
  | { readonly status: 'absent' }
  | {
      readonly status: OrderStatus;
      readonly placed: OrderPlacedData;
      readonly paymentId: string | null;
      readonly refundRequested: boolean;
      /** The gift cards this order bought (card_id null: issued before cards could be spent). */
      readonly giftCards: readonly { readonly card_id: string | null; readonly last4: string; readonly sku: string; readonly value_cents: number }[];
      /** The member-facing words of the requested refund, carried to the refund the provider confirms. */
      readonly refundMessage: string | null;
    };

export type OrderCommand =
  | ({ readonly type: 'PlaceOrder' } & OrderPlacedData)
  | { readonly type: 'PayOrder'; readonly paymentId: string; readonly amount_cents: number; readonly at: string }
  | {
      readonly type: 'CancelOrder';
      readonly reason: 'payment-failed' | 'expired' | 'cancelled-by-member' | 'abandoned' | 'staff';
      readonly note: string | null;
      readonly at: string;
    }
  | { readonly type: 'StartPacking'; readonly at: string }
  | { readonly type: 'ShipOrder'; readonly carrier: string; readonly tracking: string; readonly at: string }
  | { readonly type: 'DeliverOrder'; readonly at: string }
  /** Gift card codes are drawn (and sealed) by the caller (no randomness here), one per unit of each gift card line. */
  | { readonly type: 'IssueGiftCards'; readonly cards: readonly Omit<IssuedGiftCard, 'value_cents'>[]; readonly at: string }
  | { readonly type: 'RequestRefund'; readonly reason: string; readonly memberMessage: string | null; readonly at: string }
  | { readonly type: 'RecordRefund'; readonly paymentId: string; readonly amount_cents: number; readonly reason: string; readonly at: string };

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced')
    return { status: 'awaiting_payment', placed: event.data, paymentId: null, refundRequested: false, refundMessage: null, giftCards: [] };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'OrderPaid':
      return { ...state, status: 'paid', paymentId: event.data.paymentId };
    case 'OrderCancelled':
      return { ...state, status: 'cancelled' };
    case 'OrderPackingStarted':
      return { ...state, status: 'packing' };
    case 'OrderShipped':
      return { ...state, status: 'shipped' };
    case 'OrderDelivered':
      return { ...state, status: 'delivered' };
    case 'GiftCardIssued':
      return {
        ...state,
        giftCards: [
          ...state.giftCards,
          { card_id: null, last4: event.data.code.slice(-4), sku: event.data.sku, value_cents: event.data.value_cents },
        ],
      };
    case 'OrderGiftCardIssued':
      return {
        ...state,
        giftCards: [
          ...state.giftCards,
          { card_id: event.data.card_id, last4: event.data.last4, sku: event.data.sku, value_cents: event.data.value_cents },
        ],
      };
    case 'OrderRefundRequested':
      return { ...state, refundRequested: true, refundMessage: event.data.member_message ?? null };
    case 'OrderRefunded':
      return { ...state, status: 'refunded' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

type Existing = Exclude<OrderState, { status: 'absent' }>;
function existing(state: OrderState): Existing {
  if (state.status === 'absent') throw new DomainError('not_found', 'This order does not exist.');
  return state;
}
const wrongState = (o: Existing, action: string) =>
  new DomainError('conflict', `This order is ${o.status.replace('_', ' ')}: it cannot be ${action}.`);
export const hasPhysicalLines = (o: Existing): boolean => o.placed.snapshot.lines.some((l) => l.product_type === 'physical');

/** Order states: awaiting_payment → paid → packing → shipped → delivered; cancelled before payment; refunded after it. */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === 'PlaceOrder') {
    if (state.status !== 'absent') throw new DomainError('conflict', 'This order already exists.');
    const { type: _t, ...data } = command;
    return [{ type: 'OrderPlaced', data }];
  }
  const o = existing(state);
  const orderId = o.placed.orderId;
  switch (command.type) {
    case 'PayOrder': {
      // The webhook retried, or the browser return and the webhook both report it: one payment, one order.
      if (o.paymentId === command.paymentId) return [];
      if (o.status !== 'awaiting_payment') throw wrongState(o, 'paid');
      const due = amountDue(o.placed.snapshot);
      if (command.amount_cents !== due)
        throw new DomainError('invalid', `The payment of ${command.amount_cents} cents does not match the ${due} cents due on this order.`);
      return [{ type: 'OrderPaid', data: { orderId, paymentId: command.paymentId, amount_cents: command.amount_cents, paidAt: command.at } }];
    }
    case 'CancelOrder':
      if (o.status === 'cancelled') return [];
      if (o.status !== 'awaiting_payment') throw wrongState(o, 'cancelled (refund it instead)');
      return [{ type: 'OrderCancelled', data: { orderId, reason: command.reason, note: command.note, at: command.at, memberId: o.placed.memberId } }];
    case 'StartPacking':
      if (o.status === 'packing') return [];
      if (o.status !== 'paid' || !hasPhysicalLines(o)) throw wrongState(o, 'packed');
      return [{ type: 'OrderPackingStarted', data: { orderId, at: command.at } }];
    case 'ShipOrder':
      if (o.status !== 'paid' && o.status !== 'packing') throw wrongState(o, 'shipped');
      if (!hasPhysicalLines(o)) throw new DomainError('invalid', 'This order has nothing to ship.');
      return [{ type: 'OrderShipped', data: { orderId, carrier: command.carrier.trim(), tracking: command.tracking.trim(), at: command.at } }];
    case 'DeliverOrder':
      if (o.status === 'delivered') return [];
      // A digital-only order is delivered as soon as it is paid.
      if (o.status !== 'shipped' && !(o.status === 'paid' && !hasPhysicalLines(o))) throw wrongState(o, 'marked delivered');
      return [{ type: 'OrderDelivered', data: { orderId, at: command.at } }];
    case 'IssueGiftCards': {
      if (o.giftCards.length > 0) return [];
      if (o.status === 'awaiting_payment' || o.status === 'cancelled' || o.status === 'refunded') throw wrongState(o, 'delivered');
      for (const line of o.placed.snapshot.lines.filter((l) => l.gift_card)) {
        if (command.cards.filter((c) => c.sku === line.sku).length !== line.qty)
          throw new DomainError('invalid', `Order ${o.placed.number} bought ${line.qty} of ${line.sku}: issue one card per unit.`);
      }
      return command.cards.map((card) => {
        const line = o.placed.snapshot.lines.find((l) => l.sku === card.sku && l.gift_card);
        if (!line) throw new DomainError('invalid', `${card.sku} is not a gift card of this order.`);
        return { type: 'OrderGiftCardIssued', data: { orderId, ...card, value_cents: line.unit_cents, at: command.at } };
      });
    }
    case 'RequestRefund': {
      if (o.status === 'refunded' || o.refundRequested) throw new DomainError('conflict', 'This order is already refunded.');
      if (!o.paymentId || o.status === 'awaiting_payment' || o.status === 'cancelled') throw wrongState(o, 'refunded');
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('invalid', 'Give a reason for this refund.');
      const message = command.memberMessage?.trim() || null;
      if (message !== null && message.length < 3)
        throw new DomainError('invalid', 'Write the message to the member in a few words, or leave it empty.');
      return [
        {
          type: 'OrderRefundRequested',
          data: {
            orderId,
            paymentId: o.paymentId,
            reason,
            ...(message ? { member_message: message } : {}),
            at: command.at,
            memberId: o.placed.memberId,
          },
        },
      ];
    }
    case 'RecordRefund':
      if (o.status === 'refunded') return [];
      if (o.paymentId !== command.paymentId) throw new DomainError('not_found', 'This payment is not the payment of this order.');
      return [
        {
          type: 'OrderRefunded',
          data: {
            orderId,
            paymentId: command.paymentId,
            amount_cents: command.amount_cents,
            tax_cents: o.placed.snapshot.tax,
            reason: command.reason.trim() || 'refunded',
            ...(o.refundMessage ? { member_message: o.refundMessage } : {}),
            at: command.at,
            ...(o.placed.snapshot.gift_card ? { gift_card_cents: o.placed.snapshot.gift_card.cents } : {}),
            memberId: o.placed.memberId,
          },
        },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: { status: 'absent' },
};
