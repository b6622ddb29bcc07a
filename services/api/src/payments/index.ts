export * from '../kernel/payment-port';
export { signPayload, verifySignature, SIGNATURE_TOLERANCE_SECONDS } from './signature';
export { mapStripeEvent, type Expander } from './stripe-events';
export { createStripeProvider, STRIPE_API_VERSION, type StripeProviderOptions } from './stripe';
export {
  createLocalPaymentProvider,
  SESSION_LIFETIME_MS,
  type LocalPaymentProvider,
  type LocalPaymentProviderOptions,
  type PayResult,
} from './local/provider';
export { createLocalCheckoutRouter } from './local/router';
export { DECLINE_MESSAGES, DECLINES_AFTER_ATTACH, chargeCard, luhnValid, cardBrand, type CardInput } from './local/test-cards';
export { migrateLocalPayments, addMonth } from './local/schema';
export { startBillingClock } from './local/billing';
export { createPaymentWebhookRouter, INVALID_SIGNATURE, type PaymentWebhookRouterOptions } from './webhook-router';
export { createCheckoutReturnRouter, startCheckoutSweeper, sweepPaidCheckouts, checkoutReturnUrl, CHECKOUT_RETURN_PATH } from './reconcile';
