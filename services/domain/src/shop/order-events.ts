import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { cents, text, uint4 } from '../primitives';
import { addressPersonalFields, addressSchema } from './address';
import { productTypeSchema, skuSchema } from './catalogue-events';
import { giftCardIdSchema } from './gift-card';

const id = text().min(1).max(200);
const instant = z.iso.datetime({ offset: true });

/** Everything the invoice needs, frozen when the order is placed: totals replay to the cent. */
export const orderSnapshotSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            productId: id,
            sku: skuSchema,
            name: text().min(1).max(160),
            attributes: z.record(z.string(), text().max(60)),
            product_type: productTypeSchema,
            gift_card: z.boolean(),
            qty: uint4().min(1).max(99),
            unit_cents: cents(),
            line_cents: cents(),
            delivery_method: z.string().max(40).nullable(),
          })
          .strict(),
      )
      .min(1),
    subtotal: cents(),
    discounts: z.array(
      z.union([
        z.object({ kind: z.literal('team'), percent: z.number().int().min(1).max(100), cents: cents() }).strict(),
        z
          .object({ kind: z.literal('coupon'), code: z.string().max(32), coupon_kind: z.enum(['percent', 'amount']), value: cents(), cents: cents() })
          .strict(),
      ]),
    ),
    discount: cents(),
    deliveries: z.array(z.object({ code: z.string().max(40), name: text().max(120), cents: cents() }).strict()),
    shipping: cents(),
    taxable: cents(),
    tax: cents(),
    total: cents(),
    rounding_rule: text().min(1).max(200),
    currency: z.literal('AUD'),
    /** Part of the total paid from a gift card (taken on its stream at checkout); the rest is paid through the payments port. */
    gift_card: z
      .object({ card_id: giftCardIdSchema, last4: z.string().length(4), cents: cents().min(1) })
      .strict()
      .optional(),
  })
  .strict();
export type OrderSnapshot = z.infer<typeof orderSnapshotSchema>;

export const reservationRefSchema = z.object({ sku: skuSchema, reservationId: id, qty: uint4().min(1) }).strict();

export const OrderPlaced = defineEvent(
  'OrderPlaced',
  z
    .object({
      orderId: id,
      number: z.string().min(1).max(20),
      memberId: id,
      email: z.email().max(254),
      /** null when a gift card pays the whole order: nothing goes through the payments port. */
      checkoutId: id.nullable(),
      /** The provider's hosted payment page: a second tab or a double click is sent back to it. */
      payment_url: z.string().min(1).max(2000).nullable(),
      snapshot: orderSnapshotSchema,
      shipping_address: addressSchema.nullable(),
      billing_address: addressSchema.nullable(),
      notes: text().max(1000).nullable(),
      coupon: z.string().max(32).nullable(),
      reservations: z.array(reservationRefSchema),
      /** Unpaid by then, the reservations go back to stock. */
      expiresAt: instant,
      placedAt: instant,
    })
    .strict(),
  // The lines, totals and tax stay for the tax invoice (kept 5 years); who and where it went are the member's.
  {
    personal: {
      subject: 'memberId',
      fields: { email: 'email', ...addressPersonalFields('shipping_address'), ...addressPersonalFields('billing_address'), notes: 'text' },
    },
  },
);
export const OrderPaid = defineEvent('OrderPaid', z.object({ orderId: id, paymentId: id, amount_cents: cents(), paidAt: instant }).strict());
export const OrderCancelled = defineEvent(
  'OrderCancelled',
  z
    .object({
      orderId: id,
      reason: z.enum(['payment-failed', 'expired', 'cancelled-by-member', 'abandoned', 'staff']),
      note: text().max(500).nullable(),
      at: instant,
      /** Issue 24: the order's member, the subject its personal text is sealed under; absent on events recorded before it. */
      memberId: id.optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { note: 'text' } } },
);
export const OrderPackingStarted = defineEvent('OrderPackingStarted', z.object({ orderId: id, at: instant }).strict());
export const OrderShipped = defineEvent(
  'OrderShipped',
  z.object({ orderId: id, carrier: text().trim().min(1).max(60), tracking: text().trim().min(1).max(60), at: instant }).strict(),
);
export const OrderDelivered = defineEvent('OrderDelivered', z.object({ orderId: id, at: instant }).strict());
/** Written before gift cards could be spent, with the plain code: kept to read the old log, never written again. */
export const GiftCardIssued = defineEvent(
  'GiftCardIssued',
  z.object({ orderId: id, sku: skuSchema, code: z.string().min(8).max(40), value_cents: cents(), at: instant }).strict(),
);
/**
 * A face-value gift card bought by this order, delivered at once. The code is sealed (encrypted
 * under the server's gift card key) for the email that delivers it; the card is found by its id,
 * a keyed hash of the code, and staff see its last 4 characters. Its balance is its own stream.
 */
