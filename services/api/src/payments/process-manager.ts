import {
  checkoutDecider,
  checkoutStreamId,
  refundDecider,
  refundStreamId,
  webhookDecider,
  webhookStreamId,
  type CheckoutCreatedEvent,
} from '@roar/domain';
import { fold, handleCommand, WrongExpectedRevisionError, type CommandContext, type Position } from '@roar/platform';
import { paymentByProviderId } from '@roar/projections';
import type { AppContext } from '../context';
import { systemCommandContext } from '../kernel/context';
import type { CheckoutPurpose, PaymentProvider, ProviderEvent } from '../kernel/payment-port';

/** What a step appended last (the process manager waits for the projections to reach it), or null. */
export type StepResult = { position: Position } | null;

/** checkout.completed, once the checkout's own stream has recorded it. */
export interface PaidCheckout {
  readonly event: ProviderEvent;
  /** The checkout as it was opened (purpose, member, tier, order, team...). */
  readonly checkout: CheckoutCreatedEvent['data'];
  readonly paymentId: string;
  /** The provider's amount, else the checkout's. */
  readonly amount_cents: number;
}

/** charge.refunded, once the refund is recorded on the `refund-<paymentId>` stream. */
export interface RefundedPayment {
  readonly paymentId: string;
  readonly memberId: string;
  /** The refunded payment's checkout (null for a renewal, which no checkout opened). */
  readonly checkout: CheckoutCreatedEvent['data'] | null;
  readonly amount_cents: number;
  readonly reason: string;
}

/**
 * One paying feature's step, registered for the checkout purposes it serves: what a paid checkout
 * does (the happy path) and, beside it, what a refund of that payment takes back (the compensation).
 * Every command a step sends must be idempotent on its own key (payment id, causation key), so a
 * replayed webhook, or one retried after a crash half-way, does nothing twice and finishes the job.
 */
export interface PaymentStep {
  readonly name: string;
  readonly purposes: readonly CheckoutPurpose[];
  paid(ctx: CommandContext, p: PaidCheckout): Promise<StepResult>;
  refunded?(ctx: CommandContext, p: RefundedPayment): Promise<StepResult>;
}

/**
 * A subscription's own life after its first checkout (only memberships have one): renewals, failed
 * renewals and the end of the subscription at the provider.
 */
export interface SubscriptionSteps {
  renewed(ctx: CommandContext, event: ProviderEvent): Promise<StepResult>;
  renewalFailed(ctx: CommandContext, event: ProviderEvent): Promise<void>;
  /** Issue 23: a renewal about to be charged (invoice.upcoming): the member's controls may hold it. */
  upcoming?(ctx: CommandContext, event: ProviderEvent): Promise<void>;
  /** 'not-ours' when no member holds the subscription: acknowledged, and not recorded as applied. */
  ended(ctx: CommandContext, event: ProviderEvent): Promise<'not-ours' | void>;
}

export interface PaymentProcessManager {
  /** Registers a feature's step; steps serving the same purpose run in the order they were registered. */
  register(step: PaymentStep): void;
  registerSubscriptions(steps: SubscriptionSteps): void;
  /**
   * Applies one provider event (webhook, checkout return, sweeper). False when it had applied that
   * event before (the `webhook-<provider>-<id>` stream exists); true once applied.
   */
  onProviderEvent(event: ProviderEvent): Promise<boolean>;
}

type CheckoutEvent = Parameters<typeof checkoutDecider.evolve>[1];

async function openedCheckout(app: AppContext, checkoutId: string): Promise<CheckoutCreatedEvent['data'] | null> {
  const events = await app.store.readStream(checkoutStreamId(checkoutId));
  const checkout = fold(
    checkoutDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as CheckoutEvent),
  );
  return checkout.status === 'absent' ? null : checkout.created;
}

/**
 * The payment process manager (docs/decisions/payment-process-manager.md): turns the provider's
 * confirmed facts into the checkout's, the refund's and the webhook's own events, and hands each
 * paid checkout or refund to the steps registered for its purpose. It is idempotent per provider
 * event (the `webhook-<provider>-<id>` stream, written last, so a crash before it means a retry
 * applies the event again and every keyed step finds its work done), and it answers only once the
 * projections have caught up with what the steps appended.
 */
