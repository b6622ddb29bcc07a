import {
  causationKeys,
  checkoutDecider,
  checkoutStreamId,
  memberDecider,
  memberStreamId,
  webhookDecider,
  webhookStreamId,
  type TierSnapshot,
} from '@roar/domain';
import { fold, handleCommand, WrongExpectedRevisionError, type CommandContext } from '@roar/platform';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { addMonth, type ProviderEvent } from '../payments';
import type { MembersPorts } from '../kernel/ports';
import { systemCommandContext } from '../kernel/context';
import { grantEntries } from '../kernel/ledger';
import { onPaymentRefunded, onPaidCheckout } from '../referrals/payment-events';
import { onTeamFeePaid } from '../teams/payment';
import { onShopOrderPaid } from '../shop/checkout';
import { nextOpenPrize } from '../prizes/next';

const DAY = 86_400_000;
/** A single entry counts until the draw it is bound to closes; bought while no draw is open, it stays valid 30 days. */
const SINGLE_ENTRY_DAYS = 30;


function grant(app: AppContext, ctx: CommandContext, memberId: string, tier: TierSnapshot, source: 'initial' | 'renewal' | 'single-entry', count: number, causationKey: string, prizeId: string | null = null) {
  return grantEntries(app, ctx, { memberId, source, count, causationKey, membershipId: tier.membershipId, tierCode: tier.code, prizeId });
}

/**
 * The payment process manager: turns the provider's confirmed facts into membership and ledger
 * events. Every step is idempotent on its own key (payment id, causation key), so a webhook that
 * is delivered twice, or retried after a crash half-way, never grants anything twice.
 */