export const OrderGiftCardIssued = defineEvent(
  'OrderGiftCardIssued',
  z
    .object({
      orderId: id,
      sku: skuSchema,
      card_id: giftCardIdSchema,
      last4: z.string().length(4),
      sealed_code: z.string().min(16).max(400),
      value_cents: cents().min(1),
      expires_on: z.iso.date(),
      at: instant,
    })
    .strict(),
);
/** What the member is told of a refund staff gave no words for (and of refunds recorded before the message existed): never the internal reason. */
export const REFUND_MESSAGE_FALLBACK = 'Your order was refunded in full.';
/** A member-facing message for the member, kept apart from `reason` (staff's internal reason, for the log and the provider). */
const memberMessage = text().trim().min(3).max(500);
export const OrderRefundRequested = defineEvent(
  'OrderRefundRequested',
  z
    .object({
      orderId: id,
      paymentId: id,
      reason: text().trim().min(1).max(500),
      member_message: memberMessage.optional(),
      at: instant,
      /** Issue 24: the order's member, the subject its personal text is sealed under; absent on events recorded before it. */
      memberId: id.optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { member_message: 'text' } } },
);
/** The provider confirmed the refund (charge.refunded): stock goes back, GST is reversed with the total. */
export const OrderRefunded = defineEvent(
  'OrderRefunded',
  z
    .object({
      orderId: id,
      paymentId: id,
      amount_cents: cents(),
      tax_cents: cents(),
      reason: text().min(1).max(500),
      member_message: memberMessage.optional(),
      at: instant,
      /** Credited back to the gift card that paid part of it. */ gift_card_cents: cents().optional(),
      /** Issue 24: the order's member, the subject its personal text is sealed under; absent on events recorded before it. */
      memberId: id.optional(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { member_message: 'text' } } },
);

export const orderEvents = [
  OrderPlaced,
  OrderPaid,
  OrderCancelled,
  OrderPackingStarted,
  OrderShipped,
  OrderDelivered,
  GiftCardIssued,
  OrderGiftCardIssued,
  OrderRefundRequested,
  OrderRefunded,
] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type OrderPlacedData = z.infer<typeof OrderPlaced.schema>;
export type OrderEvent =
  | Ev<typeof OrderPlaced>
  | Ev<typeof OrderPaid>
  | Ev<typeof OrderCancelled>
  | Ev<typeof OrderPackingStarted>
  | Ev<typeof OrderShipped>
  | Ev<typeof OrderDelivered>
  | Ev<typeof GiftCardIssued>
  | Ev<typeof OrderGiftCardIssued>
  | Ev<typeof OrderRefundRequested>
  | Ev<typeof OrderRefunded>;
export const orderStreamId = (orderId: string): string => `order-${orderId}`;
export { ORDER_STATUSES, type OrderStatus } from '@roar/contracts/shop';

/** What the payments port is asked for: the total less what a gift card pays. */
export const amountDue = (snapshot: OrderSnapshot): number => snapshot.total - (snapshot.gift_card?.cents ?? 0);
export type IssuedGiftCard = Omit<z.infer<typeof OrderGiftCardIssued.schema>, 'orderId' | 'at'>;
