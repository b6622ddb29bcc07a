import { CLUB_TIME_ZONE, clubMonth } from '@roar/contracts/time';
import { activePause, limitInForce, memberControlsDecider, memberControlsStreamId } from '@roar/domain';
import { handleCommand, type CommandContext } from '@roar/platform';
import { drawSpendInMonth, memberIdBySubscription } from '@roar/projections';
import type { AppContext } from '../context';
import type { MembersPorts } from '../kernel/ports';
import type { ProviderEvent } from '../payments';
import { memberControlsState } from './guard';

/**
 * Issue 23, renewals (the provider's invoice.upcoming, before the charge): a plan charge counts
 * against the monthly limit in force when its period starts (a limit set later than that does not
 * reach back). A renewal that would go past what is left that club month is not charged: the
 * provider's collection is paused first, then MemberRenewalHeld is recorded (its reactor emails
 * the member why). A break or self-exclusion already paused or cancelled renewals when it began;
 * here it only makes sure collection stays paused.
 */
export function holdRenewalsOverLimit(app: AppContext, ports: MembersPorts): (ctx: CommandContext, event: ProviderEvent) => Promise<void> {
  return async (ctx, event) => {
    const subscriptionId = event.subscriptionId;
    if (!subscriptionId || event.amount_cents === undefined) return;
    const memberId = await memberIdBySubscription(app.sql, subscriptionId);
    if (!memberId) return;
    const starts = new Date(event.periodStart ?? ctx.occurredAt.toISOString());
    const state = await memberControlsState(app, memberId);
    if (activePause(state, starts) || state.billingPaused) return ports.payments.pauseCollection(subscriptionId, true);
    const limit = limitInForce(state, starts);
    if (limit === null) return;
    const spent = await drawSpendInMonth(app.sql, memberId, clubMonth(starts), CLUB_TIME_ZONE);
    const left = Math.max(0, limit - spent);
    if (event.amount_cents <= left) return;
    await ports.payments.pauseCollection(subscriptionId, true);
    await handleCommand(
      app.store,
      app.registry,
      memberControlsStreamId(memberId),
      memberControlsDecider,
      {
        type: 'HoldRenewal',
        memberId,
        subscriptionId,
        periodStart: starts.toISOString(),
        amountCents: event.amount_cents,
        limitCents: limit,
        leftCents: left,
        at: ctx.occurredAt.toISOString(),
      },
      ctx,
    );
  };
}
