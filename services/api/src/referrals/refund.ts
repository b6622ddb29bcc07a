import { Router } from 'express';
import { z } from 'zod';
import { findPayment } from '../admin/member-reads';
import { reasonSchema } from '../admin/membership-edits';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { PaymentProviderError } from '../payments';
import type { MembersPorts } from '../members/ports';

/**
 * POST /api/admin/payments/{id}/refund (admin only; body {reason}): asks the payment provider
 * for a full refund. What the refund undoes (a referral bonus) follows from the provider's
 * charge.refunded webhook, like every other payment fact.
 */
export function adminRefundRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.post('/:id/refund', requireStaff(app, ['admin']), async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().min(1).max(100) }), req);
    const { reason } = parseBody(z.object({ reason: reasonSchema }).strict(), req);
    const payment = await findPayment(app.sql, id);
    if (!payment) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const p = payment;
    if (p.status === 'refunded') throw new HttpError(409, 'This payment is already refunded.', 'ALREADY_REFUNDED');
    if (p.status !== 'paid' || !p.payment_id) throw new HttpError(409, 'Only a paid payment can be refunded.', 'NOT_PAID');
    try {
      await ports.payments.refund(p.payment_id, reason);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.status === 409) throw new HttpError(409, 'This payment is already refunded.', 'ALREADY_REFUNDED');
      throw error;
    }
    app.logger.info({ paymentId: p.payment_id, reason }, 'refund requested by staff');
    res.status(202).json({ id, payment_id: p.payment_id, refund: 'requested', reason });
  });
  return router;
}
