import { afterAll, describe, expect, it } from 'vitest';
import { comparePositions } from '@roar/platform';
import { requireOrSkip } from '@roar/platform/testing';
import { membershipTierStreamId, SEED_TIERS } from '@roar/domain';
import { catalogueNotifications, createJobRuntime, listSentMail, runReactor, type JobRuntime, type Reactor } from '../src';
import { loadCheckpoint } from '../src/reactors';
import { closedPort, defineAndRevisePrice, event, openTestEnv, quietLogger, waitFor } from './helpers';

const env = await openTestEnv();
const haveDb = requireOrSkip('PostgreSQL', env !== null);

afterAll(async () => {
  await env?.close();
});

// One reactor, so the advisory-lock count below speaks of it alone (each reactor holds its own lock and session).
const open = (redisUrl?: string): Promise<JobRuntime> =>
  createJobRuntime({
    sql: env!.sql,
    store: env!.store,
    logger: quietLogger,
    dataDir: env!.dataDir,
    mailFrom: 'no-reply@roarplus.local',
    redisUrl,
    callTimeoutMs: 1000,
    reactors: [catalogueNotifications],
  });

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

  it.runIf(haveDb)('save the checkpoint they deferred over ignored events once the log is quiet', async () => {
    await env!.emptyLog(['jobs.reactor_checkpoints']);
    const revisions: string[] = [];
    const reactor: Reactor = { name: 'quiet-revisions', handles: ['MembershipTierRevised'], toJobs: (e) => (revisions.push(e.id), []) };
    const context = { store: env!.store, staffMailbox: 'staff@roarplus.local', logger: quietLogger, publicUrl: () => 'http://localhost' };
    const running = runReactor(reactor, {
      sql: env!.sql,
      store: env!.store,
      logger: quietLogger,
      context,
      enqueue: () => Promise.resolve(),
      batchSize: 2,
    });
    try {
      const revision = await defineAndRevisePrice(env!.store, 2500);
      await waitFor('the revision', async () => revisions.includes(revision));
      // Then a busy spell of events it ignores (the other tiers defined), and nothing more.
      for (const tier of [SEED_TIERS[0]!, SEED_TIERS[2]!, SEED_TIERS[3]!]) {
        await env!.store.append(
          membershipTierStreamId(tier.membershipId),
          [event('MembershipTierDefined', { membershipId: tier.membershipId, status: tier.status, fields: tier.fields })],
          'no_stream',
        );
      }
      const head = await env!.store.headPosition();
      await waitFor('the checkpoint at the head', async () => comparePositions(await loadCheckpoint(env!.sql, 'quiet-revisions'), head) === 0);
    } finally {
      await running.stop();
    }
  });
});
