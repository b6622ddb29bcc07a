import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { clubMonth, rewardsAccess } from '@roar/domain';
import { claimFieldsSchema } from '@roar/contracts/cashback';
import { getCashbackClaim, getMember, listCashbackClaims, listMemberships } from '@roar/projections';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { HttpError, zodItems } from '../http/errors';
import { parseParams } from '../http/validate';
import { MAX_RECEIPT_BYTES, RECEIPT_TOO_LARGE } from './receipt';
import { readReceipt, submitClaim } from './submit';
import { toMemberClaim, DECISION_DAYS } from './view';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 10, fieldSize: 10_000 } }).single(
  'receipt',
);

/** Runs multer and turns its errors into plain 4xx answers (a 30 MB receipt is a 413, not a 500). */
function receiptUpload(req: Request, res: Response, next: NextFunction): void {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, RECEIPT_TOO_LARGE, 'RECEIPT_TOO_LARGE'));
      return next(new HttpError(400, 'Attach one receipt file named receipt.', 'RECEIPT_UPLOAD'));
    }
    next(new HttpError(400, 'The upload could not be read.', 'RECEIPT_UPLOAD'));
  });
}

/** The member's tier cashback maximum now, 0 when the plan (or its date) gives none. */
export async function cashbackMaximumCents(app: AppContext, memberId: string): Promise<number> {
  const m = await getMember(app.sql, memberId);
  if (!m || m.membership_id === null || m.membership_status === 'none') return 0;
  if (!rewardsAccess({ membershipEndDate: m.membership_end_date, tier: { rewards_access: true, shop_access: false } }, app.now())) return 0;
  const tier = (await listMemberships(app.sql, { ids: [m.membership_id] }))[0];
  return tier?.cashback_maximum_cents ?? 0;
}

export function createCashbackRouter(app: AppContext): Router {
  const router = Router();
  const member = requireMember(app);

  router.get('/api/cashback', member, async (_req, res) => {
    const { memberId } = memberOf(res);
    const now = app.now();
    const { records } = await listCashbackClaims(app.sql, { memberId, order: 'DESC' });
    const maximum = await cashbackMaximumCents(app, memberId);
    const month = clubMonth(now);
    res.json({
      data: {
        maximum: maximum / 100,
        decision_days: DECISION_DAYS,
        claimed_this_month: records.some((c) => c.month === month && c.status !== 'declined'),
        claims: records.map((c) => toMemberClaim(c, now)),
      },
    });
  });

  router.post('/api/cashback/claims', member, receiptUpload, async (req, res) => {
    const { memberId } = memberOf(res);
    const parsed = claimFieldsSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid input', 'VALIDATION', zodItems(parsed.error));
    if (!req.file) throw new HttpError(400, 'Attach a photo or PDF of your green-fee receipt.', 'RECEIPT_MISSING');
    const now = app.now();
    const ctx = memberCommandContext(memberId, req, now);
    const maximumCents = await cashbackMaximumCents(app, memberId);
    const { course, played_on, amount } = parsed.data;
    const { claimId, position } = await submitClaim(app, ctx, {
      memberId,
      course,
      playedOn: played_on,
      amountCents: amount,
      maximumCents,
      file: req.file.buffer,
    });
    if (position) await app.projections.waitFor(position, app.config.PROJECTION_WAIT_MS);
    // CashbackClaimSubmitted sends the member its receipt email (member-emails reactor).
    const claim = await getCashbackClaim(app.sql, claimId);
    res.status(201).json({ data: claim ? toMemberClaim(claim, now) : { id: claimId, status: 'submitted' } });
  });

  router.get('/api/cashback/claims/:id/receipt', member, async (req, res) => {
    const { id } = parseParams(z.object({ id: z.string().min(1).max(100) }), req);
    const claim = await getCashbackClaim(app.sql, id);
    if (!claim || claim.member_id !== memberOf(res).memberId) throw new HttpError(404, 'This claim does not exist.', 'NOT_FOUND');
    await sendReceipt(app, res, claim.receipt_key);
  });

  return router;
}

/** What a receipt is saved as; its type was sniffed from its bytes on upload (sniffReceiptType). */
const RECEIPT_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * Receipts are private and served as attachments: both consoles fetch them with a bearer token and
 * show them from a blob URL (an image, or the PDF in a frame), which a Content-Disposition never
 * reaches, so `attachment` costs the viewers nothing and makes the address itself, opened in a tab,
 * download instead of render on this origin. Should it ever render here anyway: no sniffing, and a
 * sandboxed policy with nothing allowed but the file's own pictures and styles.
 */
export async function sendReceipt(app: AppContext, res: Response, key: string): Promise<void> {
  const file = await readReceipt(app, key);
  if (!file) throw new HttpError(404, 'The receipt file is missing.', 'NOT_FOUND');
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="receipt.${RECEIPT_EXTENSIONS[file.contentType] ?? 'bin'}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
  res.send(file.data);
}
