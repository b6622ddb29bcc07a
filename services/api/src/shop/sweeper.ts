import { DomainError } from '@roar/platform';
import { listExpiredUnpaidOrders } from '@roar/projections';
import type { AppContext } from '../context';
import { systemCommandContext } from '../kernel/context';
import { startBillingClock } from '../payments';
import { cancelUnpaidOrder } from './checkout';

type SweepApp = Pick<AppContext, 'sql' | 'store' | 'registry' | 'logger' | 'now' | 'projections' | 'config'>;

/**
 * Cancels every unpaid order whose reservation expired at `at`: its stock and coupon use go back,
 * the member's cart opens again. Idempotent (an order already paid or cancelled is left alone).
 * Even before it runs, an expired reservation holds nothing: the stock decider lets it go.
 */
export async function sweepExpiredReservations(app: SweepApp, at: Date): Promise<number> {
  const due = await listExpiredUnpaidOrders(app.sql, at);
  let cancelled = 0;
  for (const order of due) {
    try {
      const done = await cancelUnpaidOrder(
        app as AppContext,
        systemCommandContext('shop-reservation-sweeper', `sweep:${order.id}`, at),
        order.id,
        'expired',
      );
      if (done) cancelled += 1;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      app.logger.warn({ err, orderId: order.id }, 'order not cancelled by the sweeper');
    }
  }
  return cancelled;
}

/** Every minute in the worker process (the embedded default's `all` role included). Returns a stop function. */
export function startReservationSweeper(app: SweepApp, intervalMs = 60_000): () => void {
  return startBillingClock(
    () => sweepExpiredReservations(app, app.now()),
    intervalMs,
    (err) => app.logger.error({ err }, 'reservation sweep failed'),
  );
}
