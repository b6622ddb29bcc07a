import { migrateExclusively, type Sql } from '@roar/platform';

/**
 * Tables of the side-effect machinery, in their own schema so they never mix with read models:
 * - reactor_checkpoints: how far each reactor has turned events into jobs;
 * - failed_jobs: jobs that used up their attempts when no Redis is configured (BullMQ keeps its
 *   own failed set otherwise);
 * - completed_jobs: job ids already done in-process, so a duplicate enqueue is absorbed as BullMQ
 *   absorbs a duplicate jobId;
 * - sent_log: one row per email ever handed to the mail transport (at least once, see sent-log.ts).
 */
export const JOBS_SCHEMA_SQL = `
create schema if not exists jobs;
create table if not exists jobs.reactor_checkpoints (
  reactor text primary key,
  position text not null,
  updated_at timestamptz not null default now()
);
create table if not exists jobs.failed_jobs (
  id text primary key,
  queue text not null,
  job_id text not null,
  data jsonb not null,
  error text not null,
  attempts integer not null,
  failed_at timestamptz not null default now()
);
create table if not exists jobs.completed_jobs (
  queue text not null,
  job_id text not null,
  completed_at timestamptz not null default now(),
  primary key (queue, job_id)
);
create table if not exists jobs.sent_log (
  idempotency_key text primary key,
  recipients text not null,
  subject text not null,
  status text not null check (status in ('sending', 'sent')),
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);
-- How many runs claimed the email: above 1 means a worker died mid-send and it went out again.
alter table jobs.sent_log add column if not exists claims integer not null default 1;
`;

export async function migrateJobs(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(JOBS_SCHEMA_SQL);
  });
}
