/**
 * The payments port (docs/members-design.md, "Payments port"). The domain only ever sees
 * `ProviderEvent`, so Stripe and the local test-mode provider are interchangeable.
 */
export type CheckoutPurpose = 'join' | 'upgrade' | 'single-entry' | 'team-fee' | 'shop-order';
export type CheckoutMode = 'payment' | 'subscription';

export interface CreateCheckoutInput {
  /** Our id (the `checkout-<id>` stream); travels as client_reference_id and metadata.checkoutId. */
  readonly checkoutId: string;
  readonly memberId: string;
  readonly email: string;
  readonly purpose: CheckoutPurpose;
  readonly mode: CheckoutMode;
  readonly amount_cents: number;
  readonly description: string;
  /** A provider price id (the tier's stripe_id); when absent the amount is sent as price_data. */
  readonly priceId?: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface CardDetails {
  readonly brand: string;
  readonly last4: string;
}

/** checkout.payment_failed: a card was declined on the checkout page (the member may try another). */
export type ProviderEventType =
  | 'checkout.completed'
  | 'checkout.expired'
  | 'checkout.payment_failed'
  | 'invoice.upcoming'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'subscription.deleted'
  | 'charge.refunded';

export interface ProviderEvent {
  /** The provider's event id: the key of the `webhook-<provider>-<id>` idempotency stream. */
  readonly id: string;
  readonly type: ProviderEventType;
  readonly checkoutSessionId?: string;
  /** Our checkout id, from client_reference_id or metadata. */
  readonly checkoutId?: string;
  readonly subscriptionId?: string;
  readonly paymentId?: string;
  readonly amount_cents?: number;
  readonly card?: CardDetails;
  /** ISO-8601. */
  readonly periodStart?: string;
  readonly periodEnd?: string;
  /** invoice.payment_failed, checkout.payment_failed: the provider's reason, as it words it. */
  readonly failureReason?: string;
  /** charge.refunded: the refund's reason as staff gave it. */
  readonly refundReason?: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /**
   * Verifies the signature and normalises the event. Throws `InvalidSignatureError` on a bad,
   * missing or stale signature. Resolves null for a genuine event we do not act on (other types,
   * or the first invoice of a subscription, which checkout.completed already covers).
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent | null>;
  cancelSubscription(subscriptionId: string, options: { atPeriodEnd: true }): Promise<void>;
  /** Issue 23: pauses (or resumes) collection of a subscription's renewals; idempotent. */
  pauseCollection(subscriptionId: string, paused: boolean): Promise<void>;
  /** The card on file; `customerRef` is the subscription id (the local provider also takes the member id). */
  paymentMethod(customerRef: string): Promise<CardDetails | null>;
  /** Refunds a payment in full; the provider confirms it with a charge.refunded webhook. */
  refund(paymentId: string, reason: string): Promise<void>;
  /**
   * Asks the provider how a checkout session ended: its checkout.completed event when it was
   * paid, else null. The member's return from checkout and the sweeper apply it, so a payment
   * the provider took is applied even when its webhook never arrives.
   */
  retrieveCheckout(sessionId: string): Promise<ProviderEvent | null>;
  /** Paid checkouts whose webhook the provider holds as unacknowledged for at least `olderThanMs`. */
  completedCheckoutsToReconcile(olderThanMs: number): Promise<ProviderEvent[]>;
}

export class InvalidSignatureError extends Error {
  override readonly name = 'InvalidSignatureError';
}

export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
