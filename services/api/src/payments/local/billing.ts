import type { Sql } from '@roar/platform';
import { addMonth, asDate, type SessionRow, type SubscriptionRow } from './schema';
import { invoiceObject, sessionObject, stripeId, subscriptionObject, type ChargeResult } from './stripe-format';
import { DECLINE_MESSAGES } from './test-cards';

/** Records a webhook inside the given transaction and answers its event id. */
type Record_ = (tx: Sql, type: string, object: Record<string, unknown>, at: Date) => Promise<string>;

/**
 * One pass of the billing clock at `at`. Each change commits together with its webhook's
 * delivery row, so a crash neither charges twice nor loses the notification; the caller
 * delivers the returned event ids. Past-due subscriptions are not retried (Stripe's smart
 * retries are out of scope for the local provider).
 */
export async function runBillingTick(
  sql: Sql,
  at: Date,
  onlySubscription: string | null,
  record: Record_,
  deliver: (eventIds: readonly string[]) => Promise<void> = async () => undefined,
): Promise<string[]> {
  const recorded: string[] = [];
  if (onlySubscription === null) {
    const expired = await sql.transaction(async (tx) => {
      const rows = await tx.query<SessionRow>(
        "update local_payments.sessions set status = 'expired' where status = 'open' and expires_at <= $1 returning *",
        [at],
      );
      const ids: string[] = [];
      for (const s of rows.rows) ids.push(await record(tx, 'checkout.session.expired', sessionObject(s, { status: 'expired' }), at));
      return ids;
    });
    recorded.push(...expired);
  }
  const due = await sql.query<{ id: string }>(
    "select id from local_payments.subscriptions where status = 'active' and not collection_paused and current_period_end <= $1 and ($2::text is null or id = $2) order by current_period_end",
    [at, onlySubscription],
  );
  for (const { id } of due.rows) {
    // As Stripe's invoice.created: the renewal's draft is announced (and the answer waited for)
    // before it is charged, so the member's controls can pause collection first (issue 23).
    const upcoming = await announceRenewal(sql, id, at, record);
    if (upcoming) await deliver([upcoming]);
    recorded.push(...(await bill(sql, id, at, record)));
  }
  return recorded;
}

/** Records invoice.created for the period a due subscription is about to be charged, once per period. */
async function announceRenewal(sql: Sql, subscriptionId: string, at: Date, record: Record_): Promise<string | null> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<SubscriptionRow>('select * from local_payments.subscriptions where id = $1 for update', [subscriptionId]);
    const sub = rows[0];
    if (!sub || sub.status !== 'active' || sub.collection_paused || sub.cancel_at_period_end || asDate(sub.current_period_end) > at) return null;
    const start = asDate(sub.current_period_end);
    if (sub.announced_period_end && asDate(sub.announced_period_end).getTime() === start.getTime()) return null;
    await tx.query('update local_payments.subscriptions set announced_period_end = $2 where id = $1', [sub.id, start]);
    const draft = invoiceObject({
      invoiceId: stripeId('in'),
      subscriptionId: sub.id,
      billingReason: 'subscription_cycle',
      charge: { paymentId: stripeId('pi'), card: { brand: sub.card_brand, last4: sub.card_last4 }, amount_cents: sub.amount_cents },
      periodStart: start,
      periodEnd: addMonth(start),
    });
    return record(tx, 'invoice.created', { ...draft, status: 'draft', amount_paid: 0, payment_intent: null }, at);
  });
}

/** Bills one subscription for every period that ended by `at` (catching up after a long pause). */
async function bill(sql: Sql, subscriptionId: string, at: Date, record: Record_): Promise<string[]> {
  const recorded: string[] = [];
  for (;;) {
    const outcome = await sql.transaction(async (tx) => {
      const { rows } = await tx.query<SubscriptionRow>('select * from local_payments.subscriptions where id = $1 for update', [subscriptionId]);
      const sub = rows[0];
      if (!sub || sub.status !== 'active' || sub.collection_paused || asDate(sub.current_period_end) > at) return null;
      const start = asDate(sub.current_period_end);
      if (sub.cancel_at_period_end) {
        await tx.query("update local_payments.subscriptions set status = 'canceled' where id = $1", [sub.id]);
        return record(
          tx,
          'customer.subscription.deleted',
          subscriptionObject({ ...sub, current_period_start: asDate(sub.current_period_start), current_period_end: start }, 'canceled'),
          at,
        );
      }
      const end = addMonth(start);
      const charge: ChargeResult = {
        paymentId: stripeId('pi'),
        card: { brand: sub.card_brand, last4: sub.card_last4 },
        amount_cents: sub.amount_cents,
        ...(sub.card_declines ? { failure: { code: 'card_declined', message: DECLINE_MESSAGES.card_declined } } : {}),
      };
      const invoiceId = stripeId('in');
      await tx.query(
        `insert into local_payments.payments (id, invoice_id, subscription_id, customer, amount_cents, status, card_brand, card_last4, failure_code, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          charge.paymentId,
          invoiceId,
          sub.id,
          sub.customer,
          sub.amount_cents,
          charge.failure ? 'failed' : 'succeeded',
          sub.card_brand,
          sub.card_last4,
          charge.failure?.code ?? null,
          at,
        ],
      );
      if (charge.failure) {
        await tx.query("update local_payments.subscriptions set status = 'past_due' where id = $1", [sub.id]);
      } else {
        await tx.query('update local_payments.subscriptions set current_period_start = $2, current_period_end = $3 where id = $1', [
          sub.id,
          start,
          end,
        ]);
      }
      const object = invoiceObject({
        invoiceId,
        subscriptionId: sub.id,
        billingReason: 'subscription_cycle',
        charge,
        periodStart: start,
        periodEnd: end,
      });
      return record(tx, charge.failure ? 'invoice.payment_failed' : 'invoice.paid', object, at);
    });
    if (!outcome) return recorded;
    recorded.push(outcome);
  }
}

/**
 * Runs the billing clock every `intervalMs` (the embedded default's stand-in for Stripe's own
 * scheduler). A failed tick is logged and the next one tries again. Returns a stop function.
 */
export function startBillingClock(tick: () => Promise<number>, intervalMs: number, onError: (err: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch(onError)
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
