import { randomBytes } from 'node:crypto';
import {
  canonicalGiftCardCode,
  clubDay,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_TERMS_STREAM,
  giftCardDecider,
  giftCardExpiryDay,
  giftCardIdOf,
  giftCardStreamId,
  giftCardTermsDecider,
  giftCardTermsOn,
  orderDecider,
  orderStreamId,
  sealGiftCardCode,
  type GiftCardEvent,
  type GiftCardState,
  type GiftCardTermsEvent,
  type OrderEvent,
  type OrderState,
} from '@roar/domain';
import { fold, handleCommand, type CommandContext, type EventStore, type Position } from '@roar/platform';
import type { AppContext } from '../context';
import { giftCardKeysOf } from '../secrets';
export { giftCardKeysOf };
import { readStream } from './cart';

/** Many checkouts spending one card conflict on its stream; each conflict re-reads and decides again. */
export const CARD_RETRIES = 60;

/** The card a typed code names, by its keyed id; null when the text cannot be a code at all. */
export function cardOfTyped(app: Pick<AppContext, 'config'>, typed: string): { card_id: string; last4: string } | null {
  const canonical = canonicalGiftCardCode(typed);
  return canonical ? { card_id: giftCardIdOf(giftCardKeysOf(app), canonical), last4: canonical.slice(-4) } : null;
}

export async function loadGiftCard(store: EventStore, cardId: string): Promise<GiftCardState> {
  const { events } = await readStream<GiftCardEvent>(store, giftCardStreamId(cardId));
  return fold(giftCardDecider, events);
}

export async function loadGiftCardTerms(store: EventStore) {
  const { events } = await readStream<GiftCardTermsEvent>(store, GIFT_CARD_TERMS_STREAM);
  return fold(giftCardTermsDecider, events);
}

/** 16 characters of the code alphabet, uniformly (256 byte values are 8 times its 32 characters): 80 bits. */
function newCanonicalCode(): string {
  return [...randomBytes(16)].map((b) => GIFT_CARD_ALPHABET[b % GIFT_CARD_ALPHABET.length]).join('');
}

type Appended = { position: Position } | null;

/**
 * Issues the cards a paid order bought, crash-safe under an at-least-once webhook: the order
 * stream records each card first (its keyed id, last 4, sealed code and expiry, once), then each
 * card's own stream is activated from that record (idempotent). A retry after a crash between the
 * two finds the recorded cards and activates the missing ones; no code is drawn twice.
 */
export async function issueGiftCards(
  app: Pick<AppContext, 'config' | 'store' | 'registry'>,
  ctx: CommandContext,
  orderId: string,
  order: Exclude<OrderState, { status: 'absent' }>,
): Promise<Appended> {
  const lines = order.placed.snapshot.lines.filter((l) => l.gift_card);
  if (lines.length === 0) return null;
  const keys = giftCardKeysOf(app);
  const at = ctx.occurredAt.toISOString();
  const today = clubDay(ctx.occurredAt);
  let last: Appended = null;
  const termsState = await loadGiftCardTerms(app.store);
  if (order.giftCards.length === 0) {
    const terms = giftCardTermsOn(termsState, today);
    const cards = lines.flatMap((l) =>
      Array.from({ length: l.qty }, () => {
        const canonical = newCanonicalCode();
        return {
          sku: l.sku,
          card_id: giftCardIdOf(keys, canonical),
          last4: canonical.slice(-4),
          sealed_code: sealGiftCardCode(keys, formatGiftCardCode(canonical), randomBytes(12)),
          expires_on: giftCardExpiryDay(today, terms.expiry_months),
        };
      }),
    );
    last = (await handleCommand(app.store, app.registry, orderStreamId(orderId), orderDecider, { type: 'IssueGiftCards', cards, at }, ctx)).appended;
  }
  const { events } = await readStream<OrderEvent>(app.store, orderStreamId(orderId));
  for (const e of events) {
    if (e.type !== 'OrderGiftCardIssued') continue;
    const d = e.data;
    const activated = await handleCommand(
      app.store,
      app.registry,
      giftCardStreamId(d.card_id),
      giftCardDecider,
      {
        type: 'ActivateGiftCard',
        cardId: d.card_id,
        last4: d.last4,
        orderId,
        orderNumber: order.placed.number,
        memberId: order.placed.memberId,
        sku: d.sku,
        value_cents: d.value_cents,
        expires_on: d.expires_on,
        terms: giftCardTermsOn(termsState, clubDay(new Date(d.at))),
        at: d.at,
      },
      ctx,
      { maxRetries: CARD_RETRIES },
    );
    last = activated.appended ?? last;
  }
  return last;
}

/** Gives back what an order took from its gift card (cancelled unpaid, or refunded). Idempotent. */
export async function creditGiftCard(
  app: Pick<AppContext, 'store' | 'registry'>,
  ctx: CommandContext,
  orderId: string,
  cardId: string | undefined,
  cause: 'order-cancelled' | 'order-refunded',
): Promise<Appended> {
  if (!cardId) return null;
  const out = await handleCommand(
    app.store,
    app.registry,
    giftCardStreamId(cardId),
    giftCardDecider,
    { type: 'CreditGiftCard', orderId, cause, at: ctx.occurredAt.toISOString() },
    ctx,
    { maxRetries: CARD_RETRIES },
  );
  return out.appended;
}

/** The purchase is refunded: the unspent part of every card it bought is voided. Idempotent. */
export async function voidBoughtGiftCards(
  app: Pick<AppContext, 'store' | 'registry'>,
  ctx: CommandContext,
  order: Exclude<OrderState, { status: 'absent' }>,
  reason: string,
): Promise<Appended> {
  let last: Appended = null;
  for (const card of order.giftCards) {
    if (!card.card_id) continue;
    const out = await handleCommand(
      app.store,
      app.registry,
      giftCardStreamId(card.card_id),
      giftCardDecider,
      {
        type: 'VoidGiftCard',
        cause: 'purchase-refunded',
        reason: `Order ${order.placed.number} refunded: ${reason}`.slice(0, 500),
        at: ctx.occurredAt.toISOString(),
      },
      ctx,
      { maxRetries: CARD_RETRIES },
    );
    last = out.appended ?? last;
  }
  return last;
}
