import { Router } from 'express';
import { z } from 'zod';
import { refundBodySchema } from '@roar/contracts/referrals';
import { findPayment } from '../payments/reads';
import { reasonSchema } from '../members/admin/membership-edits';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { PaymentProviderError } from '../payments';
import type { MembersPorts } from '../kernel/ports';
import { registerGuardedAction } from '../approvals/actions';
import { heldForApproval } from '../approvals/request';

/**
 * POST /api/admin/payments/{id}/refund (admin only; body {reason}): asks the payment provider
 * for a full refund. What the refund undoes (a referral bonus) follows from the provider's
 * charge.refunded webhook, like every other payment fact.
 */
export function adminRefundRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  const refund = async (paymentId: string, reason: string) => {
    try {
      await ports.payments.refund(paymentId, reason);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.status === 409)
        throw new HttpError(409, 'This payment is already refunded.', 'ALREADY_REFUNDED');
      throw error;
    }
    app.logger.info({ paymentId, reason }, 'refund requested by staff');
  };
  registerGuardedAction(app, {
    kind: 'payment.refund',
    params: z.object({ paymentId: z.string().min(1).max(200), reason: reasonSchema }),
    execute: async (p) => {
      await refund(p.paymentId, p.reason);
      return 'Refund asked of the payment provider';
    },
  });
  router.post('/:id/refund', requireStaff(app, ['admin']), async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().min(1).max(100) }), req);
    const { reason } = parseBody(refundBodySchema, req);
    const payment = await findPayment(app.sql, id);
    if (!payment) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const p = payment;
    if (p.status === 'refunded') throw new HttpError(409, 'This payment is already refunded.', 'ALREADY_REFUNDED');
    if (p.status !== 'paid' || !p.payment_id) throw new HttpError(409, 'Only a paid payment can be refunded.', 'NOT_PAID');
    const paymentId = p.payment_id;
    const summary = `Refund payment ${paymentId} ($${(p.amount_cents / 100).toFixed(2)})`;
    if (
      await heldForApproval(
        app,
        req,
        res,
        { kind: 'payment.refund', params: { paymentId, reason }, summary, reason },
        (s) => p.amount_cents > s.refundAboveCents,
      )
    )
      return;
    await refund(paymentId, reason);
    res.status(202).json({ id, payment_id: paymentId, refund: 'requested', reason });
  });
  return router;
}
