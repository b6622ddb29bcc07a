import { currentWinner, drawStreamId, prizeDecider } from '@roar/domain';
import { DomainError, handleCommand } from '@roar/platform';
import { listPrizes } from '@roar/projections';
import type { AppContext } from '../context';
import { unclaimedRedrawMonths } from '../compliance/rules';
import { systemCommandContext } from '../kernel/context';
import { startBillingClock } from '../payments';
import { loadPrize } from './lifecycle';

/**
 * Marks unclaimed every prize whose winner's claim period ended at `at` without a claim
 * (MarkUnclaimed -> PrizeUnclaimed, redrawOn = the draw's date + the compliance rule's months).
 * The read model only finds the drawn prizes; each is decided on its own stream, and the decider
 * returns nothing for a winner already claimed, declined or marked: the sweep is idempotent.
 * Returns how many prizes it marked.
 */
export async function sweepUnclaimedPrizes(app: AppContext, at: Date): Promise<number> {
  const drawn = (await listPrizes(app.sql)).filter((row) => row.draw.status === 'drawn');
  if (drawn.length === 0) return 0;
  let marked = 0;
  let redrawMonths: number | null = null;
  for (const row of drawn) {
    const { state } = await loadPrize(app.store, row.prize.id);
    if (state.status === 'absent') continue;
    const current = currentWinner(state.draw);
    if (!current || current.claimBy === null || current.claimedBy !== null || current.outcome !== null) continue;
    if (Date.parse(current.claimBy) >= at.getTime()) continue;
    redrawMonths ??= await unclaimedRedrawMonths(app);
    const ctx = systemCommandContext('unclaimed-prize-sweeper', `unclaimed:${row.prize.id}:${current.k}`, at);
    try {
      const outcome = await handleCommand(
        app.store,
        app.registry,
        drawStreamId(row.prize.id),
        prizeDecider,
        { type: 'MarkUnclaimed', now: at.toISOString(), redrawMonths },
        ctx,
      );
      if (outcome.appended) marked += 1;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      app.logger.warn({ err, prizeId: row.prize.id }, 'prize not marked unclaimed');
    }
  }
  if (marked > 0) await app.projections.waitFor(await app.store.headPosition(), app.config.PROJECTION_WAIT_MS);
  return marked;
}

/** Every minute in the worker process (and after each advance of the test clock). Returns a stop function. */
export function startUnclaimedPrizeSweeper(app: AppContext, intervalMs = 60_000): () => void {
  app.testClock?.onAdvance((now) => sweepUnclaimedPrizes(app, now));
  return startBillingClock(
    () => sweepUnclaimedPrizes(app, app.now()),
    intervalMs,
    (err) => app.logger.error({ err }, 'unclaimed prize sweep failed'),
  );
}
