import type { Logger } from '@roar/platform';
import { PermanentJobError, type JobHandler, type RetryPolicy } from './types';

/** Parses the payload with the handler's schema, then runs it: the one entry point of a job. */
export async function runJob(handler: JobHandler, jobId: string, data: unknown, attempt: number, logger: Logger): Promise<void> {
  const parsed = handler.schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new PermanentJobError(`invalid ${handler.queue} job payload: ${issues.join('; ')}`);
  }
  await handler.run(parsed.data, { jobId, attempt, logger: logger.child({ queue: handler.queue, jobId, attempt }) });
}

/** Delay before attempt `attempt + 1`, as BullMQ's exponential backoff computes it. */
export const backoffDelay = (policy: RetryPolicy, attemptsMade: number): number => policy.backoffMs * 2 ** (attemptsMade - 1);

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export type RetryOutcome = { ok: true; attempts: number } | { ok: false; attempts: number; error: string };

/**
 * Runs a job in this process with the same policy BullMQ applies: up to `attempts` runs with
 * exponential backoff between them, stopping early on a permanent failure.
 */
export async function runWithRetry(
  handler: JobHandler,
  jobId: string,
  data: unknown,
  policy: RetryPolicy,
  logger: Logger,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<RetryOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runJob(handler, jobId, data, attempt, logger);
      return { ok: true, attempts: attempt };
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      logger.warn({ queue: handler.queue, jobId, attempt, err: errorMessage(error) }, 'job attempt failed');
      if (permanent || attempt >= policy.attempts) return { ok: false, attempts: attempt, error: errorMessage(error) };
      await sleep(backoffDelay(policy, attempt));
    }
  }
}
