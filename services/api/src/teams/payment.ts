import {
  teamCausationKeys,
  teamDecider,
  teamSeatDecider,
  teamSeatStreamId,
  teamStreamId,
  type CheckoutCreatedEvent,
  type MatePaymentRecordedEvent,
  type TeamCompletedEvent,
} from '@roar/domain';
import { DomainError, handleCommand, type CommandContext, type Position } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { grantEntries } from '../kernel/ledger';
import type { MembersPorts } from '../kernel/ports';
import type { PaymentStep } from '../payments/process-manager';
import { onTeamFeeRefunded } from './refund';
import { teamState } from './streams';

type Appended = { position: Position } | null;

/**
 * A mate's $50 team fee was paid (checkout.completed, purpose team-fee). The saga of seat.ts:
 * RecordMatePayment on the team; if the team refuses it (expired, full, paid already), the seat is
 * released and the payment refunded. Otherwise the mate gets 30 entries (source team), and when the
 * fourth member is in, the captain gets 40 and all four seats are released. Every step is keyed, so
 * a replayed webhook grants nothing twice and a retry after a crash finishes the job.
 */
export async function onTeamFeePaid(
  app: AppContext,
  ports: MembersPorts,
  ctx: CommandContext,
  p: { checkout: CheckoutCreatedEvent['data']; paymentId: string; amount_cents: number },
): Promise<Appended> {
  const team = p.checkout.team;
  if (!team) throw new Error(`team-fee checkout ${p.checkout.checkoutId} names no team`);
  const memberId = p.checkout.memberId;
  const at = ctx.occurredAt.toISOString();
  try {
    await handleCommand(
      app.store,
      app.registry,
      teamStreamId(team.teamId),
      teamDecider,
      {
        type: 'RecordMatePayment',
        inviteId: team.inviteId,
        memberId,
        paymentId: p.paymentId,
        amount_cents: p.amount_cents,
        at,
      },
      ctx,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    app.logger.info({ err: error, teamId: team.teamId, memberId, paymentId: p.paymentId }, 'team refused the mate payment: refunding');
    // A second payment by a mate who already paid keeps their seat; anyone else's is released.
    const { state } = await teamState(app.store, team.teamId);
    const alreadyIn = state.status !== 'none' && state.invites.some((i) => i.status === 'paid' && i.memberId === memberId);
    if (!alreadyIn) {
      await handleCommand(
        app.store,
        app.registry,
        teamSeatStreamId(memberId),
        teamSeatDecider,
        { type: 'ReleaseTeamSeat', memberId, teamId: team.teamId, reason: 'payment-refused', at },
        ctx,
      );
    }
    await ports.payments
      .refund(p.paymentId, `Team fee refused: ${error.message}`)
      .catch((err: unknown) => app.logger.warn({ err, paymentId: p.paymentId }, 'team fee refund failed'));
    return null;
  }
  const { state, events } = await teamState(app.store, team.teamId);
  const paid = events.find((e): e is MatePaymentRecordedEvent => e.type === 'MatePaymentRecorded' && e.data.inviteId === team.inviteId);
  if (!paid || paid.data.paymentId !== p.paymentId || state.status === 'none') return null;
  const captain = await getMember(app.sql, state.captainId);
  let last: Appended = null;
  const grant = async (who: string, count: number, causationKey: string, reason: string) => {
    last = (await grantEntries(app, ctx, { memberId: who, source: 'team', count, causationKey, reason })) ?? last;
  };
  await grant(
    memberId,
    paid.data.benefits.entries,
    teamCausationKeys.mate(team.teamId, memberId),
    `Team draw: joined ${captain?.firstname ?? 'the captain'}'s team`,
  );
  const completed = events.find((e): e is TeamCompletedEvent => e.type === 'TeamCompleted');
  if (completed) {
    const d = completed.data;
    await grant(d.captainId, d.benefits.inviterBonusEntries, teamCausationKeys.inviterBonus(team.teamId), 'Team draw: your team of four is complete');
    // The team is no longer open: everyone may start or join another.
    for (const id of d.memberIds) {
      await handleCommand(
        app.store,
        app.registry,
        teamSeatStreamId(id),
        teamSeatDecider,
        { type: 'ReleaseTeamSeat', memberId: id, teamId: team.teamId, reason: 'completed', at },
        ctx,
      );
    }
  }
  return last;
}

/**
 * The team draw's step of the payment process manager (checkout purpose team-fee). Happy path:
 * onTeamFeePaid (the mate's seat and entries, the captain's bonus when the team is complete; a fee
 * the team refuses is refunded). Compensation: onTeamFeeRefunded takes back what the fee bought.
 */
export function teamFeePaymentStep(app: AppContext, ports: MembersPorts): PaymentStep {
  return {
    name: 'team fee',
    purposes: ['team-fee'],
    paid: (ctx, p) => onTeamFeePaid(app, ports, ctx, { checkout: p.checkout, paymentId: p.paymentId, amount_cents: p.amount_cents }),
    refunded: (ctx, p) => onTeamFeeRefunded(app, ctx, { checkoutId: p.checkout?.checkoutId ?? null, paymentId: p.paymentId, reason: p.reason }),
  };
}
