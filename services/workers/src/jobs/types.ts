import type { z } from 'zod';
import type { Logger } from '@roar/platform';

/** `erasure` (issue 24): the account-deleted email, then the member's key deleted. */
export const QUEUE_NAMES = ['email', 'tracking', 'exports', 'erasure'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** What a reactor asks for: one job on one queue, with an id that makes enqueueing idempotent. */
export interface JobRequest {
  readonly queue: QueueName;
  readonly jobId: string;
  readonly data: unknown;
}

export interface JobContext {
  readonly jobId: string;
  /** 1 for the first run. */
  readonly attempt: number;
  readonly logger: Logger;
}

/** The work behind one queue. The same handler runs under BullMQ and in-process. */
export interface JobHandler<Payload = unknown> {
  readonly queue: QueueName;
  /** Checked when a worker picks the job up: a bad payload fails the job, never the worker. */
  readonly schema: z.ZodType<Payload>;
  run(payload: Payload, ctx: JobContext): Promise<void>;
}

/** A failure that retrying cannot fix (bad payload, rejected credentials): no further attempts. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Redis did not answer in time or could not be reached: callers answer 503. */
export class JobQueueUnavailableError extends Error {
  override readonly name = 'JobQueueUnavailableError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export interface RetryPolicy {
  readonly attempts: number;
  /** Delay before the second attempt; it doubles for each one after. */
  readonly backoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, backoffMs: 1000 };

/** A job that used up its attempts (or failed permanently), as the staff console lists it. */
export interface FailedJob {
  /** `<queue>/<jobId>`: what retryFailed takes. */
  readonly id: string;
  readonly queue: QueueName;
  readonly jobId: string;
  readonly data: unknown;
  readonly error: string;
  readonly attempts: number;
  /** ISO-8601. */
  readonly failedAt: string;
}

export const failedJobId = (queue: QueueName, jobId: string): string => `${queue}/${jobId}`;

export function parseFailedJobId(id: string): { queue: QueueName; jobId: string } | null {
  const slash = id.indexOf('/');
  if (slash < 0) return null;
  const queue = id.slice(0, slash);
  const jobId = id.slice(slash + 1);
  if (!(QUEUE_NAMES as readonly string[]).includes(queue) || jobId === '') return null;
  return { queue: queue as QueueName, jobId };
}

/** The backend that carries jobs: BullMQ over Redis, or the handlers called in this process. */
export interface JobBackend {
  readonly mode: 'bullmq' | 'in-process';
  enqueue(queue: QueueName, jobId: string, data: unknown): Promise<void>;
  startWorkers(): Promise<void>;
  listFailed(): Promise<FailedJob[]>;
  retryFailed(id: string): Promise<boolean>;
  ping(): Promise<void>;
  stop(): Promise<void>;
}
