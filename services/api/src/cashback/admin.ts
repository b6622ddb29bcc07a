import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { cashbackDecider, cashbackStreamId, type CashbackCommand } from '@roar/domain';
import { CLAIM_STATUSES, claimDecisionSchema, PAYOUT_STATUSES, payoutActionSchema, payoutExportQuerySchema } from '@roar/contracts/cashback';
import { handleCommand, testHold } from '@roar/platform';
import { getCashbackClaim, getMember, listCashbackClaims, listCashbackPayouts, type CashbackClaimRow } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff, WRITER_ROLES } from '../auth/staff-tokens';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { staffCommandContext } from '../staff-kit/command-context';
import { historyOf } from '../staff-kit/history';
import { sendReceipt } from './routes';
import { isOverdue } from './view';

const idParams = z.object({ id: z.string().min(1).max(100) });
const claimFilter = z
  .object({
    id: oneOrMany(z.string().max(100)).optional(),
    status: oneOrMany(z.enum(CLAIM_STATUSES)).optional(),
    member_id: z.string().max(100).optional(),
  })
  .strict();
const payoutFilter = z.object({ id: oneOrMany(z.string().max(100)).optional(), status: oneOrMany(z.enum(PAYOUT_STATUSES)).optional() }).strict();

/** A claim for staff: the member's name and email beside it, overdue, and the receipt's URL. */
async function toAdminClaim(app: AppContext, c: CashbackClaimRow) {
  const m = await getMember(app.sql, c.member_id);
  return {
    ...c,
    member_name: m ? `${m.firstname} ${m.lastname}`.trim() : null,
    member_email: m?.email ?? null,
    overdue: isOverdue(c, app.now()),
    receipt_url: `/api/admin/cashback-claims/${encodeURIComponent(c.id)}/receipt`,
  };
}

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ neutralised so a spreadsheet never runs it. */
const csvCell = (v: string | number | null): string => {
  const s = v === null ? '' : String(v);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

export function adminCashbackRouter(app: AppContext): Router {
  const router = Router();
  const readers = requireStaff(app);
  const writers = requireStaff(app, WRITER_ROLES);

  /** Runs one staff decision on the member's claim stream; its event emails the member (member-emails reactor). */
  const decide = async (req: Request, res: Response, claim: CashbackClaimRow, command: CashbackCommand, reason: string) => {
    const outcome = await handleCommand(
      app.store,
      app.registry,
      cashbackStreamId(claim.member_id),
      cashbackDecider,
      command,
      staffCommandContext(app, req, res, reason),
    );
    // Where the route used to enqueue the email: the kill test stops the process here.
    await testHold('cashback:decided', claim.id);
    if (outcome.appended) await app.projections.waitFor(outcome.appended.position, app.config.PROJECTION_WAIT_MS);
    const after = (await getCashbackClaim(app.sql, claim.id)) ?? claim;
    res.json(await toAdminClaim(app, after));
  };
  const claimOr404 = async (req: Request) => {
    const { id } = parseParams(idParams, req);
    const claim = await getCashbackClaim(app.sql, id);
    if (!claim) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    return claim;
  };

  router.get('/cashback-claims', readers, async (req, res) => {
    const q = parseListQuery(req, { sortFields: ['submitted_at'], defaultSort: { field: 'submitted_at', order: 'ASC' }, filter: claimFilter });
    const { offset, limit } = pageOf(q.range, 500);
    const { records, total } = await listCashbackClaims(app.sql, {
      ...(q.filter.member_id ? { memberId: q.filter.member_id } : {}),
      ...(q.filter.status ? { status: q.filter.status } : {}),
      ...(q.filter.id ? { ids: q.filter.id } : {}),
      order: q.sort.order,
      offset,
      limit,
    });
    sendList(res, 'cashback-claims', await Promise.all(records.map((c) => toAdminClaim(app, c))), offset, total);
  });
  router.get('/cashback-claims/:id', readers, async (req, res) => {
    const claim = await claimOr404(req);
    const events = (await historyOf(app.sql, [cashbackStreamId(claim.member_id)])).filter(
      (e) => (e.payload as { claimId?: unknown } | null)?.claimId === claim.id,
    );
    res.json({ ...(await toAdminClaim(app, claim)), events });
  });
  router.get('/cashback-claims/:id/receipt', readers, async (req, res) => {
    await sendReceipt(app, res, (await claimOr404(req)).receipt_key);
  });
  router.post('/cashback-claims/:id/approve', writers, async (req, res) => {
    const claim = await claimOr404(req);
    const { reason } = parseBody(claimDecisionSchema, req);
    await decide(
      req,
      res,
      claim,
      { type: 'ApproveClaim', claimId: claim.id, memberId: claim.member_id, payoutId: randomUUID(), at: app.now().toISOString() },
      reason,
    );
  });
  router.post('/cashback-claims/:id/decline', writers, async (req, res) => {
    const claim = await claimOr404(req);
    const { reason } = parseBody(claimDecisionSchema, req);
    await decide(
      req,
      res,
      claim,
      { type: 'DeclineClaim', claimId: claim.id, memberId: claim.member_id, reason, at: app.now().toISOString() },
      reason,
    );
  });

  router.get('/cashback-payouts', readers, async (req, res) => {
    const q = parseListQuery(req, { sortFields: ['scheduled_at'], defaultSort: { field: 'scheduled_at', order: 'DESC' }, filter: payoutFilter });
    const { offset, limit } = pageOf(q.range, 500);
    const { records, total } = await listCashbackPayouts(app.sql, {
      ...(q.filter.status ? { status: q.filter.status } : {}),
      ...(q.filter.id ? { ids: q.filter.id } : {}),
      offset,
      limit,
    });
    sendList(res, 'cashback-payouts', records, offset, total);
  });
  /** The ledger for the bank: every payout with the member's name and email, in dollars. */
  router.get('/cashback-payouts/export', readers, async (req, res) => {
    const status = payoutExportQuerySchema.shape.status.safeParse(req.query.status);
    if (!status.success) throw new HttpError(400, 'status is scheduled, paid or reversed', 'INVALID_QUERY');
    const { records } = await listCashbackPayouts(app.sql, { ...(status.data ? { status: [status.data] } : {}), limit: 100_000 });
    const lines = [
      [
        'payout_id',
        'claim_id',
        'member_id',
        'member_name',
        'member_email',
        'amount',
        'status',
        'scheduled_at',
        'paid_at',
        'bank_reference',
        'reversed_at',
        'reason',
      ].join(','),
    ];
    for (const p of records) {
      const m = await getMember(app.sql, p.member_id);
      lines.push(
        [
          p.id,
          p.claim_id,
          p.member_id,
          m ? `${m.firstname} ${m.lastname}`.trim() : null,
          m?.email ?? null,
          (p.amount_cents / 100).toFixed(2),
          p.status,
          p.scheduled_at,
          p.paid_at,
          p.bank_reference,
          p.reversed_at,
          p.reason,
        ]
          .map(csvCell)
          .join(','),
      );
    }
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="cashback-payouts-${app.now().toISOString().slice(0, 10)}.csv"`);
    res.send(`${lines.join('\r\n')}\r\n`);
  });
  const payoutCommand = async (
    req: Request,
    res: Response,
    make: (claim: CashbackClaimRow, body: { reason: string; bank_reference?: string | undefined }) => CashbackCommand,
  ) => {
    const { id } = parseParams(idParams, req);
    const payout = (await listCashbackPayouts(app.sql, { ids: [id] })).records[0];
    if (!payout) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const claim = await getCashbackClaim(app.sql, payout.claim_id);
    if (!claim) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const body = parseBody(payoutActionSchema, req);
    const outcome = await handleCommand(
      app.store,
      app.registry,
      cashbackStreamId(claim.member_id),
      cashbackDecider,
      make(claim, body),
      staffCommandContext(app, req, res, body.reason),
    );
    if (outcome.appended) await app.projections.waitFor(outcome.appended.position, app.config.PROJECTION_WAIT_MS);
    res.json((await listCashbackPayouts(app.sql, { ids: [id] })).records[0]);
  };
  router.post('/cashback-payouts/:id/paid', writers, (req, res) =>
    payoutCommand(req, res, (c, b) => {
      if (!b.bank_reference) throw new HttpError(400, 'Enter the bank reference of the payment.', 'VALIDATION');
      return { type: 'MarkPayoutPaid', claimId: c.id, memberId: c.member_id, bankReference: b.bank_reference, at: app.now().toISOString() };
    }),
  );
  router.post('/cashback-payouts/:id/reverse', writers, (req, res) =>
    payoutCommand(req, res, (c, b) => ({
      type: 'ReversePayout',
      claimId: c.id,
      memberId: c.member_id,
      reason: b.reason,
      at: app.now().toISOString(),
    })),
  );

  return router;
}
