import type { Logger, Sql } from '@roar/platform';
import { runWithRetry } from './run';
import {
  failedJobId,
  parseFailedJobId,
  QUEUE_NAMES,
  type FailedJob,
  type JobBackend,
  type JobHandler,
  type QueueName,
  type RetryPolicy,
} from './types';

interface FailedRow {
  id: string;
  queue: string;
  job_id: string;
  data: unknown;
  error: string;
  attempts: number;
  failed_at: unknown;
}

/**
 * The embedded default, without Redis: `enqueue` runs the handler here and resolves once the job
 * has succeeded or has been recorded in `jobs.failed_jobs`. A reactor awaits it before moving its
 * checkpoint, so a crash mid-job replays the event on restart (at-least-once; the sent-log and
 * completed_jobs absorb the repeat). Nothing is lost, only the queue (and its parallelism) is missing.
 */
export function createInProcessBackend(sql: Sql, handlers: ReadonlyMap<QueueName, JobHandler>, policy: RetryPolicy, logger: Logger): JobBackend {
  const running = new Set<Promise<unknown>>();

  async function execute(queue: QueueName, jobId: string, data: unknown): Promise<void> {
    const handler = handlers.get(queue);
    if (!handler) throw new Error(`no handler for queue ${queue}`);
    const outcome = await runWithRetry(handler, jobId, data, policy, logger);
    if (outcome.ok) {
      await sql.query('insert into jobs.completed_jobs (queue, job_id) values ($1, $2) on conflict do nothing', [queue, jobId]);
      return;
    }
    logger.error({ queue, jobId, attempts: outcome.attempts, err: outcome.error }, 'job failed for good; kept in jobs.failed_jobs');
    await sql.query(
      `insert into jobs.failed_jobs (id, queue, job_id, data, error, attempts) values ($1, $2, $3, $4::jsonb, $5, $6)
       on conflict (id) do update set data = excluded.data, error = excluded.error, attempts = excluded.attempts, failed_at = now()`,
      [failedJobId(queue, jobId), queue, jobId, JSON.stringify(data ?? null), outcome.error, outcome.attempts],
    );
  }

  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    return p.finally(() => running.delete(p));
  };

  return {
    mode: 'in-process',
    enqueue: (queue, jobId, data) =>
      track(
        (async () => {
          // Same effect as BullMQ's jobId: a job already done, or already failed, is not run again.
          const seen = await sql.query(
            `select 1 from jobs.completed_jobs where queue = $1 and job_id = $2
             union all select 1 from jobs.failed_jobs where id = $3`,
            [queue, jobId, failedJobId(queue, jobId)],
          );
          if (seen.rows.length > 0) return;
          await execute(queue, jobId, data);
        })(),
      ),
    startWorkers: async () => undefined,
    async listFailed(): Promise<FailedJob[]> {
      const r = await sql.query<FailedRow>(
        'select id, queue, job_id, data, error, attempts, failed_at from jobs.failed_jobs order by failed_at desc, id',
      );
      return r.rows
        .filter((row) => (QUEUE_NAMES as readonly string[]).includes(row.queue))
        .map((row) => ({
          id: row.id,
          queue: row.queue as QueueName,
          jobId: row.job_id,
          data: row.data,
          error: row.error,
          attempts: Number(row.attempts),
          failedAt: new Date(row.failed_at instanceof Date ? row.failed_at : String(row.failed_at)).toISOString(),
        }));
    },
    async retryFailed(id: string): Promise<boolean> {
      const key = parseFailedJobId(id);
      if (!key) return false;
      // Deleting first claims the retry: two staff pressing Retry together run it once.
      const r = await sql.query<{ data: unknown }>('delete from jobs.failed_jobs where id = $1 returning data', [id]);
      const row = r.rows[0];
      if (!row) return false;
      await track(execute(key.queue, key.jobId, row.data));
      return true;
    },
    ping: async () => undefined,
    async stop() {
      await Promise.allSettled([...running]);
    },
  };
}
