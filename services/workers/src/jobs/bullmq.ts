import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from '@roar/platform';
import { closeRedis, openRedis, waitReady, within } from './redis';
import { runJob } from './run';
import {
  failedJobId,
  parseFailedJobId,
  PermanentJobError,
  type FailedJob,
  type JobBackend,
  type JobHandler,
  type QueueName,
  type RetryPolicy,
} from './types';

export interface BullMqBackendOptions {
  readonly redisUrl: string;
  /** Namespaces every key, so tests (or two deployments) can share one Redis. */
  readonly prefix: string;
  readonly handlers: ReadonlyMap<QueueName, JobHandler>;
  readonly policy: RetryPolicy;
  readonly logger: Logger;
  readonly callTimeoutMs: number;
  readonly concurrency?: number;
  /** Lock duration and stalled-check interval: how soon a job whose worker died runs again. */
  readonly stalledJobMs?: number;
}

/**
 * BullMQ refuses custom ids holding ':' or made only of digits, while ours are `<eventId>:<job>`.
 * The BullMQ id is a reversible escape of ours; the job's name keeps our id as it was given.
 */
export function toBullJobId(jobId: string): string {
  const escaped = jobId.replaceAll('%', '%25').replaceAll(':', '%3A');
  return /^\d+$/.test(escaped) ? `%N${escaped}` : escaped;
}

// Completed jobs are kept a week so that a duplicate enqueue (same jobId) is absorbed; failed
// jobs are kept until staff retry them.
const KEEP_COMPLETED = { age: 7 * 24 * 3600, count: 50_000 };
/**
 * Mail jobs carry addresses (issue 24): their data must not outlive the send, so a completed one is
 * removed at once. A duplicate enqueue then runs again and finds the email sent in the sent-log (one
 * Message-ID, nothing sent twice); an erasure run again deletes an already deleted key.
 */
const REMOVED_ON_COMPLETE: ReadonlySet<QueueName> = new Set<QueueName>(['email', 'erasure']);

export function createBullMqBackend(options: BullMqBackendOptions): JobBackend {
  const { policy, logger, callTimeoutMs, prefix } = options;
  const producer = openRedis(options.redisUrl, 'producer', callTimeoutMs, logger);
  let workerConnection: ReturnType<typeof openRedis> | null = null;
  const workers: Worker[] = [];
  const queues = new Map<QueueName, Queue>();
  for (const queue of options.handlers.keys()) {
    const q = new Queue(queue, {
      connection: producer,
      prefix,
      defaultJobOptions: {
        attempts: policy.attempts,
        backoff: { type: 'exponential', delay: policy.backoffMs },
        removeOnComplete: REMOVED_ON_COMPLETE.has(queue) ? true : KEEP_COMPLETED,
        removeOnFail: false,
      },
    });
    q.on('error', (err: Error) => logger.debug({ err: err.message, queue }, 'queue connection error'));
    queues.set(queue, q);
  }
  const queueOf = (name: QueueName): Queue => {
    const q = queues.get(name);
    if (!q) throw new Error(`no queue ${name}`);
    return q;
  };

  async function process(handler: JobHandler, job: Job): Promise<void> {
    try {
      await runJob(handler, job.name, job.data, job.attemptsMade + 1, logger);
    } catch (error) {
      // BullMQ skips the remaining attempts for an UnrecoverableError and moves the job to failed.
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  return {
    mode: 'bullmq',
    async enqueue(queue, jobId, data) {
      const q = queueOf(queue);
      await waitReady(producer, callTimeoutMs);
      // A job with the same id already waiting, done or failed makes this a no-op.
      await within(`enqueue on ${queue}`, callTimeoutMs, () => q.add(jobId, data, { jobId: toBullJobId(jobId) }));
    },
    async startWorkers() {
      if (workers.length > 0) return;
      workerConnection = openRedis(options.redisUrl, 'worker', callTimeoutMs, logger);
      for (const [queue, handler] of options.handlers) {
        const worker = new Worker(queue, (job: Job) => process(handler, job), {
          connection: workerConnection,
          prefix,
          concurrency: options.concurrency ?? 4,
          // A job whose worker was killed is run again (the email sent-log makes that safe), up to
          // five times, before BullMQ gives up on it as stalled (its default is once).
          maxStalledCount: 5,
          ...(options.stalledJobMs ? { lockDuration: options.stalledJobMs, stalledInterval: options.stalledJobMs } : {}),
        });
        worker.on('error', (err: Error) => logger.debug({ err: err.message, queue }, 'worker connection error'));
        worker.on('failed', (job: Job | undefined, err: Error) => {
          if (!job) return;
          const final = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
          logger[final ? 'error' : 'warn'](
            { queue, jobId: job.name, attempt: job.attemptsMade, err: err.message },
            final ? 'job failed for good; kept in the failed set' : 'job attempt failed; will retry',
          );
        });
        workers.push(worker);
      }
    },
    async listFailed(): Promise<FailedJob[]> {
      await waitReady(producer, callTimeoutMs);
      const all: FailedJob[] = [];
      for (const [queue, q] of queues) {
        const jobs = await within(`list failed ${queue}`, callTimeoutMs, () => q.getFailed(0, 999));
        for (const job of jobs) {
          all.push({
            id: failedJobId(queue, job.name),
            queue,
            jobId: job.name,
            data: job.data,
            error: job.failedReason,
            attempts: job.attemptsMade,
            failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
          });
        }
      }
      return all.sort((a, b) => b.failedAt.localeCompare(a.failedAt) || a.id.localeCompare(b.id));
    },
    async retryFailed(id: string): Promise<boolean> {
      const key = parseFailedJobId(id);
      if (!key) return false;
      const q = queueOf(key.queue);
      await waitReady(producer, callTimeoutMs);
      return within(`retry ${id}`, callTimeoutMs, async () => {
        const job = await q.getJob(toBullJobId(key.jobId));
        if (!job || (await job.getState()) !== 'failed') return false;
        // Starts over with a full set of attempts, as a fresh job would.
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        return true;
      });
    },
    async ping() {
      await waitReady(producer, callTimeoutMs);
      const answer = await within('Redis ping', callTimeoutMs, () => producer.ping());
      if (answer !== 'PONG') throw new Error(`Redis answered ${answer} to PING`);
    },
    async stop() {
      await Promise.allSettled(workers.map((w) => within('worker close', callTimeoutMs * 2, () => w.close())));
      workers.length = 0;
      await Promise.allSettled([...queues.values()].map((q) => within('queue close', callTimeoutMs, () => q.close())));
      if (workerConnection) await closeRedis(workerConnection, callTimeoutMs);
      await closeRedis(producer, callTimeoutMs);
    },
  };
}
