import express, { type Router } from 'express';
import { testHold, type Logger } from '@roar/platform';
import { errorBody } from '../http/errors';
import { InvalidSignatureError, type PaymentProvider, type ProviderEvent } from '../kernel/payment-port';

export interface PaymentWebhookRouterOptions {
  readonly provider: PaymentProvider;
  /** Applies the event. Deliveries are at least once: it must be idempotent (webhook-<provider>-<id>). */
  readonly onEvent: (event: ProviderEvent) => Promise<unknown>;
  readonly logger: Logger;
}

export const INVALID_SIGNATURE = 'Invalid signature';

/**
 * `POST /` (mounted at /api/payments/webhook). The signature covers the exact bytes sent, so
 * the body is read raw: mount this before any JSON body parser. A 500 makes the provider retry,
 * so it is only answered when applying the event failed unexpectedly.
 */
export function createPaymentWebhookRouter(options: PaymentWebhookRouterOptions): Router {
  const router = express.Router();
  router.post('/', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) {
      // A JSON parser ran first (or the content type was wrong): the signed bytes are gone.
      options.logger.warn({ contentType: req.get('content-type') }, 'payment webhook without a raw JSON body');
      res.status(400).json(errorBody({ message: INVALID_SIGNATURE }));
      return;
    }
    let event: ProviderEvent | null;
    try {
      event = await options.provider.verifyWebhook(raw, req.get('stripe-signature'));
    } catch (err) {
      if (err instanceof InvalidSignatureError) {
        options.logger.warn({ reason: err.message }, 'payment webhook refused');
        res.status(400).json(errorBody({ message: INVALID_SIGNATURE }));
        return;
      }
      // Signature was fine but expanding the event (a provider API call) failed: let it retry.
      options.logger.error({ err }, 'payment webhook could not be read');
      res.status(500).json(errorBody({ message: 'Webhook processing failed' }));
      return;
    }
    if (event) {
      try {
        await testHold('payment-webhook:before-apply', event.id);
        await options.onEvent(event);
        await testHold('payment-webhook:before-ack', event.id);
      } catch (err) {
        options.logger.error({ err, eventId: event.id, type: event.type }, 'payment webhook handler failed');
        res.status(500).json(errorBody({ message: 'Webhook processing failed' }));
        return;
      }
    }
    res.status(200).json({ received: true });
  });
  return router;
}
