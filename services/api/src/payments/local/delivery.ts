import type { Logger } from '@roar/platform';
import { signPayload } from '../signature';

export interface WebhookSender {
  /** First attempt inline; on failure, retries in the background after each delay. */
  send(eventId: string, body: string): Promise<boolean>;
  /** Resolves when no retry is pending (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Delivers signed events the way Stripe does: at least once, retried with backoff until the
 * endpoint answers 2xx. The receiver deduplicates by event id (`webhook-<provider>-<id>`).
 * Retries are held in memory only: a restart drops them, as a local test provider may.
 */
export function createWebhookSender(options: {
  url: string;
  secret: string;
  now: () => Date;
  logger: Logger;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
}): WebhookSender {
  const doFetch = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const pending = new Set<Promise<void>>();
  // Each sleeping retry's timer and wake-up, so stop() ends them at once.
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;

  async function attempt(eventId: string, body: string): Promise<boolean> {
    try {
      const res = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(options.secret, body, options.now()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return true;
      options.logger.warn({ eventId, status: res.status }, 'webhook endpoint refused the event');
    } catch (err) {
      options.logger.warn({ eventId, err }, 'webhook delivery failed');
    }
    return false;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.set(t, resolve);
    });

  function retryLater(eventId: string, body: string): void {
    const run = (async () => {
      for (const delay of delays) {
        await sleep(delay);
        if (stopped) return;
        if (await attempt(eventId, body)) return;
      }
      options.logger.error({ eventId }, 'webhook delivery gave up after retries');
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  return {
    async send(eventId, body) {
      if (await attempt(eventId, body)) return true;
      if (!stopped) retryLater(eventId, body);
      return false;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    stop() {
      stopped = true;
      for (const [t, wake] of timers) {
        clearTimeout(t);
        wake();
      }
      timers.clear();
    },
  };
}
