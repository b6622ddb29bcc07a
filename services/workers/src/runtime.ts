import { randomBytes } from 'node:crypto';
import type { GiftCardKeys } from '@roar/domain';
import type { EventStore, Logger, PersonalDataKeys, Sql } from '@roar/platform';
import { createBullMqBackend } from './jobs/bullmq';
import { createInProcessBackend } from './jobs/in-process';
import { DEFAULT_RETRY, type FailedJob, type JobBackend, type JobHandler, type QueueName, type RetryPolicy } from './jobs/types';
import { createEmailHandler } from './mail/email-job';
import { createErasureHandler } from './mail/erasure-job';
import { createMyDataExportHandler, type MyDataExporter } from './my-data/export-job';
import { createMailer, type Mailer } from './mail/mailer';
import { DEFAULT_SELLER, type Seller } from './mail/shop-templates';
import { REACTORS, runReactor, type LinkTokens, type Reactor, type RunningReactor } from './reactors';
import { migrateJobs } from './schema';
import { createTrackingHandler, type FacebookConfig } from './tracking/tracking-job';

export interface JobRuntimeOptions {
  sql: Sql;
  store: EventStore;
  logger: Logger;
  /** BullMQ over this Redis; without it the handlers run in this process. */
  redisUrl?: string;
  /** SMTP; without it mail is written under `<dataDir>/mail/`. */
  smtpUrl?: string;
  dataDir: string;
  mailFrom: string;
  /** Where catalogue notices go; default staff@roarplus.local. */
  staffMailbox?: string;
  facebook?: FacebookConfig;
  /** Most milliseconds any call to Redis, SMTP or the Conversions API may take. */
  callTimeoutMs?: number;
  /** Attempts and backoff of every job (default 5 attempts, 1000 ms doubling). Tests shorten it. */
  retry?: RetryPolicy;
  /** BullMQ key prefix (default `roar`); tests use a unique one. */
  queuePrefix?: string;
  /** The absolute origin of links in emails; default http://localhost:3000 (the default PORT). */
  publicUrl?: () => string;
  /** Who sells in the pro shop, named on its tax invoices. */
  seller?: Seller;
  /** The gift card keys (from GIFT_CARD_SECRET): the gift card email opens the sealed code with them. */
  giftCardKeys?: GiftCardKeys;
  /** The api's link tokens (a marker's attest link, a password-reset link): the emails that carry them need them. */
  linkTokens?: LinkTokens;
  /**
   * How long an email claim may stay unconfirmed before another run sends the email again
   * (default: 10 s for the file transport, four call timeouts plus 5 s for SMTP). See sent-log.ts.
   */
  mailClaimLeaseMs?: number;
  /** The mail transport, when not the one smtpUrl/dataDir choose (the kill test slows the file transport). */
  mailer?: Mailer;
  /** BullMQ: how soon a job whose worker died is picked up again (default BullMQ's 30 s). Tests shorten it. */
  stalledJobMs?: number;
  /** Issue 23: builds and stores a member's data zip (the api gives it); without it export jobs fail. */
  myDataExporter?: MyDataExporter;
  /** Issue 24: the member keys; the erasure job deletes a member's key with them (without them it fails, to be retried). */
  personalData?: PersonalDataKeys;
  /** Issue 24: forgets an erased member outside the log (the api gives it); the erasure job calls it before deleting the key. */
  forgetOutsideTheLog?: (memberId: string, address: string | null, names: readonly string[]) => Promise<void>;
  /** Which reactors run on start (default REACTORS). */
  reactors?: readonly Reactor[];
}

