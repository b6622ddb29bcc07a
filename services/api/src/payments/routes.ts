import express, { Router } from 'express';
import type { AppContext } from '../context';
import { refuseUnstorableInput } from '../http/storable';
import type { PaymentProvider, ProviderEvent } from '../kernel/payment-port';
import { createCheckoutReturnRouter, CHECKOUT_RETURN_PATH } from './reconcile';
import { createLocalCheckoutRouter } from './local/router';
import type { LocalPaymentProvider } from './local/provider';
import { createPaymentWebhookRouter } from './webhook-router';

/**
 * The provider's ways in, each handing its events to the payment process manager: the webhook
 * (it reads its raw body, the signature covers the exact bytes: mounted before any JSON parser),
 * the member's return from checkout, and (with the local provider) the hosted test-mode page at /pay.
 */
export function createPaymentsRouter(
  app: AppContext,
  ports: { payments: PaymentProvider; local: LocalPaymentProvider | null },
  onEvent: (event: ProviderEvent) => Promise<boolean>,
): Router {
  const router = Router();
  router.use(
    '/api/payments/webhook',
    createPaymentWebhookRouter({ provider: ports.payments, onEvent, logger: app.logger.child({ module: 'payments' }) }),
  );
  router.use(
    CHECKOUT_RETURN_PATH,
    createCheckoutReturnRouter({ provider: ports.payments, onEvent, logger: app.logger.child({ module: 'payments' }) }),
  );
  if (ports.local)
    router.use('/pay', express.urlencoded({ extended: false, limit: '16kb' }), refuseUnstorableInput, createLocalCheckoutRouter(ports.local));
  return router;
}
