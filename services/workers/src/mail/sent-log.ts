import type { Logger, Sql } from '@roar/platform';

/**
 * At most once, not exactly once. An email is claimed in `jobs.sent_log` (unique on the job's
 * idempotency key) BEFORE it is handed to the transport, and marked sent after. So:
 * - a job that runs twice (duplicate event, BullMQ stall, in-process replay) finds the claim and
 *   does not send again;
 * - a send that fails cleanly releases the claim, so the next attempt may send;
 * - a crash between claim and confirmation leaves the row in status 'sending': we cannot know
 *   whether the server took the message, and we choose not to resend. That email may be lost;
 *   the row stays for staff to see (status 'sending' long after claimed_at).
 */
export interface SentLog {
  /** True when this caller may send; false when the key was already claimed or sent. */
  claim(key: string, recipients: readonly string[], subject: string): Promise<boolean>;
  confirm(key: string): Promise<void>;
  release(key: string): Promise<void>;
}

export function createSentLog(sql: Sql, logger: Logger): SentLog {
  return {
    async claim(key, recipients, subject) {
      const r = await sql.query(
        `insert into jobs.sent_log (idempotency_key, recipients, subject, status) values ($1, $2, $3, 'sending')
         on conflict (idempotency_key) do nothing`,
        [key, recipients.join(', '), subject],
      );
      if (r.affectedRows === 1) return true;
      const existing = await sql.query<{ status: string }>('select status from jobs.sent_log where idempotency_key = $1', [key]);
      if (existing.rows[0]?.status === 'sending') {
        logger.warn({ key }, 'email claimed earlier but never confirmed; not resending (at-most-once)');
      }
      return false;
    },
    async confirm(key) {
      await sql.query(`update jobs.sent_log set status = 'sent', sent_at = now() where idempotency_key = $1`, [key]);
    },
    async release(key) {
      await sql.query(`delete from jobs.sent_log where idempotency_key = $1 and status = 'sending'`, [key]);
    },
  };
}
