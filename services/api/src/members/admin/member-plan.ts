import { Router } from 'express';
import { z } from 'zod';
import { memberCancelPlanAnswerSchema, memberChangePlanAnswerSchema, memberPlanMovesSchema } from '@roar/contracts/staff';
import {
  memberDecider,
  memberStreamId,
  membershipInEffect,
  membershipTypeSchema,
  offersUpgrade,
  tierSnapshot,
  type MembershipState,
} from '@roar/domain';
import { DomainError, fold } from '@roar/platform';
import { getMember, listMemberships } from '@roar/projections';
import type { AppContext } from '../../context';
import type { MembersPorts } from '../../kernel/ports';
import { requireStaff, WRITER_ROLES } from '../../auth/staff-tokens';
import { documentRoute } from '../../http/openapi';
import { executeCommand, sendCommandResult } from '../../http/commands';
import { HttpError } from '../../http/errors';
import { parseBody, parseParams } from '../../http/validate';
import { staffCommandContext } from '../../staff-kit/command-context';
import { memberIdParams } from './members';
import { supportReasonSchema } from './member-support';
import { startCheckout } from '../checkout';
import { originOf } from '../../kernel/context';
import { loadTier } from '../tiers';
import { text, uint4 } from '@roar/domain';
import { cancellationNoticeFor } from '../cancel';

export const changePlanSchema = z
  .object({
    membership_id: z.coerce.number().pipe(uint4().min(1)),
    reason: text().trim().min(3, 'Give a reason of at least 3 characters').max(500),
  })
  .strict();

/**
 * `POST /api/admin/members/:id/cancel-plan` (admin, staff; body {reason}): cancels the member's
 * subscription on their behalf, as the member's own cancel does (benefits last to the end of the
 * paid period, the provider stops renewing), with the staff actor and reason in the history.
 */
export function memberPlanRouter(app: AppContext, ports: MembersPorts): Router {
  const router = Router();
  router.post('/:id/cancel-plan', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { reason } = parseBody(supportReasonSchema, req);
    const member = await getMember(app.sql, id);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    let result;
    try {
      const command = { type: 'CancelMembership' as const, memberId: id, reason, at: app.now().toISOString() };
      // What happens to the member's entries, recorded for their cancellation email (issue 23).
      const notice = await cancellationNoticeFor(app, command);
      result = await executeCommand(app, memberStreamId(id), memberDecider, { ...command, notice }, staffCommandContext(app, req, res, reason));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'conflict') throw new HttpError(409, error.message, 'CONFLICT');
      throw error;
    }
    // The cancellation is recorded first; a provider that fails here is retried by staff (the decider refuses a second cancel, the provider call is idempotent).
    if (member.subscription_id) await ports.payments.cancelSubscription(member.subscription_id, { atPeriodEnd: true });
    const ends = result.state.status === 'absent' ? null : (result.state.membership?.periodEnd ?? null);
    sendCommandResult(res, result, 200, { id, membership_end_date: ends });
  });

  /*
   * Change the plan on the member's behalf: the same path as the member's own upgrade (the decider's
   * upgrade rules, the payments port's checkout), started by staff with a reason. Nothing changes
   * until the member pays at the returned link; the checkout start is in the member's history.
   */
  router.post('/:id/change-plan', requireStaff(app, WRITER_ROLES), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const { membership_id, reason } = parseBody(changePlanSchema, req);
    const [member, tier] = await Promise.all([getMember(app.sql, id), loadTier(app.sql, membership_id)]);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    if (!tier || !tier.published) throw new HttpError(400, `Membership ${membership_id} is not available.`, 'INVALID');
    if (tier.row.type === 'single-entry') throw new HttpError(400, 'A single entry is bought, not joined or upgraded to.', 'INVALID');
    try {
      const started = await startCheckout(
        app,
        ports,
        {
          memberId: id,
          email: member.email,
          tier: tier.snapshot,
          tierPublished: tier.published,
          purpose: 'upgrade',
          origin: originOf(app),
          priceId: tier.row.stripe_id,
        },
        staffCommandContext(app, req, res, reason),
      );
      res.status(201).json({ id, checkout_id: started.checkoutId, payment_url: started.url, membership_id });
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'conflict' || error.code === 'invalid'))
        throw new HttpError(409, error.message, 'CONFLICT');
      throw error;
    }
  });
  /*
   * The moves the Change plan dialog may offer, decided by the same decider the checkout runs (each
   * published monthly plan tried against the member's stream), and in plain words why there are
   * none when there are none: staff never face an empty list without a word.
   */
  router.get('/:id/plan-moves', requireStaff(app), async (req, res) => {
    const { id } = parseParams(memberIdParams, req);
    const member = await getMember(app.sql, id);
    if (!member) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
    const events = await app.store.readStream(memberStreamId(id));
    const state = fold(
      memberDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]),
    );
    const at = app.now().toISOString();
    const current = state.status === 'absent' ? null : membershipInEffect(state, at);
    const tiers = (await listMemberships(app.sql, { statuses: ['published'] })).filter((t) => t.visible && t.type === 'monthly-subscription');
    const moves: PlanMove[] = [];
    for (const row of tiers) {
      if (current && row.id === current.tier.membershipId) continue;
      const tier = tierSnapshot(row.id, { ...row, type: membershipTypeSchema.parse(row.type) });
      try {
        memberDecider.decide(
          {
            type: 'StartMembershipCheckout',
            memberId: id,
            checkoutId: 'preview',
            purpose: 'upgrade',
            tier,
            tierPublished: true,
            amount_cents: tier.price_cents,
            at,
          },
          state,
        );
        moves.push({ membership_id: row.id, tier: row.tier, price_cents: tier.price_cents });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    res.json({
      id,
      current: current
        ? { membership_id: current.tier.membershipId, tier: current.tier.tier, cancelled: current.cancelled, period_end: current.periodEnd }
        : null,
      moves,
      none_because: moves.length > 0 ? null : noMovesBecause(current, tiers.length),
    });
  });
  return router;
}

