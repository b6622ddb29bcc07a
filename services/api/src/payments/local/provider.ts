import type { Logger, Sql } from '@roar/platform';
import { InvalidSignatureError, PaymentProviderError, type CardDetails, type PaymentProvider, type ProviderEvent } from '../../kernel/payment-port';
import { verifySignature } from '../signature';
import { mapStripeEvent } from '../stripe-events';
import { createWebhookSender } from './delivery';
import { runBillingTick } from './billing';
import { addMonth, asDate, migrateLocalPayments, type SessionRow, type SubscriptionRow } from './schema';
import {
  chargeRefundedObject,
  declinedPaymentIntentObject,
  eventEnvelope,
  invoiceObject,
  paymentIntentObject,
  sessionObject,
  stripeId,
  type ChargeResult,
} from './stripe-format';
import { chargeCard, type CardInput } from './test-cards';

export interface LocalPaymentProviderOptions {
  readonly sql: Sql;
  /** Where the API is reached by browsers: checkout URLs are `${publicUrl}/pay/checkout/<id>`. */
  readonly publicUrl: string;
  readonly webhookSecret: string;
  /** Usually `${publicUrl}/api/payments/webhook`. */
  readonly webhookUrl: string;
  readonly now?: () => Date;
  readonly logger: Logger;
  readonly fetch?: typeof fetch;
  readonly retryDelaysMs?: readonly number[];
  /** How often pending webhooks are looked for (default 1000 ms; 0: only on demand, as tests like it). */
  readonly deliveryPollMs?: number;
  /** How long a delivery attempt keeps its row reserved (default 15 s): a crash mid-attempt is retried after it. */
  readonly deliveryLeaseMs?: number;
}

export type PayResult = { ok: true; redirectUrl: string } | { ok: false; message: string; code: string };

