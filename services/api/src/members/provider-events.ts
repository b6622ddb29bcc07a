import { causationKeys, memberDecider, memberStreamId, type TierSnapshot } from '@roar/domain';
import { fold, handleCommand, type CommandContext } from '@roar/platform';
import { getMember, memberIdBySubscription, memberIdOfSubscriptionPayment } from '@roar/projections';
import type { AppContext } from '../context';
import { addMonth, type ProviderEvent } from '../payments';
import type { PaidCheckout, PaymentStep, SubscriptionSteps } from '../payments/process-manager';
import type { MembersPorts } from '../kernel/ports';
import { grantEntries } from '../kernel/ledger';

const DAY = 86_400_000;
/** A single entry counts until the draw it is bound to closes; bought while no draw is open, it stays valid 30 days. */
const SINGLE_ENTRY_DAYS = 30;

function grant(
  app: AppContext,
  ctx: CommandContext,
  memberId: string,
  tier: TierSnapshot,
  source: 'initial' | 'renewal' | 'single-entry',
  count: number,
  causationKey: string,
  prizeId: string | null = null,
) {
  return grantEntries(app, ctx, { memberId, source, count, causationKey, membershipId: tier.membershipId, tierCode: tier.code, prizeId });
}

/** The draw a single entry bought now is bound to (the prizes feature answers it; the composition root wires it). */
export type NextOpenDraw = (app: AppContext, now: Date) => Promise<{ prize: { id: string; prize_end_date: string } } | null>;

/**
 * The membership's payment step (join, upgrade, single entry), registered with the payment process
 * manager. Happy path: the membership is activated (or the single entry recorded) and its initial
 * entries granted, each keyed on the payment, so a replayed or retried webhook grants nothing twice.
 * Compensation: none here; a refunded membership payment is recorded by the process manager, and
 * what it earned a referrer is taken back by the referral step.
 */
export function membershipPaymentStep(app: AppContext, ports: MembersPorts, nextOpenDraw: NextOpenDraw): PaymentStep {
  return {
    name: 'membership',
    purposes: ['join', 'upgrade', 'single-entry'],
    async paid(ctx, p: PaidCheckout) {
      const { event, checkout: created, paymentId } = p;
      const tier = created.tier;
      if (!tier) throw new Error(`${created.purpose} checkout ${created.checkoutId} names no tier`);
      const memberId = created.memberId;
      const now = ctx.occurredAt;
      const periodStart = event.periodStart ?? now.toISOString();
      if (created.purpose === 'single-entry') {
        // Bound at purchase to the draw whose entries close next; it counts in that draw only.
        const draw = await nextOpenDraw(app, now);
        // A retry after a crash between purchase and grant binds the grant to the draw the purchase named.
        const purchased = (await app.store.readStream(memberStreamId(memberId))).find(
          (e) => e.type === 'SingleEntryPurchased' && (e.data as { paymentId?: string }).paymentId === paymentId,
        );
        const prizeId = purchased ? ((purchased.data as { prizeId?: string | null }).prizeId ?? null) : (draw?.prize.id ?? null);
        const validUntil = draw?.prize.prize_end_date ?? new Date(now.getTime() + SINGLE_ENTRY_DAYS * DAY).toISOString();
        await handleCommand(
          app.store,
          app.registry,
          memberStreamId(memberId),
          memberDecider,
          {
            type: 'PurchaseSingleEntry',
            memberId,
            singleEntryId: created.checkoutId,
            checkoutId: created.checkoutId,
            paymentId,
            tier,
            prizeId,
            validUntil,
          },
          ctx,
        );
        return grant(app, ctx, memberId, tier, 'single-entry', tier.initial_tickets, causationKeys.singleEntry(paymentId), prizeId);
      }
      const before = await getMember(app.sql, memberId);
      await handleCommand(
        app.store,
        app.registry,
        memberStreamId(memberId),
        memberDecider,
        {
          type: 'ActivateMembership',
          memberId,
          checkoutId: created.checkoutId,
          paymentId,
          subscriptionId: event.subscriptionId ?? null,
          tier,
          periodStart,
          periodEnd: event.periodEnd ?? addMonth(new Date(periodStart)).toISOString(),
          source: created.purpose === 'upgrade' ? 'upgrade' : 'join',
        },
        ctx,
      );
      const granted = await grant(app, ctx, memberId, tier, 'initial', tier.initial_tickets, causationKeys.initial(paymentId));
      // An upgrade replaces the old subscription: stop billing it (benefits move to the new tier now).
      const previous = before?.subscription_id;
      if (previous && previous !== event.subscriptionId) {
        await ports.payments
          .cancelSubscription(previous, { atPeriodEnd: true })
          .catch((err: unknown) => app.logger.warn({ err, previous }, 'could not cancel the replaced subscription'));
      }
      return granted;
    },
  };
}

