import { Router, type Response } from 'express';
import { setSpendingLimitRequestSchema, startPauseRequestSchema } from '@roar/contracts/member-controls';
import { memberControlsDecider, memberControlsStreamId } from '@roar/domain';
import { DomainError } from '@roar/platform';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { executeCommand } from '../http/commands';
import { controlRules, memberControlsState, memberControlsView, ruleValue } from './guard';
import type { MembersPorts } from '../kernel/ports';
import { getMember } from '@roar/projections';
import type { CommandContext } from '@roar/platform';

const STATUS: Record<DomainError['code'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

async function answering(res: Response, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    res.status(STATUS[error.code]).json({ error: error.message });
  }
}

/** A member's limits, break and self-exclusion (issue 23). There is no route that ends a pause early. */
/** Cancels the member's plan at the period's end (members/cancel.ts, handed in by app.ts so the features do not import each other). */
export type CancelPlan = (app: AppContext, ports: MembersPorts, memberId: string, ctx: CommandContext) => Promise<unknown>;

export function createMemberControlsRouter(app: AppContext, ports: MembersPorts, cancelPlan: CancelPlan): Router {
  const router = Router();
  const member = requireMember(app);

  router.get('/api/member-controls', member, async (_req, res) => {
    res.json(await memberControlsView(app, memberOf(res).memberId, app.now()));
  });

  router.put('/api/member-controls/limit', member, async (req, res) => {
    const parsed = setSpendingLimitRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(400).json({ error: 'Enter a monthly limit in whole cents, $0 or more.' });
    const { memberId } = memberOf(res);
    const now = app.now();
    await answering(res, async () => {
      await setLimit(app, memberId, parsed.data.monthly_limit_cents, now, memberCommandContext(memberId, req, now));
      res.json(await memberControlsView(app, memberId, now));
    });
  });

  router.post('/api/member-controls/pause', member, async (req, res) => {
    const parsed = startPauseRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(400).json({ error: 'Choose how long, and whether billing pauses or the plan ends.' });
    const { memberId } = memberOf(res);
    const now = app.now();
    await answering(res, async () => {
      const ctx = memberCommandContext(memberId, req, now);
      const command = {
        type: 'StartPause' as const,
        memberId,
        length: parsed.data.length,
        billing: parsed.data.billing,
        at: now.toISOString(),
        minSelfExclusionMonths: await ruleValue(app, 'min_self_exclusion_months', now),
      };
      // Judged first (nothing written), then the provider stops renewals, then the pause is recorded:
      // a failure part-way never leaves a member on a break still billed.
      memberControlsDecider.decide(command, await memberControlsState(app, memberId));
      await stopRenewals(app, ports, cancelPlan, memberId, parsed.data.billing, ctx);
      await executeCommand(app, memberControlsStreamId(memberId), memberControlsDecider, command, ctx);
      res.json(await memberControlsView(app, memberId, now));
    });
  });

  router.post('/api/member-controls/resume-billing', member, async (req, res) => {
    const { memberId } = memberOf(res);
    const now = app.now();
    await answering(res, async () => {
      const command = { type: 'ResumeBilling' as const, memberId, at: now.toISOString() };
      const events = memberControlsDecider.decide(command, await memberControlsState(app, memberId));
      const subscriptionId = (await getMember(app.sql, memberId))?.subscription_id ?? null;
      if (events.length > 0 && subscriptionId) await ports.payments.pauseCollection(subscriptionId, false);
      await executeCommand(app, memberControlsStreamId(memberId), memberControlsDecider, command, memberCommandContext(memberId, req, now));
      res.json(await memberControlsView(app, memberId, now));
    });
  });

  router.get('/api/member-controls/rules', async (_req, res) => {
    res.json({ rules: await controlRules(app, app.now()) });
  });

  return router;
}

/** Sets the limit (sign-up uses it too): lower at once, higher after the rules' delay. */
export async function setLimit(app: AppContext, memberId: string, limitCents: number | null, now: Date, ctx: CommandContext): Promise<void> {
  const raiseDelayHours = await ruleValue(app, 'limit_raise_delay_hours', now);
  await executeCommand(
    app,
    memberControlsStreamId(memberId),
    memberControlsDecider,
    { type: 'SetSpendingLimit', memberId, limitCents, at: now.toISOString(), raiseDelayHours },
    ctx,
  );
}

/**
 * A break's billing choice at the provider: 'pause' stops collecting renewals (it stays paused
 * after the break until the member resumes it); 'cancel' ends the plan at the period's end.
 */
async function stopRenewals(
  app: AppContext,
  ports: MembersPorts,
  cancelPlan: CancelPlan,
  memberId: string,
  billing: 'pause' | 'cancel',
  ctx: CommandContext,
): Promise<void> {
  const member = await getMember(app.sql, memberId);
  const subscriptionId = member?.subscription_id ?? null;
  if (!subscriptionId) return;
  if (billing === 'pause') return ports.payments.pauseCollection(subscriptionId, true);
  try {
    await cancelPlan(app, ports, memberId, ctx);
  } catch (error) {
    // Already cancelled: nothing renews.
    if (!(error instanceof DomainError)) throw error;
  }
}
