import { z } from 'zod';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { int4, text, uint4 } from '../primitives';
import { skuSchema } from './catalogue-events';

/**
 * One stream per SKU: every unit in or out is an event appended at the expected revision, so two
 * checkouts racing for the last unit cannot both reserve it (the loser's append conflicts, it
 * re-reads, and the decider refuses). Stock never goes negative and "why is it 3" is a replay.
 */
const id = text().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
const qty = uint4().min(1).max(10_000);

export const StockOpened = defineEvent('StockOpened', z.object({ sku: skuSchema, productId: id }).strict());
export const StockReceived = defineEvent('StockReceived', z.object({ sku: skuSchema, qty, reason: text().min(1).max(500) }).strict());
export const StockReserved = defineEvent('StockReserved', z.object({ sku: skuSchema, reservationId: id, qty, expiresAt: instant }).strict());
export const StockReleased = defineEvent(
  'StockReleased',
  z.object({ sku: skuSchema, reservationId: id, qty, reason: z.enum(['expired', 'payment-failed', 'cancelled', 'cart-changed']) }).strict(),
);
export const StockSold = defineEvent('StockSold', z.object({ sku: skuSchema, reservationId: id, qty, orderId: id }).strict());
/** Staff count correction; delta may be negative but never below what is reserved. */
export const StockAdjusted = defineEvent(
  'StockAdjusted',
  z.object({ sku: skuSchema, delta: int4().min(-10_000).max(10_000), reason: text().min(1).max(500) }).strict(),
);
export const StockRestocked = defineEvent(
  'StockRestocked',
  z.object({ sku: skuSchema, qty, reservationId: id, orderId: id, reason: text().min(1).max(500) }).strict(),
);

export const stockEvents = [StockOpened, StockReceived, StockReserved, StockReleased, StockSold, StockAdjusted, StockRestocked] as const;
type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type StockEvent =
  | Ev<typeof StockOpened>
  | Ev<typeof StockReceived>
  | Ev<typeof StockReserved>
  | Ev<typeof StockReleased>
  | Ev<typeof StockSold>
  | Ev<typeof StockAdjusted>
  | Ev<typeof StockRestocked>;

export const stockStreamId = (sku: string): string => `stock-${sku}`;

export interface Reservation {
  readonly reservationId: string;
  readonly qty: number;
  readonly expiresAt: string;
}

export type StockState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'open';
      readonly sku: string;
      readonly productId: string;
      readonly onHand: number;
      readonly reservations: readonly Reservation[];
      readonly sold: readonly string[];
    };

export type StockCommand =
  | { readonly type: 'OpenStock'; readonly sku: string; readonly productId: string }
  | { readonly type: 'ReceiveStock'; readonly qty: number; readonly reason: string }
  | { readonly type: 'ReserveStock'; readonly reservationId: string; readonly qty: number; readonly expiresAt: string; readonly at: string }
  | { readonly type: 'ReleaseStock'; readonly reservationId: string; readonly reason: z.infer<typeof StockReleased.schema>['reason'] }
  | { readonly type: 'SellStock'; readonly reservationId: string; readonly orderId: string }
  | { readonly type: 'AdjustStock'; readonly delta: number; readonly reason: string }
  | { readonly type: 'RestockSold'; readonly reservationId: string; readonly qty: number; readonly orderId: string; readonly reason: string };

export const reservedQty = (s: Extract<StockState, { status: 'open' }>): number => s.reservations.reduce((n, r) => n + r.qty, 0);
/** Units a new reservation may take: on hand minus what live reservations hold. */
export const availableQty = (s: StockState): number => (s.status === 'absent' ? 0 : s.onHand - reservedQty(s));