export interface JobRuntime {
  readonly mode: 'bullmq' | 'in-process';
  /** Starts the reactors and/or the workers of this process (both by default). */
  start(opts?: { reactors?: boolean; workers?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Rejects within the call timeout when Redis does not answer; resolves at once in-process. */
  ping(): Promise<void>;
  /** Idempotent on `jobId`. In-process it resolves once the job succeeded or was recorded as failed. */
  enqueue(queue: QueueName, jobId: string, data: unknown): Promise<void>;
  listFailed(): Promise<FailedJob[]>;
  /** Re-runs a failed job (id from listFailed) with a fresh set of attempts; false when no such failed job. */
  retryFailed(id: string): Promise<boolean>;
}

export const DEFAULT_STAFF_MAILBOX = 'staff@roarplus.local';

export async function createJobRuntime(options: JobRuntimeOptions): Promise<JobRuntime> {
  const { sql, store, logger } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 5000;
  const policy = options.retry ?? DEFAULT_RETRY;
  await migrateJobs(sql);
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: options.smtpUrl, dataDir: options.dataDir, from: options.mailFrom, timeoutMs: callTimeoutMs });
  const claimLeaseMs = options.mailClaimLeaseMs ?? (mailer.kind === 'file' ? 10_000 : callTimeoutMs * 4 + 5_000);
  const handlers = new Map<QueueName, JobHandler>([
    ['email', createEmailHandler(sql, mailer, logger, claimLeaseMs) as JobHandler],
    [
      'erasure',
      createErasureHandler({
        sql,
        store,
        mailer,
        logger,
        claimLeaseMs,
        ...(options.personalData ? { personalData: options.personalData } : {}),
        ...(options.forgetOutsideTheLog ? { forgetOutsideTheLog: options.forgetOutsideTheLog } : {}),
      }) as JobHandler,
    ],
    ['tracking', createTrackingHandler(options.facebook, callTimeoutMs) as JobHandler],
    ['exports', createMyDataExportHandler(options.myDataExporter) as JobHandler],
  ]);
  const backend: JobBackend = options.redisUrl
    ? createBullMqBackend({
        redisUrl: options.redisUrl,
        prefix: options.queuePrefix ?? 'roar',
        handlers,
        policy,
        logger,
        callTimeoutMs,
        ...(options.stalledJobMs ? { stalledJobMs: options.stalledJobMs } : {}),
      })
    : createInProcessBackend(sql, handlers, policy, logger);
  logger.info({ mode: backend.mode, mail: mailer.kind, tracking: options.facebook ? 'conversions-api' : 'log' }, 'job runtime ready');

  const running: RunningReactor[] = [];
  const context = {
    store,
    staffMailbox: options.staffMailbox ?? DEFAULT_STAFF_MAILBOX,
    logger,
    publicUrl: options.publicUrl ?? (() => 'http://localhost:3000'),
    seller: options.seller ?? DEFAULT_SELLER,
    ...(options.giftCardKeys ? { giftCardKeys: options.giftCardKeys } : {}),
    ...(options.linkTokens ? { linkTokens: options.linkTokens } : {}),
  };
  let started = false;

  return {
    mode: backend.mode,
    async start(opts = {}) {
      if (started) return;
      started = true;
      if (opts.workers ?? true) await backend.startWorkers();
      if (opts.reactors ?? true) {
        for (const reactor of options.reactors ?? REACTORS) {
          running.push(runReactor(reactor, { sql, store, logger, context, enqueue: (job) => backend.enqueue(job.queue, job.jobId, job.data) }));
        }
      }
    },
    async stop() {
      // Reactors first, so nothing new is enqueued while the backend drains.
      await Promise.allSettled(running.map((r) => r.stop()));
      running.length = 0;
      await backend.stop();
      mailer.close();
      started = false;
    },
    ping: () => backend.ping(),
    enqueue: (queue, jobId, data) => backend.enqueue(queue, jobId, data),
    listFailed: () => backend.listFailed(),
    retryFailed: (id) => backend.retryFailed(id),
  };
}

/** A BullMQ prefix unique to one test run, so suites sharing a Redis never see each other's jobs. */
export const uniqueQueuePrefix = (label = 'test'): string => `roar-${label}-${randomBytes(4).toString('hex')}`;
