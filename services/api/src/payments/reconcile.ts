import express, { type Router } from 'express';
import { z } from 'zod';
import type { Logger } from '@roar/platform';
import { documentRoute } from '../http/openapi';
import type { PaymentProvider, ProviderEvent } from '../kernel/payment-port';

/** Where a checkout's member lands after paying: the return route asks the provider first. */
export const CHECKOUT_RETURN_PATH = '/api/payments/return';

/**
 * The success URL a checkout hands the provider: the return route, then `next` (a path on our
 * own origin). `{CHECKOUT_SESSION_ID}` is Stripe's placeholder; the local provider fills it too.
 */
export function checkoutReturnUrl(origin: string, next: string): string {
  return `${origin}${CHECKOUT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}&next=${encodeURIComponent(next)}`;
}

const returnQuery = z.object({
  session_id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\w-]+$/)
    .optional(),
  // Our own paths only: never an open redirect to another site.
  next: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/)
    .optional(),
});

documentRoute({
  method: 'get',
  path: CHECKOUT_RETURN_PATH,
  tag: 'payments',
  summary:
    "A member's return from checkout: asks the provider how the session ended, applies a payment its webhook has not yet applied, then redirects (303) to `next`",
  query: returnQuery,
  status: 303,
  errors: [],
});

export interface ReconcileOptions {
  readonly provider: PaymentProvider;
  /**
   * The payment process manager: idempotent on the provider's event id and on the payment id.
   * False when it had applied that event before (Stripe lists an event it never saw acknowledged
   * again at every sweep for three days: that is not news for the log).
   */
  readonly onEvent: (event: ProviderEvent) => Promise<boolean | void>;
  readonly logger: Logger;
}

/**
 * `GET /api/payments/return`. The webhook and the member race to us; whichever comes first
 * applies the payment and the other finds it done. A failure here is logged, never shown: the
 * member still lands on their page, and the webhook or the sweeper completes the payment.
 */
export function createCheckoutReturnRouter(options: ReconcileOptions): Router {
  const router = express.Router();
  router.get('/', async (req, res) => {
    const query = returnQuery.safeParse(req.query);
    const next = (query.success && query.data.next) || '/dashboard';
    const sessionId = query.success ? query.data.session_id : undefined;
    if (sessionId) {
      try {
        const event = await options.provider.retrieveCheckout(sessionId);
        if (event) await options.onEvent(event);
      } catch (err) {
        options.logger.warn({ err, sessionId }, 'checkout return could not apply the session; the webhook or the sweeper will');
      }
    }
    res.set('cache-control', 'no-store');
    res.redirect(303, next);
  });
  return router;
}

/**
 * Applies paid checkouts whose webhook the provider still holds unacknowledged after
 * `graceMs` (the endpoint was down, the process died mid-apply, retries are far apart).
 * Runs every `intervalMs` in each API process; applying is idempotent, so replicas may overlap.
 */
export function startCheckoutSweeper(options: ReconcileOptions & { intervalMs?: number; graceMs?: number }): () => void {
  let running = false;
  const sweep = async () => {
    for (const event of await options.provider.completedCheckoutsToReconcile(options.graceMs ?? 60_000)) {
      try {
        if ((await options.onEvent(event)) === false) continue;
        options.logger.info({ eventId: event.id, checkoutId: event.checkoutId }, 'sweeper applied a paid checkout its webhook had not');
      } catch (err) {
        options.logger.warn({ err, eventId: event.id }, 'sweeper could not apply a paid checkout; next sweep retries');
      }
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((err: unknown) => options.logger.warn({ err }, 'checkout sweep failed'))
      .finally(() => (running = false));
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** One sweep, for tests and the CLI: how many paid checkouts it applied or re-checked. */
export async function sweepPaidCheckouts(options: ReconcileOptions & { graceMs: number }): Promise<number> {
  const events = await options.provider.completedCheckoutsToReconcile(options.graceMs);
  for (const event of events) await options.onEvent(event);
  return events.length;
}
