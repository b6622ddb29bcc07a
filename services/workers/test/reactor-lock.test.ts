import { afterAll, describe, expect, it } from 'vitest';
import { comparePositions } from '@roar/platform';
import { requireOrSkip } from '@roar/platform/testing';
import { catalogueNotifications, createJobRuntime, listSentMail, type JobRuntime } from '../src';
import { loadCheckpoint } from '../src/reactors';
import { closedPort, defineAndRevisePrice, openTestEnv, quietLogger, waitFor } from './helpers';

const env = await openTestEnv();
const haveDb = requireOrSkip('PostgreSQL', env !== null);

afterAll(async () => {
  await env?.close();
});

// One reactor, so the advisory-lock count below speaks of it alone (each reactor holds its own lock and session).
const open = (redisUrl?: string): Promise<JobRuntime> =>
  createJobRuntime({ sql: env!.sql, store: env!.store, logger: quietLogger, dataDir: env!.dataDir, mailFrom: 'no-reply@roarplus.local', redisUrl, callTimeoutMs: 1000, reactors: [catalogueNotifications] });

const heldLocks = async (): Promise<number> => {
  const r = await env!.sql.query<{ n: string }>(
    `select count(*)::text as n from pg_locks
     where locktype = 'advisory' and classid = 7321004 and granted
       and database = (select oid from pg_database where datname = current_database())`,
  );
  return Number(r.rows[0]!.n);
};

describe('reactor instances', () => {
  it.runIf(haveDb)('run one at a time on PostgreSQL: a standby takes over when the active one stops', async () => {
    await env!.emptyLog(['jobs.reactor_checkpoints', 'jobs.sent_log', 'jobs.completed_jobs']);
    const active = await open();
    await active.start();
    await waitFor('the lock', async () => (await heldLocks()) === 1);
    const standby = await open();
    await standby.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(await heldLocks()).toBe(1);

    await active.stop();
    await waitFor('the standby to take the lock', async () => (await heldLocks()) === 1, 10_000);
    await defineAndRevisePrice(env!.store, 2100);
    await waitFor('the notice sent by the standby', async () => (await listSentMail(env!.dataDir)).length === 1);
    await standby.stop();
    expect(await heldLocks()).toBe(0);
  });

  it.runIf(haveDb)('do not move their checkpoint while the queue cannot take the jobs', async () => {
    await env!.emptyLog(['jobs.reactor_checkpoints', 'jobs.sent_log', 'jobs.completed_jobs']);
    const runtime = await open(`redis://127.0.0.1:${await closedPort()}`);
    try {
      await runtime.start({ workers: false });
      await defineAndRevisePrice(env!.store, 2300);
      const head = await env!.store.headPosition();
      await new Promise((r) => setTimeout(r, 1500));
      // It may pass the definition (no job), never the price revision whose job Redis refused.
      const checkpoint = await loadCheckpoint(env!.sql, 'catalogue-notifications');
      expect(comparePositions(checkpoint, head)).toBeLessThan(0);
    } finally {
      await runtime.stop();
    }
  });
});
