import type { Logger, Sql } from '@roar/platform';
import { signPayload } from '../signature';

/**
 * Stripe redelivers an unacknowledged webhook for up to three days with exponential backoff;
 * so do we: 1 s, 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, then every 8 h to 3 days.
 */
export const STRIPE_LIKE_RETRY_DELAYS_MS: readonly number[] = (() => {
  const delays = [1, 5, 30, 120, 600, 1800, 3600, 7200, 14_400].map((s) => s * 1000);
  const threeDays = 3 * 24 * 3600_000;
  while (delays.reduce((a, b) => a + b, 0) < threeDays) delays.push(8 * 3600_000);
  return delays;
})();

export interface PendingWebhook {
  readonly id: string;
  readonly type: string;
  /** The Stripe object the event is about (a session id for checkout events): how the return path finds it. */
  readonly objectId: string;
  readonly body: string;
}

export interface WebhookSender {
  /** Records the event for delivery in the caller's transaction: it is sent if and only if that commits. */
  record(tx: Sql, event: PendingWebhook): Promise<void>;
  /** First attempt of events just committed; a failure waits in the table for its next attempt. */
  deliver(eventIds: readonly string[]): Promise<void>;
  /** One pass over every delivery that is due (the poller's tick; also any process after a restart). */
  deliverDue(): Promise<number>;
  /** The signed body of the event that completed this checkout session, once the provider recorded it. */
  completedSessionEvent(sessionId: string): Promise<string | null>;
  /** Checkout completions not yet acknowledged by the endpoint, recorded at least `olderThanMs` and at most four days ago. */
  unacknowledgedCompletions(olderThanMs: number): Promise<string[]>;
  /** Resolves when no delivery is pending (delivered or given up): tests, shutdown. */
  idle(): Promise<void>;
  /** Polls for due deliveries every `pollMs` until stop(). */
  start(pollMs: number): void;
  stop(): void;
}

/**
 * Delivers signed events the way Stripe does: at least once, from a durable table
 * (`local_payments.webhook_deliveries`), retried with backoff until the endpoint answers 2xx.
 * Whoever changed the provider's state recorded the event in the same transaction, so a payment
 * the provider took always has its webhook waiting, whether the process survives or not; every
 * process holding the provider polls the table, claiming a row with `for update skip locked` and
 * a lease, so a delivery cut short by a crash is due again once the lease runs out.
 * The receiver deduplicates by event id (`webhook-<provider>-<id>`).
 */