export function createPaymentProcessManager(app: AppContext, provider: PaymentProvider): PaymentProcessManager {
  const steps: PaymentStep[] = [];
  let subscriptions: SubscriptionSteps | null = null;
  const stepsFor = (purpose: CheckoutPurpose) => steps.filter((s) => s.purposes.includes(purpose));
  const subscriptionSteps = (event: ProviderEvent): SubscriptionSteps => {
    if (!subscriptions) throw new Error(`${event.type} ${event.id}: no subscription steps registered`);
    return subscriptions;
  };

  async function checkoutPaid(ctx: CommandContext, event: ProviderEvent): Promise<StepResult> {
    if (!event.checkoutId || !event.paymentId) throw new Error(`checkout.completed ${event.id} names no checkout or payment`);
    const created = await openedCheckout(app, event.checkoutId);
    if (!created) throw new Error(`unknown checkout ${event.checkoutId}`);
    await handleCommand(
      app.store,
      app.registry,
      checkoutStreamId(event.checkoutId),
      checkoutDecider,
      {
        type: 'CompleteCheckout',
        checkoutId: event.checkoutId,
        paymentId: event.paymentId,
        subscriptionId: event.subscriptionId ?? null,
        card: event.card ?? null,
        amount_cents: event.amount_cents ?? created.amount_cents,
      },
      ctx,
    );
    const run = stepsFor(created.purpose);
    if (run.length === 0) throw new Error(`checkout ${event.checkoutId}: no payment step for purpose ${created.purpose}`);
    const paid: PaidCheckout = { event, checkout: created, paymentId: event.paymentId, amount_cents: event.amount_cents ?? created.amount_cents };
    let last: StepResult = null;
    for (const step of run) last = (await step.paid(ctx, paid)) ?? last;
    return last;
  }

  async function paymentRefunded(ctx: CommandContext, p: { paymentId: string; reason: string; amount_cents?: number }): Promise<StepResult> {
    const payment = await paymentByProviderId(app.sql, p.paymentId);
    if (!payment) throw new Error(`charge.refunded: no payment ${p.paymentId} in read.payments`);
    const reason = p.reason.trim() || 'refunded';
    const recorded = await handleCommand(
      app.store,
      app.registry,
      refundStreamId(p.paymentId),
      refundDecider,
      {
        type: 'RecordRefund',
        paymentId: p.paymentId,
        memberId: payment.member_id,
        checkoutId: payment.checkout_id,
        amount_cents: p.amount_cents ?? payment.amount_cents,
        reason,
        refundedAt: app.now().toISOString(),
      },
      ctx,
    );
    const checkout = payment.checkout_id ? await openedCheckout(app, payment.checkout_id) : null;
    const amount_cents = p.amount_cents ?? payment.amount_cents;
    const refunded: RefundedPayment = { paymentId: p.paymentId, memberId: payment.member_id, checkout, amount_cents, reason };
    let last: StepResult = recorded.appended;
    for (const step of checkout ? stepsFor(checkout.purpose) : []) last = (await step.refunded?.(ctx, refunded)) ?? last;
    return last;
  }

  async function onProviderEvent(event: ProviderEvent): Promise<boolean> {
    const ctx = systemCommandContext(`payments:${provider.name}`, event.id, app.now());
    const seen = await app.store.readStream(webhookStreamId(provider.name, event.id));
    if (seen.length > 0) return false;
    let last: StepResult = null;

    switch (event.type) {
      case 'checkout.completed':
        last = await checkoutPaid(ctx, event);
        break;
      case 'checkout.expired': {
        if (!event.checkoutId) return true;
        // A session opened by a command that failed before recording its checkout: nothing to expire.
        if ((await app.store.readStream(checkoutStreamId(event.checkoutId))).length === 0) break;
        const expire = { type: 'ExpireCheckout' as const, checkoutId: event.checkoutId };
        await handleCommand(app.store, app.registry, checkoutStreamId(event.checkoutId), checkoutDecider, expire, ctx);
        break;
      }
      case 'checkout.payment_failed': {
        // A declined card: the checkout stays open for another card, and staff see why it failed.
        if (!event.checkoutId) return true;
        if ((await app.store.readStream(checkoutStreamId(event.checkoutId))).length === 0) break;
        await handleCommand(
          app.store,
          app.registry,
          checkoutStreamId(event.checkoutId),
          checkoutDecider,
          {
            type: 'FailCheckout',
            checkoutId: event.checkoutId,
            reason: (event.failureReason ?? 'The payment was declined.').slice(0, 500),
          },
          ctx,
        );
        break;
      }
      case 'invoice.upcoming':
        await subscriptionSteps(event).upcoming?.(ctx, event);
        break;
      case 'invoice.paid':
        last = await subscriptionSteps(event).renewed(ctx, event);
        break;
      case 'invoice.payment_failed':
        await subscriptionSteps(event).renewalFailed(ctx, event);
        break;
      case 'subscription.deleted':
        if ((await subscriptionSteps(event).ended(ctx, event)) === 'not-ours') return true;
        break;
      case 'charge.refunded': {
        if (!event.paymentId) return true;
        last = await paymentRefunded(ctx, {
          paymentId: event.paymentId,
          reason: event.refundReason ?? 'refunded',
          ...(event.amount_cents !== undefined ? { amount_cents: event.amount_cents } : {}),
        });
        break;
      }
      default: {
        const _exhaustive: never = event.type;
        return _exhaustive;
      }
    }
    try {
      await handleCommand(
        app.store,
        app.registry,
        webhookStreamId(provider.name, event.id),
        webhookDecider,
        {
          type: 'RecordWebhook',
          received: { provider: provider.name, providerEventId: event.id, type: event.type },
        },
        ctx,
        { mustBeNew: true },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    if (last) await app.projections.waitFor(last.position, app.config.PROJECTION_WAIT_MS);
    return true;
  }

  return {
    register: (step) => void steps.push(step),
    registerSubscriptions: (s) => void (subscriptions = s),
    onProviderEvent,
  };
}
