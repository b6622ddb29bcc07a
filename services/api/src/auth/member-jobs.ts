import type { AppContext } from '../context';

type Enqueue = (queue: 'email' | 'tracking', jobId: string, data: unknown) => Promise<void>;

/**
 * Fire and log: a request never waits for a job (in-process jobs run before enqueue resolves,
 * which would put an SMTP round trip inside the sign-in). `JobsPort` does not declare `enqueue`
 * yet, so it is found on the runtime object (the JobRuntime has it) rather than typed.
 */
export function enqueueJob(app: Pick<AppContext, 'jobs' | 'logger'>, queue: 'email' | 'tracking', jobId: string, data: unknown): void {
  const jobs: object | null = app.jobs;
  const enqueue = jobs && 'enqueue' in jobs && typeof jobs.enqueue === 'function' ? (jobs.enqueue as Enqueue).bind(jobs) : null;
  if (!enqueue) {
    app.logger.warn({ queue, jobId }, 'no job runtime; job dropped');
    return;
  }
  enqueue(queue, jobId, data).catch((err: unknown) => {
    app.logger.error({ err: err instanceof Error ? err.message : String(err), queue, jobId }, 'could not enqueue job');
  });
}
