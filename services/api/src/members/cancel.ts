import { memberDecider, memberStreamId, type MemberCommand } from '@roar/domain';
import { fold, type CommandContext } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { executeCommand } from '../http/commands';
import type { MembersPorts } from '../kernel/ports';

/**
 * Cancels at the end of the paid period, in the order that never leaves a cancelled membership
 * still billed: the decider judges first (pure, nothing written), then the provider stops the
 * subscription renewing (idempotent there), then `MembershipCancelled` is recorded. When the
 * last step fails, the member's retry finishes it; without a retry the provider's
 * subscription.deleted at the period's end records the cancellation (members/provider-events.ts, through the payment process manager).
 * Throws the decider's DomainError when there is nothing to cancel.
 */
export async function cancelMembership(
  app: AppContext,
  ports: MembersPorts,
  memberId: string,
  ctx: CommandContext,
): Promise<{ membership_end_date: string | null }> {
  const command: MemberCommand = { type: 'CancelMembership', memberId, reason: null, at: app.now().toISOString() };
  const before = fold(
    memberDecider,
    (await app.store.readStream(memberStreamId(memberId))).map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]),
  );
  memberDecider.decide(command, before);
  const subscriptionId =
    (before.status === 'absent' ? null : before.membership?.subscriptionId) ?? (await getMember(app.sql, memberId))?.subscription_id ?? null;
  if (subscriptionId) await ports.payments.cancelSubscription(subscriptionId, { atPeriodEnd: true });
  const result = await executeCommand(app, memberStreamId(memberId), memberDecider, command, ctx);
  return { membership_end_date: result.state.status === 'absent' ? null : (result.state.membership?.periodEnd ?? null) };
}