export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local';
  session(sessionId: string): Promise<SessionRow | null>;
  /** What the hosted page's form does: charge the card, record it, send the signed webhook. */
  pay(sessionId: string, card: CardInput): Promise<PayResult>;
  /** Expires open sessions older than 24 h and renews (or fails) subscriptions whose period ended. */
  billingTick(now?: Date): Promise<number>;
  /** Like a Stripe test clock: runs billing as if it were `to`, for one subscription or all. */
  advanceClock(subscriptionId: string | null, to: Date): Promise<number>;
  /** Resolves when no webhook delivery is pending (delivered, or given up after the retries). */
  idle(): Promise<void>;
  /** One pass over the webhook deliveries that are due. */
  deliverDue(): Promise<number>;
  stop(): void;
}

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function createLocalPaymentProvider(options: LocalPaymentProviderOptions): LocalPaymentProvider {
  const { sql, logger } = options;
  const now = options.now ?? (() => new Date());
  let migrated: Promise<void> | undefined;
  // Lazily, once: whoever wires the provider need not remember a migration step.
  const ready = () => (migrated ??= migrateLocalPayments(sql).catch((e: unknown) => ((migrated = undefined), Promise.reject(e))));
  const sender = createWebhookSender({
    sql,
    ready,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    now,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.deliveryLeaseMs ? { leaseMs: options.deliveryLeaseMs } : {}),
  });
  if ((options.deliveryPollMs ?? 1000) > 0) sender.start(options.deliveryPollMs ?? 1000);
  const base = options.publicUrl.replace(/\/+$/, '');

  /** Records a webhook in the caller's transaction; `deliver` sends it once that committed. */
  async function record(tx: Sql, type: string, object: Record<string, unknown>, at: Date): Promise<string> {
    const { id, body } = eventEnvelope(type, object, at);
    await sender.record(tx, { id, type, objectId: String(object.id ?? ''), body });
    return id;
  }

  /** The provider's own record of how a session was paid, as the webhook said it. */
  async function completedEvent(sessionId: string): Promise<ProviderEvent | null> {
    const body = await sender.completedSessionEvent(sessionId);
    return body ? mapStripeEvent(JSON.parse(body)) : null;
  }

  async function session(sessionId: string): Promise<SessionRow | null> {
    await ready();
    const { rows } = await sql.query<SessionRow>('select * from local_payments.sessions where id = $1', [sessionId]);
    const row = rows[0];
    return row ? { ...row, created_at: asDate(row.created_at), expires_at: asDate(row.expires_at) } : null;
  }

  async function billingTick(at: Date = now(), subscriptionId: string | null = null): Promise<number> {
    await ready();
    const recorded = await runBillingTick(sql, at, subscriptionId, record, (ids) => sender.deliver(ids));
    await sender.deliver(recorded);
    return recorded.length;
  }

  return {
    name: 'local',
    session,
    async createCheckout(input) {
      await ready();
      if (!Number.isInteger(input.amount_cents) || input.amount_cents < 0)
        throw new PaymentProviderError('amount_cents must be a whole number of cents');
      const id = stripeId('cs_test');
      const created = now();
      // Stripe's placeholder: the return route learns which session the member comes back from.
      const successUrl = input.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id);
      await sql.query(
        `insert into local_payments.sessions (id, checkout_id, customer, email, purpose, mode, amount_cents, currency, description, price_id, success_url, cancel_url, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'aud', $8, $9, $10, $11, $12, $13)`,
        [
          id,
          input.checkoutId,
          input.memberId,
          input.email,
          input.purpose,
          input.mode,
          input.amount_cents,
          input.description,
          input.priceId ?? null,
          successUrl,
          input.cancelUrl,
          created,
          new Date(created.getTime() + SESSION_LIFETIME_MS),
        ],
      );
      return { sessionId: id, url: `${base}/pay/checkout/${id}` };
    },

    async pay(sessionId, card) {
      const s = await session(sessionId);
      if (!s) return { ok: false, code: 'resource_missing', message: 'This checkout session does not exist.' };
      if (s.status === 'complete') return { ok: true, redirectUrl: s.success_url };
      const at = now();
      if (s.status === 'expired' || s.expires_at <= at) return { ok: false, code: 'expired', message: 'This checkout session has expired.' };
      const check = chargeCard(card, at);
      if (!check.ok) {
        // A charge the bank refused is reported like Stripe does (the form's own checks are not).
        if (check.byIssuer) {
          const failure = { code: check.code, message: check.message };
          const eventId = await sql.transaction((tx) => record(tx, 'payment_intent.payment_failed', declinedPaymentIntentObject(s, failure), at));
          await sender.deliver([eventId]);
        }
        return { ok: false, code: check.code, message: check.message };
      }

      const charge: ChargeResult = { paymentId: stripeId('pi'), card: { brand: check.brand, last4: check.last4 }, amount_cents: s.amount_cents };
      const subscriptionId = s.mode === 'subscription' ? stripeId('sub') : null;
      const invoiceId = subscriptionId ? stripeId('in') : null;
      const periodStart = at;
      const periodEnd = addMonth(at);
      // The status guard makes a double submit pay once: the second finds the session complete.
      const object =
        subscriptionId && invoiceId
          ? sessionObject(s, {
              status: 'complete',
              subscription: subscriptionId,
              invoice: invoiceObject({ invoiceId, subscriptionId, billingReason: 'subscription_create', charge, periodStart, periodEnd }),
            })
          : sessionObject(s, { status: 'complete', payment_intent: paymentIntentObject(charge) });
      // The charge and its webhook commit together: a crash right after still delivers it.
      const eventId = await sql.transaction(async (tx) => {
        const upd = await tx.query(
          'update local_payments.sessions set status = $2, payment_id = $3, subscription_id = $4 where id = $1 and status = $5',
          [s.id, 'complete', charge.paymentId, subscriptionId, 'open'],
        );
        if (upd.affectedRows !== 1) return null;
        await tx.query(
          `insert into local_payments.payments (id, invoice_id, session_id, subscription_id, customer, amount_cents, status, card_brand, card_last4, created_at)
           values ($1, $2, $3, $4, $5, $6, 'succeeded', $7, $8, $9)`,
          [charge.paymentId, invoiceId, s.id, subscriptionId, s.customer, s.amount_cents, check.brand, check.last4, at],
        );
        if (subscriptionId) {
          await tx.query(
            `insert into local_payments.subscriptions (id, customer, session_id, amount_cents, currency, description, status, current_period_start, current_period_end, card_brand, card_last4, card_declines, created_at)
             values ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $11, $7)`,
            [
              subscriptionId,
              s.customer,
              s.id,
              s.amount_cents,
              s.currency,
              s.description,
              periodStart,
              periodEnd,
              check.brand,
              check.last4,
              check.declinesLater,
            ],
          );
        }
        return record(tx, 'checkout.session.completed', object, at);
      });
      if (eventId) await sender.deliver([eventId]);
      return { ok: true, redirectUrl: s.success_url };
    },

    async verifyWebhook(rawBody, header) {
      verifySignature(rawBody, header, options.webhookSecret, now());
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new InvalidSignatureError('signed body is not JSON');
      }
      return mapStripeEvent(event);
    },

    async cancelSubscription(subscriptionId) {
      await ready();
      const upd = await sql.query("update local_payments.subscriptions set cancel_at_period_end = true where id = $1 and status <> 'canceled'", [
        subscriptionId,
      ]);
      if (upd.affectedRows !== 1) throw new PaymentProviderError(`No active subscription: '${subscriptionId}'`, 404);
    },

    async pauseCollection(subscriptionId, paused) {
      await ready();
      await sql.query('update local_payments.subscriptions set collection_paused = $2 where id = $1', [subscriptionId, paused]);
    },

    async refund(paymentId, reason) {
      await ready();
      const at = now();
      // Once per payment: the refunds table's key makes a double click refund once.
      const done = await sql.transaction(async (tx) => {
        const paid = await tx.query<{ id: string; amount_cents: number; customer: string }>(
          "select id, amount_cents, customer from local_payments.payments where id = $1 and status = 'succeeded'",
          [paymentId],
        );
        const row = paid.rows[0];
        if (!row) throw new PaymentProviderError(`No succeeded payment: '${paymentId}'`, 404);
        const ins = await tx.query(
          'insert into local_payments.refunds (payment_id, amount_cents, reason, created_at) values ($1, $2, $3, $4) on conflict (payment_id) do nothing',
          [paymentId, row.amount_cents, reason, at],
        );
        if (ins.affectedRows !== 1) return null;
        return record(tx, 'charge.refunded', chargeRefundedObject({ paymentId, amount_cents: row.amount_cents, customer: row.customer, reason }), at);
      });
      if (!done) throw new PaymentProviderError(`Payment '${paymentId}' is already refunded`, 409);
      await sender.deliver([done]);
    },

    async paymentMethod(customerRef): Promise<CardDetails | null> {
      await ready();
      type Card = Pick<SubscriptionRow, 'card_brand' | 'card_last4'>;
      // The subscription's card first (it is what renewals charge), else the latest paid card.
      const sub = await sql.query<Card>(
        'select card_brand, card_last4 from local_payments.subscriptions where id = $1 or customer = $1 order by created_at desc limit 1',
        [customerRef],
      );
      const paid = await sql.query<Card>(
        "select card_brand, card_last4 from local_payments.payments where customer = $1 and status = 'succeeded' order by created_at desc limit 1",
        [customerRef],
      );
      const row = sub.rows[0] ?? paid.rows[0];
      return row ? { brand: row.card_brand, last4: row.card_last4 } : null;
    },

    retrieveCheckout: (sessionId) => completedEvent(sessionId),
    async completedCheckoutsToReconcile(olderThanMs) {
      const events: ProviderEvent[] = [];
      for (const id of await sender.unacknowledgedCompletions(olderThanMs)) {
        const event = await completedEvent(id);
        if (event) events.push(event);
      }
      return events;
    },
    billingTick: (at) => billingTick(at),
    advanceClock: (subscriptionId, to) => billingTick(to, subscriptionId),
    idle: () => sender.idle(),
    deliverDue: () => sender.deliverDue(),
    stop: () => sender.stop(),
  };
}