export function evolveStock(state: StockState, event: StockEvent): StockState {
  if (event.type === 'StockOpened')
    return { status: 'open', sku: event.data.sku, productId: event.data.productId, onHand: 0, reservations: [], sold: [] };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'StockReceived':
      return { ...state, onHand: state.onHand + event.data.qty };
    case 'StockReserved':
      return {
        ...state,
        reservations: [...state.reservations, { reservationId: event.data.reservationId, qty: event.data.qty, expiresAt: event.data.expiresAt }],
      };
    case 'StockReleased':
      return { ...state, reservations: state.reservations.filter((r) => r.reservationId !== event.data.reservationId) };
    case 'StockSold':
      return {
        ...state,
        onHand: state.onHand - event.data.qty,
        reservations: state.reservations.filter((r) => r.reservationId !== event.data.reservationId),
        sold: [...state.sold, event.data.reservationId],
      };
    case 'StockAdjusted':
      return { ...state, onHand: state.onHand + event.data.delta };
    case 'StockRestocked':
      return { ...state, onHand: state.onHand + event.data.qty, sold: state.sold.filter((r) => r !== event.data.reservationId) };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function open(state: StockState): Extract<StockState, { status: 'open' }> {
  if (state.status === 'absent') throw new DomainError('not_found', 'This SKU does not exist.');
  return state;
}

export function decideStock(command: StockCommand, state: StockState): StockEvent[] {
  switch (command.type) {
    case 'OpenStock':
      if (state.status !== 'absent') throw new DomainError('conflict', `SKU ${command.sku} already exists.`);
      return [{ type: 'StockOpened', data: { sku: command.sku, productId: command.productId } }];
    case 'ReceiveStock': {
      const s = open(state);
      return [{ type: 'StockReceived', data: { sku: s.sku, qty: command.qty, reason: command.reason } }];
    }
    case 'ReserveStock': {
      const s = open(state);
      if (s.reservations.some((r) => r.reservationId === command.reservationId)) return [];
      // Reservations past their expiry hold nothing even before the sweeper releases them.
      const expired = s.reservations.filter((r) => Date.parse(r.expiresAt) <= Date.parse(command.at));
      const releases: StockEvent[] = expired.map((r) => ({
        type: 'StockReleased',
        data: { sku: s.sku, reservationId: r.reservationId, qty: r.qty, reason: 'expired' },
      }));
      const available = s.onHand - reservedQty(s) + expired.reduce((n, r) => n + r.qty, 0);
      if (command.qty > available) {
        throw new DomainError('conflict', available <= 0 ? `${s.sku} is out of stock.` : `Only ${available} of ${s.sku} left.`, {
          sku: s.sku,
          available: Math.max(0, available),
        });
      }
      return [
        ...releases,
        { type: 'StockReserved', data: { sku: s.sku, reservationId: command.reservationId, qty: command.qty, expiresAt: command.expiresAt } },
      ];
    }
    case 'ReleaseStock': {
      const s = open(state);
      const r = s.reservations.find((x) => x.reservationId === command.reservationId);
      if (!r) return [];
      return [{ type: 'StockReleased', data: { sku: s.sku, reservationId: r.reservationId, qty: r.qty, reason: command.reason } }];
    }
    case 'SellStock': {
      const s = open(state);
      if (s.sold.includes(command.reservationId)) return [];
      const r = s.reservations.find((x) => x.reservationId === command.reservationId);
      if (!r) throw new DomainError('conflict', `The reservation of ${s.sku} has lapsed.`, { sku: s.sku });
      return [{ type: 'StockSold', data: { sku: s.sku, reservationId: r.reservationId, qty: r.qty, orderId: command.orderId } }];
    }
    case 'AdjustStock': {
      const s = open(state);
      if (command.delta === 0) return [];
      if (s.onHand + command.delta < reservedQty(s))
        throw new DomainError('invalid', `Stock of ${s.sku} cannot go below the ${reservedQty(s)} reserved.`);
      return [{ type: 'StockAdjusted', data: { sku: s.sku, delta: command.delta, reason: command.reason } }];
    }
    case 'RestockSold': {
      const s = open(state);
      if (!s.sold.includes(command.reservationId)) return [];
      return [
        {
          type: 'StockRestocked',
          data: { sku: s.sku, qty: command.qty, reservationId: command.reservationId, orderId: command.orderId, reason: command.reason },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  decide: decideStock,
  evolve: evolveStock,
  initialState: { status: 'absent' },
};
