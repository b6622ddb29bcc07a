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

/** Sends one email at most once per job id (the sent-log key). */
export function createEmailHandler(sql: Sql, mailer: Mailer, logger: Logger): JobHandler<EmailJob> {
  const sentLog = createSentLog(sql, logger);
  return {
    queue: 'email',
    schema: emailJobSchema,
    async run(mail, ctx) {
      if (!(await sentLog.claim(ctx.jobId, mail.to, mail.subject))) {
        ctx.logger.info('email already sent for this job; skipped');
        return;
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
