import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';
import { findPayment, PAYMENT_SORT_FIELDS, searchPayments } from './reads';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';

export const paymentStatusSchema = z.enum(['pending', 'paid', 'declined', 'expired', 'refunded']);

export const paymentFilterSchema = z
  .object({
    id: oneOrMany(z.string().max(100)).optional(),
    member_id: z.string().max(60).optional(),
    status: oneOrMany(paymentStatusSchema).optional(),
    purpose: oneOrMany(z.enum(['join', 'upgrade', 'single-entry', 'team-fee', 'shop-order'])).optional(),
    /** The subscriptions view: payments that belong to a subscription (or, false, one-off ones). */
    subscription: z.boolean().optional(),
    subscription_id: z.string().max(200).optional(),
  })
  .strict();

/** Payments (one row per checkout attempt) for every staff role; read-only. */
export function paymentsRouter(app: AppContext): Router {
  const router = Router();
  router.use(requireStaff(app));

  router.get('/', async (req, res) => {
    const query = parseListQuery(req, {
      sortFields: PAYMENT_SORT_FIELDS,
      defaultSort: { field: 'created_at', order: 'DESC' },
      filter: paymentFilterSchema,
    });
    const f = query.filter;
    const { offset, limit } = pageOf(query.range, 500);
    const { records, total } = await searchPayments(app.sql, {
      ...(f.id ? { ids: f.id } : {}),
      ...(f.member_id ? { memberId: f.member_id } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.purpose ? { purpose: f.purpose } : {}),
      ...(f.subscription === undefined ? {} : { subscription: f.subscription }),
      ...(f.subscription_id ? { subscriptionId: f.subscription_id } : {}),
      sort: query.sort.field,
      order: query.sort.order,
      offset,
      limit,
    });
    sendList(res, 'payments', records, offset, total);
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().min(1).max(100) }), req);
    const payment = await findPayment(app.sql, id);
    if (!payment) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json(payment);
  });

  return router;
}