interface PlanMove {
  readonly membership_id: number;
  readonly tier: string;
  readonly price_cents: number;
}

/** Why the dialog has nothing to offer, and what staff can do instead. */
function noMovesBecause(current: MembershipState | null, paidPlans: number): string {
  if (paidPlans === 0)
    return 'No paid monthly plan is published in the catalogue, so there is nothing to move to. Publish one under Memberships first.';
  if (current && current.tier.type === 'monthly-subscription' && !current.cancelled && !offersUpgrade(current.tier.code)) {
    const ends = current.periodEnd ? ` (the paid period ends ${current.periodEnd.slice(0, 10)})` : '';
    return `${current.tier.tier} is the top plan: there is no plan to move up to. To move the member down, cancel the plan with Cancel plan; it runs to the end of the paid period${ends}, and then the member can join the plan they want.`;
  }
  return 'The member already holds every paid monthly plan there is to offer.';
}

documentRoute({
  method: 'get',
  path: '/api/admin/members/:id/plan-moves',
  tag: 'staff',
  auth: 'staff',
  summary:
    "The plans staff may move the member to (Change plan), decided by the checkout's own rules, with none_because in plain words when there are none",
  response: memberPlanMovesSchema,
  errors: [401, 404],
});

documentRoute({
  method: 'post',
  path: '/api/admin/members/:id/cancel-plan',
  tag: 'staff',
  auth: 'staff',
  summary:
    "Cancel the member's subscription on their behalf (admin, staff): MembershipCancelled with a reason; benefits last to the end of the paid period",
  body: supportReasonSchema,
  response: memberCancelPlanAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});

documentRoute({
  method: 'post',
  path: '/api/admin/members/:id/change-plan',
  tag: 'staff',
  auth: 'staff',
  summary:
    "Change the member's plan on their behalf (admin, staff): starts the upgrade checkout the member's own upgrade uses, with a reason; the plan changes when the member pays at payment_url",
  body: changePlanSchema,
  status: 201,
  response: memberChangePlanAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});
