import { Router } from 'express';
import { z } from 'zod';
import type { AdminReferral } from '@roar/contracts/referrals';
import { entriesStreamId, referralStreamId } from '@roar/domain';
import { getReferral, REFERRAL_SORT_FIELDS, searchReferrals, type ReferralView } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseParams } from '../http/validate';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { causedBy, historyOf } from '../staff-kit/history';

export const referralFilterSchema = z
  .object({
    id: oneOrMany(z.string().max(100)).optional(),
    status: oneOrMany(z.enum(['recorded', 'bonus-granted', 'voided'])).optional(),
    referrer_id: z.string().max(100).optional(),
    referee_id: z.string().max(100).optional(),
    q: z.string().trim().max(200).optional(),
  })
  .strict();

const fullName = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

/** A referral as the staff console lists it: who referred whom, what was granted, which payment. */
export function toAdminReferral(r: ReferralView): AdminReferral {
  return {
    id: r.referee_id,
    referrer_id: r.referrer_id,
    referrer_name: fullName(r.referrer_firstname, r.referrer_lastname),
    referrer_email: r.referrer_email,
    referee_id: r.referee_id,
    referee_name: fullName(r.referee_firstname, r.referee_lastname),
    referee_email: r.referee_email,
    referral_code: r.referral_code,
    status: r.status,
    tier_code: r.tier_code,
    referrer_entries: r.referrer_entries,
    referee_entries: r.referee_entries,
    payment_id: r.payment_id,
    void_reason: r.void_reason,
    recorded_at: r.recorded_at,
    granted_at: r.granted_at,
    voided_at: r.voided_at,
  };
}

/** /api/admin/referrals: read-only for every staff role (auditors included). */
export function adminReferralsRouter(app: AppContext): Router {
  const router = Router();
  router.use(requireStaff(app));

  router.get('/', async (req, res) => {
    const query = parseListQuery(req, {
      sortFields: REFERRAL_SORT_FIELDS,
      defaultSort: { field: 'recorded_at', order: 'DESC' },
      filter: referralFilterSchema,
    });
    const f = query.filter;
    const { offset, limit } = pageOf(query.range, 500);
    const { records, total } = await searchReferrals(app.sql, {
      ...(f.id ? { ids: f.id } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.referrer_id ? { referrerId: f.referrer_id } : {}),
      ...(f.referee_id ? { refereeId: f.referee_id } : {}),
      ...(f.q ? { q: f.q } : {}),
      sort: query.sort.field,
      order: query.sort.order,
      offset,
      limit,
    });
    sendList(res, 'referrals', records.map(toAdminReferral), offset, total);
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().min(1).max(100) }), req);
    const referral = await getReferral(app.sql, id);
    if (!referral) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const events = await historyOf(
      app.sql,
      [referralStreamId(id)],
      [entriesStreamId(referral.referrer_id), entriesStreamId(id)],
      causedBy(`referral:${id}:`),
    );
    res.json({ ...toAdminReferral(referral), events });
  });

  return router;
}
