import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  awardPrizeBodySchema,
  declineClaimBodySchema,
  verifyClaimBodySchema,
  type PrizeClaim,
  type PrizeClaimState,
} from '@roar/contracts/prize-claims';
import { currentWinner, drawStreamId, type PrizeCommand } from '@roar/domain';
import { getMember, listPrizes } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff, staffOf, WRITER_ROLES } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { oneOrMany, pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { loadPrize, runPrizeCommand } from './lifecycle';
import { addDocumentUpload } from '../compliance/documents';
import './claims-docs';

const DAY_MS = 86_400_000;

interface ClaimFacts {
  notifiedAt: string | null;
  claimedAt: string | null;
  delivery: string | null;
  verifiedAt: string | null;
  documentKey: string | null;
  awardedAt: string | null;
  awardedBy: string | null;
  deliveryNote: string | null;
  transferReference: string | null;
}

/** The dates and evidence of winner `k`'s walk, from the draw's stream (the aggregate state keeps only who, not when). */
async function claimFacts(app: AppContext, prizeId: string, k: number): Promise<ClaimFacts> {
  const facts: ClaimFacts = {
    notifiedAt: null,
    claimedAt: null,
    delivery: null,
    verifiedAt: null,
    documentKey: null,
    awardedAt: null,
    awardedBy: null,
    deliveryNote: null,
    transferReference: null,
  };
  for (const e of await app.store.readStream(drawStreamId(prizeId))) {
    const d = e.data as Record<string, unknown>;
    if (d.k !== k) continue;
    const at = new Date(e.metadata.occurredAt).toISOString();
    if (e.type === 'WinnerNotified') facts.notifiedAt = at;
    if (e.type === 'PrizeClaimed') {
      facts.claimedAt = at;
      facts.delivery = typeof d.delivery === 'string' ? d.delivery : null;
    }
    if (e.type === 'ClaimVerified') {
      facts.verifiedAt = at;
      facts.documentKey = typeof d.documentKey === 'string' ? d.documentKey : null;
    }
    if (e.type === 'PrizeAwarded') {
      facts.awardedAt = at;
      facts.awardedBy = String(d.awardedBy);
      facts.deliveryNote = typeof d.deliveryNote === 'string' ? d.deliveryNote : null;
      facts.transferReference = typeof d.transferReference === 'string' ? d.transferReference : null;
    }
  }
  return facts;
}

/** The current winner's claim of one prize, or null when nothing is drawn (or the last winner was redrawn away). */
export async function prizeClaimOf(app: AppContext, prizeId: string): Promise<PrizeClaim | null> {
  const { state } = await loadPrize(app.store, prizeId);
  if (state.status === 'absent') return null;
  const w = currentWinner(state.draw);
  if (!w) return null;
  const facts = await claimFacts(app, prizeId, w.k);
  const claimState: PrizeClaimState =
    w.outcome ?? (w.awarded ? 'awarded' : w.verifiedBy !== null ? 'verified' : w.claimedBy !== null ? 'claimed' : w.notified ? 'notified' : 'drawn');
  const now = app.now().getTime();
  const redrawDue = w.redrawOn !== null && Date.parse(w.redrawOn) <= now;
  const waiting =
    claimState === 'drawn'
      ? 'notify'
      : claimState === 'claimed'
        ? 'verify'
        : claimState === 'verified'
          ? 'award'
          : (claimState === 'declined' || claimState === 'unclaimed') && redrawDue
            ? 'redraw'
            : null;
  const memberId = w.claimedBy ?? w.memberIds[0]!;
  const member = await getMember(app.sql, memberId);
  const name = member ? `${member.firstname ?? ''} ${member.lastname ?? ''}`.trim() : '';
  return {
    id: prizeId,
    prize_title: state.fields.title,
    prize_slug: state.fields.slug,
    k: w.k,
    claim_state: claimState,
    winner_member_id: memberId,
    winner_name: name || memberId,
    winner_email: member?.email ?? null,
    claimed_state: w.claimedState,
    notified_at: facts.notifiedAt,
    claim_by: w.claimBy,
    days_left: w.claimBy !== null && claimState === 'notified' ? Math.ceil((Date.parse(w.claimBy) - now) / DAY_MS) : null,
    claimed_at: facts.claimedAt,
    delivery: facts.delivery,
    verified_at: facts.verifiedAt,
    verified_by: w.verifiedBy,
    document_key: facts.documentKey,
    awarded_at: facts.awardedAt,
    awarded_by: facts.awardedBy,
    delivery_note: facts.deliveryNote,
    transfer_reference: facts.transferReference,
    redraw_on: w.redrawOn,
    waiting_on_staff: waiting,
  };
}

const SORT_FIELDS = ['claim_by', 'prize_title', 'claim_state', 'days_left', 'waiting_on_staff'] as const;
const filterSchema = z
  .object({
    id: oneOrMany(z.string().max(200)).optional(),
    claim_state: oneOrMany(z.enum(['drawn', 'notified', 'claimed', 'verified', 'awarded', 'declined', 'unclaimed'])).optional(),
    waiting: z.enum(['true', 'false']).optional(),
  })
  .strict();

/**
 * `GET /api/admin/prize-claims` (issue 22): one row per drawn prize, its current winner's claim
 * state, the claim-by date and days left, and the step waiting on staff. Which prizes are drawn
 * comes from the prizes read model; each claim is folded from the draw's own stream.
 */
export function prizeClaimsAdminRouter(app: AppContext): Router {
  const router = Router();
  addDocumentUpload(app, router, 'claims', requireStaff(app, WRITER_ROLES));
  router.get('/', requireStaff(app), async (req, res) => {
    const q = parseListQuery(req, { sortFields: SORT_FIELDS, defaultSort: { field: 'claim_by', order: 'ASC' }, filter: filterSchema });
    const drawn = (await listPrizes(app.sql)).filter(
      (r) => (r.draw.status === 'drawn' || r.draw.status === 'published') && (!q.filter.id || q.filter.id.includes(r.prize.id)),
    );
    const claims = (await Promise.all(drawn.map((r) => prizeClaimOf(app, r.prize.id))))
      .filter((c): c is PrizeClaim => c !== null)
      .filter((c) => !q.filter.claim_state || q.filter.claim_state.includes(c.claim_state))
      .filter((c) => !q.filter.waiting || (c.waiting_on_staff !== null) === (q.filter.waiting === 'true'));
    const { field, order } = q.sort;
    claims.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      // Rows without the value go last whichever the order.
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order === 'ASC' ? c : -c;
    });
    const { offset, limit } = pageOf(q.range, 500);
    sendList(res, 'prize-claims', claims.slice(offset, offset + limit), offset, claims.length);
  });
  router.get('/:id', requireStaff(app), async (req, res) => {
    const { id } = parseParams(idParams, req);
    const claim = await prizeClaimOf(app, id);
    if (!claim) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    res.json(claim);
  });
  return router;
}

