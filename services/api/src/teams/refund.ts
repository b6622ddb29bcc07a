import {
  checkoutDecider,
  checkoutStreamId,
  teamCausationKeys,
  teamDecider,
  teamSeatDecider,
  teamSeatStreamId,
  teamStreamId,
  type MatePaymentRefundedEvent,
} from '@roar/domain';
import { fold, handleCommand, type CommandContext, type Position } from '@roar/platform';
import type { AppContext } from '../context';
import { revokeGrantedEntries } from '../kernel/ledger';
import { teamState } from './streams';

type Appended = { position: Position } | null;
type CheckoutEvent = Parameters<typeof checkoutDecider.evolve>[1];

/**
 * charge.refunded for a mate's $50 team fee takes back what it bought: the team records
 * MatePaymentRefunded (once), the mate's 30 team entries are revoked (own causation key, never
 * below zero), their benefit month ends (the projection stops counting the seat as paid) and, if
 * the team is still open, they leave it: their seat is released and the captain may invite again.
 * A complete team stays complete and entered. A refund of a payment the team never recorded (a
 * second payment for a paid invite, a payment the team refused) changes nothing here.
 */
export async function onTeamFeeRefunded(
  app: AppContext,
  ctx: CommandContext,
  p: { checkoutId: string | null; paymentId: string; reason: string },
): Promise<Appended> {
  if (!p.checkoutId) return null;
  const checkout = fold(
    checkoutDecider,
    (await app.store.readStream(checkoutStreamId(p.checkoutId))).map((e) => ({ type: e.type, data: e.data }) as CheckoutEvent),
  );
  const team = checkout.status === 'absent' ? undefined : checkout.created.team;
  if (!team) return null;
  const before = await teamState(app.store, team.teamId);
  if (
    before.state.status === 'none' ||
    !before.state.invites.some((i) => i.paymentId === p.paymentId && (i.status === 'paid' || i.status === 'refunded'))
  )
    return null;

  let last: Appended = null;
  const outcome = await handleCommand(
    app.store,
    app.registry,
    teamStreamId(team.teamId),
    teamDecider,
    {
      type: 'RefundMatePayment',
      paymentId: p.paymentId,
      reason: `Payment refunded: ${p.reason}`,
      at: ctx.occurredAt.toISOString(),
    },
    ctx,
  );
  last = outcome.appended ?? last;
  // Read back the recorded fact (this call's or an earlier one's), so a retry after a crash finishes the job.
  const { events } = await teamState(app.store, team.teamId);
  const refunded = events.find((e): e is MatePaymentRefundedEvent => e.type === 'MatePaymentRefunded' && e.data.paymentId === p.paymentId);
  if (!refunded) return last;
  const d = refunded.data;

  const revoked = await revokeGrantedEntries(app, ctx, {
    memberId: d.memberId,
    count: mateEntriesOf(events, d.inviteId),
    grantKey: teamCausationKeys.mate(d.teamId, d.memberId),
    revokeKey: teamCausationKeys.mateRevoked(d.teamId, d.memberId),
    reason: 'Team entries revoked: the team fee was refunded',
  });
  last = revoked ?? last;
  if (d.leftTeam) {
    const released = await handleCommand(
      app.store,
      app.registry,
      teamSeatStreamId(d.memberId),
      teamSeatDecider,
      {
        type: 'ReleaseTeamSeat',
        memberId: d.memberId,
        teamId: d.teamId,
        reason: 'refunded',
        at: d.refundedAt,
      },
      ctx,
    );
    last = released.appended ?? last;
  }
  return last;
}

/** The entries the mate's payment granted, from the recorded payment (30 by the rules of the day). */
function mateEntriesOf(events: Awaited<ReturnType<typeof teamState>>['events'], inviteId: string): number {
  const paid = events.find((e) => e.type === 'MatePaymentRecorded' && e.data.inviteId === inviteId);
  return paid?.type === 'MatePaymentRecorded' ? paid.data.benefits.entries : 0;
}