export function createProviderEventHandler(app: AppContext, ports: MembersPorts) {
  return async function onProviderEvent(event: ProviderEvent): Promise<boolean> {
    const now = app.now();
    const ctx = systemCommandContext(`payments:${ports.payments.name}`, event.id, now);
    const seen = await app.store.readStream(webhookStreamId(ports.payments.name, event.id));
    if (seen.length > 0) return false;
    let lastPosition = null;

    switch (event.type) {
      case 'checkout.completed': {
        if (!event.checkoutId || !event.paymentId) throw new Error(`checkout.completed ${event.id} names no checkout or payment`);
        const checkoutEvents = await app.store.readStream(checkoutStreamId(event.checkoutId));
        const checkout = fold(checkoutDecider, checkoutEvents.map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof checkoutDecider.evolve>[1]));
        if (checkout.status === 'absent') throw new Error(`unknown checkout ${event.checkoutId}`);
        const created = checkout.created;
        await handleCommand(app.store, app.registry, checkoutStreamId(event.checkoutId), checkoutDecider, {
          type: 'CompleteCheckout',
          checkoutId: event.checkoutId,
          paymentId: event.paymentId,
          subscriptionId: event.subscriptionId ?? null,
          card: event.card ?? null,
          amount_cents: event.amount_cents ?? created.amount_cents,
        }, ctx);
        const memberId = created.memberId;
        if (created.purpose === 'shop-order') {
          lastPosition = await onShopOrderPaid(app, ports, ctx, { checkout: created, paymentId: event.paymentId, amount_cents: event.amount_cents ?? created.amount_cents });
          break;
        }
        if (created.purpose === 'team-fee' || !created.tier) {
          lastPosition = await onTeamFeePaid(app, ports, ctx, { checkout: created, paymentId: event.paymentId, amount_cents: event.amount_cents ?? created.amount_cents });
          break;
        }
        const tier = created.tier;
        const periodStart = event.periodStart ?? now.toISOString();
        if (created.purpose === 'single-entry') {
          // Bound at purchase to the draw whose entries close next; it counts in that draw only.
          const draw = await nextOpenPrize(app.sql, now);
          // A retry after a crash between purchase and grant binds the grant to the draw the purchase named.
          const purchased = (await app.store.readStream(memberStreamId(memberId))).find((e) => e.type === 'SingleEntryPurchased' && (e.data as { paymentId?: string }).paymentId === event.paymentId);
          const prizeId = purchased ? ((purchased.data as { prizeId?: string | null }).prizeId ?? null) : (draw?.prize.id ?? null);
          const validUntil = draw?.prize.prize_end_date ?? new Date(now.getTime() + SINGLE_ENTRY_DAYS * DAY).toISOString();
          await handleCommand(app.store, app.registry, memberStreamId(memberId), memberDecider, {
            type: 'PurchaseSingleEntry',
            memberId,
            singleEntryId: event.checkoutId,
            checkoutId: event.checkoutId,
            paymentId: event.paymentId,
            tier,
            prizeId,
            validUntil,
          }, ctx);
          lastPosition = await grant(app, ctx, memberId, tier, 'single-entry', tier.initial_tickets, causationKeys.singleEntry(event.paymentId), prizeId);
        } else {
          const before = await getMember(app.sql, memberId);
          await handleCommand(app.store, app.registry, memberStreamId(memberId), memberDecider, {
            type: 'ActivateMembership',
            memberId,
            checkoutId: event.checkoutId,
            paymentId: event.paymentId,
            subscriptionId: event.subscriptionId ?? null,
            tier,
            periodStart,
            periodEnd: event.periodEnd ?? addMonth(new Date(periodStart)).toISOString(),
            source: created.purpose === 'upgrade' ? 'upgrade' : 'join',
          }, ctx);
          lastPosition = await grant(app, ctx, memberId, tier, 'initial', tier.initial_tickets, causationKeys.initial(event.paymentId));
          // An upgrade replaces the old subscription: stop billing it (benefits move to the new tier now).
          const previous = before?.subscription_id;
          if (previous && previous !== event.subscriptionId) {
            await ports.payments.cancelSubscription(previous, { atPeriodEnd: true }).catch((err: unknown) => app.logger.warn({ err, previous }, 'could not cancel the replaced subscription'));
          }
        }
        lastPosition = (await onPaidCheckout(app, ctx, { memberId, paymentId: event.paymentId, amount_cents: event.amount_cents ?? created.amount_cents, tier })) ?? lastPosition;
        break;
      }
      case 'checkout.expired': {
        if (!event.checkoutId) return true;
        // A session opened by a command that failed before recording its checkout: nothing to expire.
        if ((await app.store.readStream(checkoutStreamId(event.checkoutId))).length === 0) break;
        await handleCommand(app.store, app.registry, checkoutStreamId(event.checkoutId), checkoutDecider, { type: 'ExpireCheckout', checkoutId: event.checkoutId }, ctx);
        break;
      }
      case 'checkout.payment_failed': {
        // A declined card: the checkout stays open for another card, and staff see why it failed.
        if (!event.checkoutId) return true;
        if ((await app.store.readStream(checkoutStreamId(event.checkoutId))).length === 0) break;
        await handleCommand(app.store, app.registry, checkoutStreamId(event.checkoutId), checkoutDecider, {
          type: 'FailCheckout',
          checkoutId: event.checkoutId,
          reason: (event.failureReason ?? 'The payment was declined.').slice(0, 500),
        }, ctx);
        break;
      }
      case 'invoice.paid': {
        const member = await memberBySubscription(app, event.subscriptionId);
        if (!member || !event.paymentId || !event.periodStart || !event.periodEnd) throw new Error(`invoice.paid ${event.id}: unknown subscription or missing period`);
        const state = await memberState(app, member);
        if (state.status === 'absent' || !state.membership) throw new Error(`invoice.paid ${event.id}: member ${member} has no membership`);
        const tier = state.membership.tier;
        await handleCommand(app.store, app.registry, memberStreamId(member), memberDecider, {
          type: 'RenewMembership',
          memberId: member,
          subscriptionId: event.subscriptionId!,
          paymentId: event.paymentId,
          tier,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
        }, ctx);
        lastPosition = await grant(app, ctx, member, tier, 'renewal', tier.cumulative_tickets, causationKeys.renewal(event.subscriptionId!, event.periodStart));
        break;
      }
      case 'invoice.payment_failed': {
        const member = await memberBySubscription(app, event.subscriptionId);
        if (!member) throw new Error(`invoice.payment_failed ${event.id}: unknown subscription`);
        await handleCommand(app.store, app.registry, memberStreamId(member), memberDecider, {
          type: 'RecordMembershipPaymentFailed',
          memberId: member,
          checkoutId: null,
          subscriptionId: event.subscriptionId ?? null,
          reason: event.failureReason ?? 'The renewal payment failed.',
        }, ctx);
        break;
      }
      case 'subscription.deleted': {
        const member = await memberBySubscription(app, event.subscriptionId);
        if (!member) return true;
        const state = await memberState(app, member);
        if (state.status !== 'active' || state.membership?.cancelled || state.membership?.subscriptionId !== event.subscriptionId) break;
        await handleCommand(app.store, app.registry, memberStreamId(member), memberDecider, {
          type: 'CancelMembership',
          memberId: member,
          reason: 'The subscription ended at the payment provider.',
          at: now.toISOString(),
        }, ctx);
        break;
      }
      case 'charge.refunded': {
        if (!event.paymentId) return true;
        lastPosition = await onPaymentRefunded(app, ctx, { paymentId: event.paymentId, reason: event.refundReason ?? 'refunded', ...(event.amount_cents !== undefined ? { amount_cents: event.amount_cents } : {}) });
        break;
      }
      default: {
        const _exhaustive: never = event.type;
        return _exhaustive;
      }
    }
    try {
      await handleCommand(app.store, app.registry, webhookStreamId(ports.payments.name, event.id), webhookDecider, {
        type: 'RecordWebhook',
        received: { provider: ports.payments.name, providerEventId: event.id, type: event.type },
      }, ctx, { mustBeNew: true });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    if (lastPosition) await app.projections.waitFor(lastPosition.position, app.config.PROJECTION_WAIT_MS);
    return true;
  };
}

async function memberBySubscription(app: AppContext, subscriptionId: string | undefined): Promise<string | null> {
  if (!subscriptionId) return null;
  const r = await app.sql.query<{ id: string }>('select id from read.members where subscription_id = $1 limit 1', [subscriptionId]);
  if (r.rows[0]) return r.rows[0].id;
  // The read model may lag the activation that recorded the subscription: the payments table knows it too.
  const p = await app.sql.query<{ member_id: string }>('select member_id from read.payments where subscription_id = $1 limit 1', [subscriptionId]);
  return p.rows[0]?.member_id ?? null;
}

async function memberState(app: AppContext, memberId: string) {
  const events = await app.store.readStream(memberStreamId(memberId));
  return fold(memberDecider, events.map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof memberDecider.evolve>[1]));
}