const idParams = z.object({ id: z.string().min(1).max(200) });

/**
 * The staff claim steps on `/api/admin/prizes/:id/...`: verify-claim (identity and age seen, who
 * and when are the event's), award (with evidence) and decline-claim (with the reason). The prize
 * decider refuses what is out of order; its 409s and 400s come through with their sentences.
 */
export function prizeClaimActionsRouter(app: AppContext): Router {
  const router = Router();
  const writers = requireStaff(app, WRITER_ROLES);
  const step = (name: string, command: (req: Request, staffId: string) => { command: PrizeCommand; reason: string }) => {
    router.post(`/:id/${name}`, writers, async (req, res) => {
      const { id } = parseParams(idParams, req);
      const { state } = await loadPrize(app.store, id);
      if (state.status === 'absent') throw new HttpError(404, 'Not found.', 'NOT_FOUND');
      const { command: c, reason } = command(req, staffOf(res).id);
      await runPrizeCommand(app, id, c, staffCommandContext(app, req, res, reason));
      const claim = await prizeClaimOf(app, id);
      if (!claim) throw new HttpError(409, 'There is no winner for this prize.', 'CONFLICT');
      res.json(claim);
    });
  };
  step('verify-claim', (req, staffId) => {
    const body = parseBody(verifyClaimBodySchema, req);
    return {
      command: {
        type: 'VerifyClaim',
        staffId,
        identitySeen: body.identity_seen,
        ageSeen: body.age_seen,
        ...(body.document_key ? { documentKey: body.document_key } : {}),
      },
      reason: body.reason ?? "Winner's identity and age seen",
    };
  });
  step('award', (req, staffId) => {
    const body = parseBody(awardPrizeBodySchema, req);
    return {
      command: {
        type: 'AwardPrize',
        staffId,
        ...(body.delivery_note ? { deliveryNote: body.delivery_note } : {}),
        ...(body.transfer_reference ? { transferReference: body.transfer_reference } : {}),
      },
      reason: body.reason ?? 'Prize awarded',
    };
  });
  step('decline-claim', (req, staffId) => {
    const { reason } = parseBody(declineClaimBodySchema, req);
    return { command: { type: 'DeclinePrize', by: staffId, now: app.now().toISOString() }, reason };
  });
  return router;
}
