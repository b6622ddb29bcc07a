import type { Logger, Sql } from '@roar/platform';

/**
 * At least once, never twice at the same time. An email is claimed in `jobs.sent_log` (unique on
 * the job's idempotency key) before it is handed to the transport, and confirmed after:
 * - a job that runs again after the confirmation (duplicate event, replay) finds 'sent' and skips;
 * - a send that fails cleanly releases the claim, so the next attempt may send;
 * - a claim that is never confirmed (the worker died between claim and confirmation) is a lease:
 *   once `leaseMs` has passed since `claimed_at`, the next run of the job takes it over and sends
 *   again (`claims` counts the takeovers). We cannot know whether the transport took the first
 *   copy, so we would rather send twice than never. Every copy carries the same Message-ID (the
 *   job's), so a repeat is recognisable; the file transport writes the same file again.
 * - a claim younger than the lease belongs to a run that may still be sending: the caller waits
 *   for it to be confirmed or to expire, so two live workers never send the same email at once.
 */
export type Claim = { readonly kind: 'send' } | { readonly kind: 'sent' } | { readonly kind: 'busy'; readonly retryInMs: number };

export interface SentLog {
  claim(key: string, recipients: readonly string[], subject: string): Promise<Claim>;
  confirm(key: string): Promise<void>;
  release(key: string): Promise<void>;
}

export function createSentLog(sql: Sql, logger: Logger, leaseMs: number): SentLog {
  return {
    async claim(key, recipients, subject) {
      const inserted = await sql.query(
        `insert into jobs.sent_log (idempotency_key, recipients, subject, status) values ($1, $2, $3, 'sending')
         on conflict (idempotency_key) do nothing`,
        [key, recipients.join(', '), subject],
      );
      if (inserted.affectedRows === 1) return { kind: 'send' };
      // The database's clock, not ours: workers on several hosts agree on when a lease ran out.
      const taken = await sql.query<{ claims: number }>(
        `update jobs.sent_log set claimed_at = now(), claims = claims + 1
         where idempotency_key = $1 and status = 'sending' and claimed_at < now() - $2::integer * interval '1 millisecond'
         returning claims`,
        [key, leaseMs],
      );
      if (taken.rows[0]) {
        logger.warn({ key, claims: taken.rows[0].claims }, 'email claimed earlier but never confirmed; sending it again (at-least-once)');
        return { kind: 'send' };
      }
      const existing = await sql.query<{ status: string; wait_ms: number | string | null }>(
        `select status, greatest(0, extract(epoch from (claimed_at + $2::integer * interval '1 millisecond' - now())) * 1000)::integer as wait_ms
         from jobs.sent_log where idempotency_key = $1`,
        [key, leaseMs],
      );
      const row = existing.rows[0];
      if (!row || row.status === 'sent') return row ? { kind: 'sent' } : { kind: 'busy', retryInMs: 0 };
      return { kind: 'busy', retryInMs: Number(row.wait_ms ?? 0) };
    },
    async confirm(key) {
      await sql.query(`update jobs.sent_log set status = 'sent', sent_at = now() where idempotency_key = $1`, [key]);
    },
    async release(key) {
      await sql.query(`delete from jobs.sent_log where idempotency_key = $1 and status = 'sending'`, [key]);
    },
  };
}

/** One email the log holds for an address, as a member's own data shows it (issue 23, APP 12). */
export interface SentEmailRow {
  readonly date: string;
  readonly subject: string;
  readonly status: 'sending' | 'sent';
}

/**
 * The emails sent to any of `addresses` (case-insensitive, each recipient of a row compared whole),
 * oldest first. The query module of `jobs.sent_log`: the api reads the log only through this.
 */
export async function listEmailsSentTo(sql: Sql, addresses: readonly string[]): Promise<SentEmailRow[]> {
  const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter((a) => a !== ''))];
  if (wanted.length === 0) return [];
  const { rows } = await sql.query<{ at: Date | string; subject: string; status: 'sending' | 'sent' }>(
    `select coalesce(sent_at, claimed_at) as at, subject, status from jobs.sent_log
     where exists (select 1 from unnest(string_to_array(lower(recipients), ', ')) as r(address) where r.address = any($1::text[]))
     order by coalesce(sent_at, claimed_at), idempotency_key`,
    [wanted],
  );
  return rows.map((r) => ({ date: new Date(r.at).toISOString(), subject: r.subject, status: r.status }));
}
