import type { AppContext } from '../context';

/**
 * The one job a route still enqueues itself: the ad platform's `login` event. A sign-in is not a
 * business fact here (nothing of it goes to the event log: member-auth.test.ts), so no reactor
 * sees it; the job is queued once the session exists, fire and log, and a crash in between loses
 * only that ping. Every email and every other tracking job comes from an event
 * (docs/decisions/side-effects-from-events.md). At-least-once: the job id makes a repeat harmless.
 */
export function enqueueLoginTracking(app: Pick<AppContext, 'jobs' | 'logger'>, jobId: string, data: unknown): void {
  if (!app.jobs) {
    app.logger.warn({ queue: 'tracking', jobId }, 'no job runtime; job dropped');
    return;
  }
  app.jobs.enqueue('tracking', jobId, data).catch((err: unknown) => {
    app.logger.error({ err: err instanceof Error ? err.message : String(err), queue: 'tracking', jobId }, 'could not enqueue job');
  });
}
