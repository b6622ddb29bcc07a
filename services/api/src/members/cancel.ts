import {
  cancellationNoticeFacts,
  cancellationNoticeText,
  entriesStreamId,
  memberDecider,
  memberStreamId,
  type CancellationNotice,
  type MemberCommand,
  type MemberState,
} from '@roar/domain';
import { DomainError, fold, type CommandContext } from '@roar/platform';
import { getMember, listPrizes } from '@roar/projections';
import type { AppContext } from '../context';
import { executeCommand } from '../http/commands';
import type { MembersPorts } from '../kernel/ports';

async function memberState(app: AppContext, memberId: string): Promise<MemberState> {
  return fold(
    memberDecider,
    (await app.store.readStream(memberStreamId(memberId))).map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]),
  );
}

/**
 * What cancelling now would do to the member's entries (issue 23): the decider judges the
 * cancellation first (its DomainError when there is nothing to cancel), then the eligibility rule
 * is asked about every open draw. The same facts go on the MembershipCancelled event, so the email
 * says the page's words.
 */
async function noticeFor(app: AppContext, memberId: string, command: Extract<MemberCommand, { type: 'CancelMembership' }>, state: MemberState) {
  const [decided] = memberDecider.decide(command, state);
  if (!decided || decided.type !== 'MembershipCancelled' || state.status === 'absent' || !state.membership) {
    throw new DomainError('conflict', 'There is no paid membership to cancel.');
  }
  const [member, entries, prizes] = await Promise.all([
    app.store.readStream(memberStreamId(memberId)),
    app.store.readStream(entriesStreamId(memberId)),
    listPrizes(app.sql, { statuses: ['published'] }),
  ]);
  const events = [...member, ...entries].map((e) => ({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt }));
  const openDraws = prizes
    .filter((p) => p.draw.as_of === null)
    .map((p) => ({ prizeId: p.prize.id, title: p.prize.title, prizeType: p.prize.prize_type_id, closesAt: p.prize.prize_end_date }));
  return cancellationNoticeFacts({
    memberId,
    events,
    now: command.at,
    endsAt: decided.data.endsAt,
    renewalEntries: state.membership.tier.cumulative_tickets,
    openDraws,
  });
}

/** The notice for `command` on the member's current state (staff cancelling on a member's behalf records it too). */
export async function cancellationNoticeFor(
  app: AppContext,
  command: Extract<MemberCommand, { type: 'CancelMembership' }>,
): Promise<CancellationNotice> {
  return noticeFor(app, command.memberId, command, await memberState(app, command.memberId));
}

/** `GET /api/cancel-preview`: the notice and its words, before the member confirms. */
export async function cancelPreview(app: AppContext, memberId: string): Promise<{ notice: CancellationNotice; text: string }> {
  const command: MemberCommand = { type: 'CancelMembership', memberId, reason: null, at: app.now().toISOString() };
  const notice = await noticeFor(app, memberId, command, await memberState(app, memberId));
  return { notice, text: cancellationNoticeText(notice) };
}

/**
 * Cancels at the end of the paid period, in the order that never leaves a cancelled membership
 * still billed: the decider judges first (pure, nothing written), then the provider stops the
 * subscription renewing (idempotent there), then `MembershipCancelled` is recorded with the
 * entries notice. When the last step fails, the member's retry finishes it; without a retry the
 * provider's subscription.deleted at the period's end records the cancellation
 * (members/provider-events.ts, through the payment process manager).
 * Throws the decider's DomainError when there is nothing to cancel.
 */
export async function cancelMembership(
  app: AppContext,
  ports: MembersPorts,
  memberId: string,
  ctx: CommandContext,
): Promise<{ membership_end_date: string | null; notice: string }> {
  const base: MemberCommand = { type: 'CancelMembership', memberId, reason: null, at: app.now().toISOString() };
  const before = await memberState(app, memberId);
  const notice = await noticeFor(app, memberId, base, before);
  const subscriptionId =
    (before.status === 'absent' ? null : before.membership?.subscriptionId) ?? (await getMember(app.sql, memberId))?.subscription_id ?? null;
  if (subscriptionId) await ports.payments.cancelSubscription(subscriptionId, { atPeriodEnd: true });
  const result = await executeCommand(app, memberStreamId(memberId), memberDecider, { ...base, notice }, ctx);
  return {
    membership_end_date: result.state.status === 'absent' ? null : (result.state.membership?.periodEnd ?? null),
    notice: cancellationNoticeText(notice),
  };
}
