import { z } from 'zod';
import type { Logger, Sql } from '@roar/platform';
import type { JobHandler } from '../jobs/types';
import type { Mailer } from './mailer';
import { createSentLog } from './sent-log';

export const emailJobSchema = z
  .object({
    to: z.array(z.email()).min(1).max(50),
    subject: z.string().min(1).max(300),
    text: z.string().max(100_000),
    html: z.string().max(200_000),
  })
  .strict();
export type EmailJob = z.infer<typeof emailJobSchema>;

/** How often a run looks again at another run's live claim. */
const BUSY_POLL_MS = 250;

/**
 * Delivery guarantee: every email a job asks for is sent AT LEAST ONCE, with one Message-ID per
 * job. A worker killed between handing the message to the transport and recording it leaves a
 * claim that expires after `claimLeaseMs`; the job's next run (BullMQ's stalled-job recovery, or
 * the in-process reactor replaying from its checkpoint) sends it again. A repeat over SMTP carries
 * the same Message-ID, so mail clients and staff can recognise it; the `.eml` file transport
 * writes the same file again, so there it is exactly once. See sent-log.ts.
 */
export function createEmailHandler(sql: Sql, mailer: Mailer, logger: Logger, claimLeaseMs: number): JobHandler<EmailJob> {
  const sentLog = createSentLog(sql, logger, claimLeaseMs);
  return {
    queue: 'email',
    schema: emailJobSchema,
    async run(mail, ctx) {
      // A live claim is waited out for at most one lease (plus a poll), then the queue retries the job.
      const giveUpAt = Date.now() + claimLeaseMs + BUSY_POLL_MS;
      for (;;) {
        const claim = await sentLog.claim(ctx.jobId, mail.to, mail.subject);
        if (claim.kind === 'sent') {
          ctx.logger.info('email already sent for this job; skipped');
          return;
        }
        if (claim.kind === 'send') break;
        // Another run holds a live claim: wait for it to confirm or for its lease to run out.
        if (Date.now() >= giveUpAt) throw new Error('email is being sent by another run; retrying later');
        await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(claim.retryInMs + 10, BUSY_POLL_MS))));
      }
      try {
        const { messageId } = await mailer.send(mail, ctx.jobId);
        ctx.logger.info({ messageId, to: mail.to, subject: mail.subject }, 'email sent');
      } catch (error) {
        await sentLog.release(ctx.jobId);
        throw error;
      }
      await sentLog.confirm(ctx.jobId);
    },
  };
}