/** A membership's subscription after its first checkout: renewals, failed renewals, its end at the provider. */
export function membershipSubscriptionSteps(app: AppContext): SubscriptionSteps {
  return {
    async renewed(ctx, event: ProviderEvent) {
      const member = await memberBySubscription(app, event.subscriptionId);
      if (!member || !event.paymentId || !event.periodStart || !event.periodEnd) {
        throw new Error(`invoice.paid ${event.id}: unknown subscription or missing period`);
      }
      const state = await memberState(app, member);
      if (state.status === 'absent' || !state.membership) throw new Error(`invoice.paid ${event.id}: member ${member} has no membership`);
      const tier = state.membership.tier;
      await handleCommand(
        app.store,
        app.registry,
        memberStreamId(member),
        memberDecider,
        {
          type: 'RenewMembership',
          memberId: member,
          subscriptionId: event.subscriptionId!,
          paymentId: event.paymentId,
          tier,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
        },
        ctx,
      );
      return grant(app, ctx, member, tier, 'renewal', tier.cumulative_tickets, causationKeys.renewal(event.subscriptionId!, event.periodStart));
    },
    async renewalFailed(ctx, event: ProviderEvent) {
      const member = await memberBySubscription(app, event.subscriptionId);
      if (!member) throw new Error(`invoice.payment_failed ${event.id}: unknown subscription`);
      await handleCommand(
        app.store,
        app.registry,
        memberStreamId(member),
        memberDecider,
        {
          type: 'RecordMembershipPaymentFailed',
          memberId: member,
          checkoutId: null,
          subscriptionId: event.subscriptionId ?? null,
          reason: event.failureReason ?? 'The renewal payment failed.',
        },
        ctx,
      );
    },
    async ended(ctx, event: ProviderEvent) {
      const member = await memberBySubscription(app, event.subscriptionId);
      if (!member) return 'not-ours';
      const state = await memberState(app, member);
      if (state.status !== 'active' || state.membership?.cancelled || state.membership?.subscriptionId !== event.subscriptionId) return;
      await handleCommand(
        app.store,
        app.registry,
        memberStreamId(member),
        memberDecider,
        {
          type: 'CancelMembership',
          memberId: member,
          reason: 'The subscription ended at the payment provider.',
          at: ctx.occurredAt.toISOString(),
        },
        ctx,
      );
    },
  };
}

async function memberBySubscription(app: AppContext, subscriptionId: string | undefined): Promise<string | null> {
  if (!subscriptionId) return null;
  const member = await memberIdBySubscription(app.sql, subscriptionId);
  if (member !== null) return member;
  // The read model may lag the activation that recorded the subscription: the payments table knows it too.
  return memberIdOfSubscriptionPayment(app.sql, subscriptionId);
}

async function memberState(app: AppContext, memberId: string) {
  const events = await app.store.readStream(memberStreamId(memberId));
  return fold(
    memberDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]),
  );
}
