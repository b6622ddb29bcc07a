import { z } from 'zod';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { cents, text } from '../primitives';
import { skuSchema } from './catalogue-events';
import { giftCardTermsSchema } from './gift-card-terms';

/**
 * A gift card is its own stream, `gift-card-<cardId>`, where the card id is a keyed hash (HMAC
 * under a server key) of its code: the code is a bearer secret, so neither it nor an unkeyed hash
 * of it is ever written. Every spend is appended at the stream's expected revision, so two
 * checkouts spending one card at once spend at most its balance.
 */
export const giftCardIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'A gift card id is 32 hex digits');
const id = text().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
const last4 = z.string().regex(/^[A-Z0-9]{4}$/);

export const GiftCardActivated = defineEvent(
  'GiftCardActivated',
  z
    .object({
      cardId: giftCardIdSchema,
      last4,
      /** The order that bought it (paid), its number, and the member who bought it. */
      orderId: id,
      orderNumber: z.string().min(1).max(20),
      memberId: id,
      sku: skuSchema,
      value_cents: cents().min(1),
      /** The last club day it can be spent, from the terms in force on the day it was issued. */
      expires_on: z.iso.date(),
      terms: giftCardTermsSchema,
      at: instant,
    })
    .strict(),
);
export const GiftCardRedeemed = defineEvent(
  'GiftCardRedeemed',
  z.object({ cardId: giftCardIdSchema, orderId: id, amount_cents: cents().min(1), balance_cents: cents(), at: instant }).strict(),
);
/** An order the card paid for was cancelled unpaid or refunded: what it took goes back on the card. */
export const GiftCardCredited = defineEvent(
  'GiftCardCredited',
  z
    .object({
      cardId: giftCardIdSchema,
      orderId: id,
      amount_cents: cents().min(1),
      balance_cents: cents(),
      cause: z.enum(['order-cancelled', 'order-refunded']),
      at: instant,
    })
    .strict(),
);
/** The unspent part is voided: the purchase was refunded, or staff cancelled the card. */
export const GiftCardVoided = defineEvent(
  'GiftCardVoided',
  z
    .object({
      cardId: giftCardIdSchema,
      voided_cents: cents(),
      cause: z.enum(['purchase-refunded', 'cancelled-by-staff']),
      reason: text().trim().min(1).max(500),
      at: instant,
    })
    .strict(),
);
export const giftCardEvents = [GiftCardActivated, GiftCardRedeemed, GiftCardCredited, GiftCardVoided] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type GiftCardActivatedData = z.infer<typeof GiftCardActivated.schema>;
export type GiftCardEvent = Ev<typeof GiftCardActivated> | Ev<typeof GiftCardRedeemed> | Ev<typeof GiftCardCredited> | Ev<typeof GiftCardVoided>;
export const giftCardStreamId = (cardId: string): string => `gift-card-${cardId}`;

export type GiftCardState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'voided';
      readonly card: GiftCardActivatedData;
      readonly balance_cents: number;
      /** What each order took from the card and still holds (credited back orders are gone). */
      readonly held: Readonly<Record<string, number>>;
    };

export type GiftCardCommand =
  | ({ readonly type: 'ActivateGiftCard' } & GiftCardActivatedData)
  /** `today` is the club day of `at`, in the club's time zone (the caller's clock, never read here). */
  | { readonly type: 'RedeemGiftCard'; readonly orderId: string; readonly amount_cents: number; readonly today: string; readonly at: string }
  | { readonly type: 'CreditGiftCard'; readonly orderId: string; readonly cause: 'order-cancelled' | 'order-refunded'; readonly at: string }
  | { readonly type: 'VoidGiftCard'; readonly cause: 'purchase-refunded' | 'cancelled-by-staff'; readonly reason: string; readonly at: string };

/** Said the same for a code that was never issued and one mistyped: guessing learns nothing. */
export const GIFT_CARD_NOT_VALID = 'This gift card code is not valid.';
export const GIFT_CARD_CANCELLED = 'This gift card has been cancelled.';
export const GIFT_CARD_EMPTY = 'This gift card has no balance left.';
/** A club day (YYYY-MM-DD) as people write it: 26 November 2029. */
export const longDay = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const giftCardExpiredMessage = (expiresOn: string): string => `This gift card expired on ${longDay(expiresOn)}.`;

