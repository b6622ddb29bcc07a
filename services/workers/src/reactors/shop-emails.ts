import { z } from 'zod';
import type { RecordedEvent } from '@roar/platform';
import { openGiftCardCode, REFUND_MESSAGE_FALLBACK } from '@roar/domain';
import type { JobRequest } from '../jobs/types';
import { giftCardEmail, orderInvoiceEmail, orderRefundedEmail, orderShippedEmail } from '../mail/shop-templates';
import type { RenderedEmail } from '../mail/templates';
import type { TrackingJob } from '../tracking/tracking-job';
import { jobIdFor, type Reactor, type ReactorContext } from './reactor';

/** The parts of the order events these reactors read (the store validated the whole events on append). */
const placedSchema = z
  .object({
    orderId: z.string(),
    number: z.string(),
    memberId: z.string(),
    email: z.email(),
    placedAt: z.string(),
    billing_address: z.object({ first_name: z.string(), last_name: z.string() }).loose().nullable(),
    snapshot: z
      .object({
        lines: z.array(
          z
            .object({
              name: z.string(),
              attributes: z.record(z.string(), z.string()),
              qty: z.number(),
              unit_cents: z.number(),
              line_cents: z.number(),
              gift_card: z.boolean(),
            })
            .loose(),
        ),
        discounts: z.array(z.object({ kind: z.string(), code: z.string().optional(), cents: z.number() }).loose()),
        deliveries: z.array(z.object({ name: z.string(), cents: z.number() }).loose()),
        subtotal: z.number(),
        discount: z.number(),
        shipping: z.number(),
        tax: z.number(),
        total: z.number(),
        rounding_rule: z.string(),
      })
      .loose(),
  })
  .loose();
type Placed = z.infer<typeof placedSchema>;

async function placedOf(event: RecordedEvent, ctx: ReactorContext): Promise<Placed | null> {
  const first = (await ctx.store.readStream(event.streamId)).find((e) => e.type === 'OrderPlaced');
  const parsed = placedSchema.safeParse(first?.data);
  return parsed.success ? parsed.data : null;
}

function render(event: RecordedEvent, o: Placed, ctx: ReactorContext): RenderedEmail | null {
  const seller = ctx.seller;
  const firstname = o.billing_address?.first_name ?? '';
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'OrderPaid':
      return orderInvoiceEmail(
        { ...o.snapshot, number: o.number, placedAt: String(d.paidAt ?? o.placedAt), billing: o.billing_address },
        firstname,
        seller,
      );
    case 'OrderShipped':
      return orderShippedEmail({ number: o.number, carrier: String(d.carrier), tracking: String(d.tracking), firstname });
    case 'OrderRefunded':
      // The member-facing message only: the reason is staff's internal note (older refunds carry none: a neutral sentence).
      return orderRefundedEmail({
        number: o.number,
        amountCents: Number(d.amount_cents),
        taxCents: Number(d.tax_cents),
        message: typeof d.member_message === 'string' ? d.member_message : REFUND_MESSAGE_FALLBACK,
        firstname,
        ...(typeof d.gift_card_cents === 'number' ? { giftCardCents: d.gift_card_cents } : {}),
      });
    case 'GiftCardIssued':
      // Written before codes were sealed: redelivered as it was.
      return giftCardEmail({ number: o.number, code: String(d.code), valueCents: Number(d.value_cents), firstname });
    case 'OrderGiftCardIssued': {
      // A secret that cannot be opened is a failure that shows (the reactor stops here), never an email without its code.
      if (!ctx.giftCardKeys) throw new Error('gift card email: no gift card keys (GIFT_CARD_SECRET) in this process');
      const code = openGiftCardCode(ctx.giftCardKeys, String(d.sealed_code));
      return giftCardEmail({ number: o.number, code, valueCents: Number(d.value_cents), firstname, expiresOn: String(d.expires_on) });
    }
    default:
      return null;
  }
}

/** Order confirmation (tax invoice), shipped, refunded, and each gift card's code: one email per event (job id = event id). */
export const shopEmails: Reactor = {
  name: 'shop-emails',
  handles: ['OrderPaid', 'OrderShipped', 'OrderRefunded', 'GiftCardIssued', 'OrderGiftCardIssued'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const order = await placedOf(event, ctx);
    if (!order) {
      ctx.logger.warn({ eventId: event.id, streamId: event.streamId }, 'order stream has no readable OrderPlaced; no email sent');
      return [];
    }
    const email = render(event, order, ctx);
    return email ? [{ queue: 'email', jobId: jobIdFor(event, 'shop-email'), data: { to: [order.email], ...email } }] : [];
  },
};

/** checkout_initiated when an order is placed, checkout_canceled when an unpaid one is given up (spec section 7). */
export const shopTracking: Reactor = {
  name: 'shop-tracking',
  handles: ['OrderPlaced', 'OrderCancelled'],
  async toJobs(event, ctx): Promise<JobRequest[]> {
    const order = await placedOf(event, ctx);
    if (!order) return [];
    const job: TrackingJob = {
      event: event.type === 'OrderPlaced' ? 'checkout_initiated' : 'checkout_canceled',
      eventId: event.id,
      eventTime: Math.floor(new Date(event.metadata.occurredAt).getTime() / 1000),
      user: { userId: order.memberId, email: order.email },
      customData: {
        value: order.snapshot.total / 100,
        currency: 'AUD',
        content_type: 'product',
        num_items: order.snapshot.lines.reduce((n, l) => n + l.qty, 0),
      },
    };
    return [{ queue: 'tracking', jobId: jobIdFor(event, 'tracking'), data: job }];
  },
};
