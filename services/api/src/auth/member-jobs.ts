import type { AppContext } from '../context';

/**
 * Fire and log: a request never waits for a job (in-process jobs run before enqueue resolves,
 * which would put an SMTP round trip inside the sign-in). At-least-once: the job id makes a
 * repeated enqueue harmless.
 */
export function enqueueJob(app: Pick<AppContext, 'jobs' | 'logger'>, queue: 'email' | 'tracking', jobId: string, data: unknown): void {
  if (!app.jobs) {
    app.logger.warn({ queue, jobId }, 'no job runtime; job dropped');
    return;
  }
  app.jobs.enqueue(queue, jobId, data).catch((err: unknown) => {
    app.logger.error({ err: err instanceof Error ? err.message : String(err), queue, jobId }, 'could not enqueue job');
  });
}