/** Why the card cannot be spent on `today` (a club day), or null. Used by the cart (to refuse) and by RedeemGiftCard. */
export function giftCardProblem(
  state: GiftCardState,
  today: string,
): { readonly code: 'not_found' | 'voided' | 'expired' | 'empty'; readonly message: string } | null {
  if (state.status === 'absent') return { code: 'not_found', message: GIFT_CARD_NOT_VALID };
  if (state.status === 'voided') return { code: 'voided', message: GIFT_CARD_CANCELLED };
  if (today > state.card.expires_on) return { code: 'expired', message: giftCardExpiredMessage(state.card.expires_on) };
  if (state.balance_cents <= 0) return { code: 'empty', message: GIFT_CARD_EMPTY };
  return null;
}

export function evolveGiftCard(state: GiftCardState, event: GiftCardEvent): GiftCardState {
  if (event.type === 'GiftCardActivated') return { status: 'active', card: event.data, balance_cents: event.data.value_cents, held: {} };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'GiftCardRedeemed':
      return { ...state, balance_cents: event.data.balance_cents, held: { ...state.held, [event.data.orderId]: event.data.amount_cents } };
    case 'GiftCardCredited': {
      const { [event.data.orderId]: _credited, ...held } = state.held;
      return { ...state, balance_cents: event.data.balance_cents, held };
    }
    case 'GiftCardVoided':
      return { ...state, status: 'voided', balance_cents: 0 };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideGiftCard(command: GiftCardCommand, state: GiftCardState): GiftCardEvent[] {
  if (command.type === 'ActivateGiftCard') {
    const { type: _t, ...data } = command;
    // The payment webhook comes at least once: the same card for the same order is already there.
    if (state.status !== 'absent') {
      if (state.card.orderId === data.orderId && state.card.sku === data.sku) return [];
      throw new DomainError('conflict', 'This gift card already exists.');
    }
    return [{ type: 'GiftCardActivated', data }];
  }
  switch (command.type) {
    case 'RedeemGiftCard': {
      if (state.status !== 'absent' && state.held[command.orderId] === command.amount_cents) return [];
      const problem = giftCardProblem(state, command.today);
      if (problem || state.status === 'absent')
        throw new DomainError(problem?.code === 'not_found' || !problem ? 'not_found' : 'conflict', problem?.message ?? GIFT_CARD_NOT_VALID, {
          reason: problem?.code ?? 'not_found',
        });
      if (state.held[command.orderId] !== undefined) throw new DomainError('conflict', 'This gift card already pays for this order.');
      if (!Number.isInteger(command.amount_cents) || command.amount_cents <= 0)
        throw new DomainError('invalid', 'The amount taken from a gift card is a positive number of cents.');
      if (command.amount_cents > state.balance_cents) {
        throw new DomainError('conflict', 'The balance of this gift card changed: review your cart before paying.', {
          reason: 'balance_changed',
          balance_cents: state.balance_cents,
        });
      }
      return [
        {
          type: 'GiftCardRedeemed',
          data: {
            cardId: state.card.cardId,
            orderId: command.orderId,
            amount_cents: command.amount_cents,
            balance_cents: state.balance_cents - command.amount_cents,
            at: command.at,
          },
        },
      ];
    }
    case 'CreditGiftCard': {
      if (state.status === 'absent') return [];
      const amount = state.held[command.orderId];
      if (amount === undefined) return [];
      // A voided card stays at zero: the credit is recorded (staff see it in the history) but spends nothing.
      const balance = state.status === 'voided' ? 0 : state.balance_cents + amount;
      return [
        {
          type: 'GiftCardCredited',
          data: {
            cardId: state.card.cardId,
            orderId: command.orderId,
            amount_cents: amount,
            balance_cents: balance,
            cause: command.cause,
            at: command.at,
          },
        },
      ];
    }
    case 'VoidGiftCard': {
      if (state.status === 'absent') throw new DomainError('not_found', GIFT_CARD_NOT_VALID);
      if (state.status === 'voided') return [];
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('invalid', 'Give a reason for cancelling this gift card.');
      return [
        {
          type: 'GiftCardVoided',
          data: { cardId: state.card.cardId, voided_cents: state.balance_cents, cause: command.cause, reason, at: command.at },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const giftCardDecider: Decider<GiftCardCommand, GiftCardEvent, GiftCardState> = {
  decide: decideGiftCard,
  evolve: evolveGiftCard,
  initialState: { status: 'absent' },
};
