import express, { type Router } from 'express';
import { z } from 'zod';
import { renderCheckoutPage, renderClosedPage } from './checkout-page';
import type { LocalPaymentProvider } from './provider';

export const cardForm = z.object({
  number: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
  name: z.string().default(''),
});

/** The hosted checkout page, mounted at `/pay`: `GET/POST /pay/checkout/:sessionId`. */
export function createLocalCheckoutRouter(provider: LocalPaymentProvider): Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '8kb' }));

  router.get('/checkout/:sessionId', async (req, res) => {
    const session = await provider.session(req.params.sessionId);
    res.set('cache-control', 'no-store');
    if (!session) {
      res.status(404).type('html').send(renderClosedPage('This checkout session does not exist.'));
      return;
    }
    if (session.status === 'complete') {
      res.redirect(303, session.success_url);
      return;
    }
    if (session.status === 'expired') {
      res.status(410).type('html').send(renderClosedPage('This checkout session has expired.', session.cancel_url));
      return;
    }
    res.type('html').send(renderCheckoutPage({ session }));
  });

  router.post('/checkout/:sessionId', async (req, res) => {
    const form = cardForm.parse(req.body ?? {});
    const result = await provider.pay(req.params.sessionId, form);
    res.set('cache-control', 'no-store');
    if (result.ok) {
      res.redirect(303, result.redirectUrl);
      return;
    }
    const session = await provider.session(req.params.sessionId);
    if (!session || session.status !== 'open' || result.code === 'expired') {
      res
        .status(session ? 410 : 404)
        .type('html')
        .send(renderClosedPage(result.message, session?.cancel_url));
      return;
    }
    // 402 like Stripe's card errors; the page is shown again with the message.
    res
      .status(402)
      .type('html')
      .send(renderCheckoutPage({ session, error: result.message, values: { expiry: form.expiry, name: form.name } }));
  });

  return router;
}