export function createWebhookSender(options: {
  sql: Sql;
  url: string;
  secret: string;
  now: () => Date;
  logger: Logger;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
  /** How long a claimed delivery stays reserved for the process attempting it (default 15 s). */
  leaseMs?: number;
  ready: () => Promise<void>;
}): WebhookSender {
  const { sql, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? STRIPE_LIKE_RETRY_DELAYS_MS;
  const leaseMs = options.leaseMs ?? 15_000;
  const inflight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let stopped = false;
  let prunedAt = 0;

  /** Acknowledged deliveries are kept 30 days (the return route and staff may look), then dropped. */
  async function pruneHourly(): Promise<void> {
    if (Date.now() - prunedAt < 3600_000) return;
    prunedAt = Date.now();
    await sql.query("delete from local_payments.webhook_deliveries where delivered_at < now() - interval '30 days'");
  }

  async function post(eventId: string, body: string): Promise<string | null> {
    try {
      const res = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(options.secret, body, options.now()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return null;
      logger.warn({ eventId, status: res.status }, 'webhook endpoint refused the event');
      return `HTTP ${res.status}`;
    } catch (err) {
      logger.warn({ eventId, err }, 'webhook delivery failed');
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** Claims due rows (all due ones, or one id), posts each and records the outcome. */
  async function attempt(onlyId: string | null): Promise<number> {
    await options.ready();
    const claimed = await sql.query<{ event_id: string; body: string; attempts: number }>(
      `update local_payments.webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + $1::integer * interval '1 millisecond'
       where d.event_id in (
         select event_id from local_payments.webhook_deliveries
         where delivered_at is null and gave_up_at is null and next_attempt_at <= now() and ($2::text is null or event_id = $2)
         order by next_attempt_at limit 20 for update skip locked)
       returning d.event_id, d.body, d.attempts`,
      [leaseMs, onlyId],
    );
    for (const row of claimed.rows) {
      const error = await post(row.event_id, row.body);
      if (error === null) {
        await sql.query('update local_payments.webhook_deliveries set delivered_at = now(), last_error = null where event_id = $1', [row.event_id]);
        continue;
      }
      const delay = delays[Number(row.attempts) - 1];
      if (delay === undefined) logger.error({ eventId: row.event_id, attempts: row.attempts }, 'webhook delivery gave up after retries');
      await sql.query(
        `update local_payments.webhook_deliveries set last_error = $2,
           next_attempt_at = now() + $3::integer * interval '1 millisecond',
           gave_up_at = case when $4::boolean then now() end
         where event_id = $1`,
        [row.event_id, error.slice(0, 500), delay ?? 0, delay === undefined],
      );
    }
    return claimed.rows.length;
  }

  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    return p.finally(() => inflight.delete(p));
  };

  async function pendingCount(): Promise<number> {
    await options.ready();
    const r = await sql.query<{ n: number | string }>(
      'select count(*) as n from local_payments.webhook_deliveries where delivered_at is null and gave_up_at is null',
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  return {
    async record(tx, event) {
      await tx.query('insert into local_payments.webhook_deliveries (event_id, type, object_id, body) values ($1, $2, $3, $4)', [
        event.id,
        event.type,
        event.objectId,
        event.body,
      ]);
    },
    async deliver(eventIds) {
      // The rows are committed: if this first attempt cannot even start, the poller sends them later.
      let claimedElsewhere = false;
      for (const id of eventIds) {
        const sent = await track(attempt(id)).catch(
          (err: unknown) => (logger.warn({ err, eventId: id }, 'first webhook attempt failed to start; left to the poller'), 1),
        );
        if (sent === 0) claimedElsewhere = true;
      }
      // A poll running meanwhile may have claimed some of them: they are sent once it finishes, and
      // the caller (the page that charged, the billing tick) answers after that, as with its own.
      if (claimedElsewhere) await Promise.allSettled([...inflight]);
    },
    deliverDue: () => track(attempt(null)),
    async completedSessionEvent(sessionId) {
      await options.ready();
      const r = await sql.query<{ body: string }>(
        "select body from local_payments.webhook_deliveries where object_id = $1 and type = 'checkout.session.completed' limit 1",
        [sessionId],
      );
      return r.rows[0]?.body ?? null;
    },
    async unacknowledgedCompletions(olderThanMs) {
      await options.ready();
      const r = await sql.query<{ object_id: string }>(
        `select object_id from local_payments.webhook_deliveries
         where type = 'checkout.session.completed' and delivered_at is null and created_at <= now() - $1::integer * interval '1 millisecond'
           and created_at > now() - interval '4 days'
         order by created_at limit 100`,
        [olderThanMs],
      );
      return r.rows.map((row) => row.object_id);
    },
    async idle() {
      for (;;) {
        await Promise.allSettled([...inflight]);
        if ((await pendingCount()) === 0) return;
        if ((await track(attempt(null))) === 0) await new Promise((r) => setTimeout(r, 20));
      }
    },
    start(pollMs) {
      if (timer || stopped) return;
      timer = setInterval(() => {
        if (polling) return;
        polling = true;
        track(attempt(null).then(async (n) => (await pruneHourly(), n)))
          .catch((err: unknown) => logger.warn({ err }, 'webhook delivery poll failed'))
          .finally(() => (polling = false));
      }, pollMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
